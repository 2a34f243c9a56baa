import '../testing'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testPortico } from '../testing'
import { PorticoProvider } from './PorticoProvider'

const legalLinks = () =>
  Array.from(screen.getByTestId('portico-legal-footer').querySelectorAll('a'), (a) => [a.textContent, a.getAttribute('href')])

describe('PorticoProvider', () => {
  it("takes the legal footer's links from the instance options", async () => {
    const { portico } = testPortico({ termsConditionsUrl: 'https://my.app/terms', privacyPolicyUrl: 'https://my.app/privacy' })
    render(<PorticoProvider portico={portico} autoReconnect={false} />)
    await act(() => portico.modal.open())
    await screen.findByRole('dialog', {}, { timeout: 10_000 })
    expect(legalLinks()).toEqual([
      ['Terms of Service', 'https://my.app/terms'],
      ['Privacy Policy', 'https://my.app/privacy'],
    ])
  })

  it('provider props win over the options', async () => {
    const { portico } = testPortico({ termsConditionsUrl: 'https://my.app/terms', privacyPolicyUrl: 'https://my.app/privacy' })
    render(<PorticoProvider portico={portico} autoReconnect={false} termsConditionsUrl="https://other.app/tos" />)
    await act(() => portico.modal.open())
    await screen.findByRole('dialog', {}, { timeout: 10_000 })
    expect(legalLinks()).toEqual([
      ['Terms of Service', 'https://other.app/tos'],
      ['Privacy Policy', 'https://my.app/privacy'],
    ])
  })
})
