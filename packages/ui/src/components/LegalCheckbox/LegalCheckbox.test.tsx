import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { LegalCheckbox } from './LegalCheckbox'

const TERMS = 'https://my.app/terms'
const PRIVACY = 'https://my.app/privacy'

function Controlled({ onChange }: { onChange?: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(false)
  return (
    <LegalCheckbox
      checked={checked}
      onChange={(c) => {
        setChecked(c)
        onChange?.(c)
      }}
      termsConditionsUrl={TERMS}
      privacyPolicyUrl={PRIVACY}
    />
  )
}

const box = () => screen.getByRole('checkbox', { name: 'I agree to our Terms of Service and Privacy Policy' }) as HTMLInputElement

describe('LegalCheckbox', () => {
  it('is a real checkbox named by its sentence, with both links opening in a new tab', () => {
    render(<LegalCheckbox checked={false} termsConditionsUrl={TERMS} privacyPolicyUrl={PRIVACY} />)
    expect(box().type).toBe('checkbox')
    expect(box().checked).toBe(false)
    expect(screen.getByTestId('portico-legal-checkbox').textContent).toBe('I agree to our Terms of Service and Privacy Policy')
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(TERMS)
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(PRIVACY)
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('target')).toBe('_blank')
  })

  it.each([
    [{ termsConditionsUrl: TERMS }, 'I agree to our Terms of Service', ['Terms of Service']],
    [{ privacyPolicyUrl: PRIVACY }, 'I agree to our Privacy Policy', ['Privacy Policy']],
  ])('names only the links it has (%j)', (links, text, names) => {
    render(<LegalCheckbox checked={false} {...links} />)
    expect(screen.getByTestId('portico-legal-checkbox').textContent).toBe(text)
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(names)
  })

  it('a click on the sentence checks it, a second unchecks it', async () => {
    const seen: boolean[] = []
    render(<Controlled onChange={(c) => seen.push(c)} />)
    const user = userEvent.setup()
    await user.click(screen.getByText(/I agree to our/))
    expect(box().checked).toBe(true)
    await user.click(box())
    expect(box().checked).toBe(false)
    expect(seen).toEqual([true, false])
  })

  it('keyboard: Tab reaches the checkbox, Space toggles it', async () => {
    render(<Controlled />)
    const user = userEvent.setup()
    await user.tab()
    expect(document.activeElement).toBe(box())
    await user.keyboard(' ')
    expect(box().checked).toBe(true)
  })

  it('following a link does not toggle the checkbox', () => {
    const seen: boolean[] = []
    render(<Controlled onChange={(c) => seen.push(c)} />)
    const link = screen.getByRole('link', { name: 'Terms of Service' })
    // jsdom does not navigate; stop the default so the test stays on the page either way.
    link.addEventListener('click', (e) => e.preventDefault())
    fireEvent.click(link)
    expect(box().checked).toBe(false)
    expect(seen).toEqual([])
  })
})
