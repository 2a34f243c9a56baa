import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { testPortico } from '../../testing'
import { EMAIL, NEW_EMAIL, updateEmailTestAdapter } from './updateEmailAdapter.testing'

/** Signed in with the email connector, the modal open on Account. */
async function open(opts: Parameters<typeof updateEmailTestAdapter>[0] = {}) {
  const auth = updateEmailTestAdapter(opts)
  const { portico } = testPortico({
    adapters: [auth.adapter],
    apiUrl: 'http://127.0.0.1:9',
    fetch: (async () => new Response(JSON.stringify({ count: 0, data: [] }))) as typeof fetch,
  })
  await portico.ready
  await portico.connection.connect('auth')
  render(
    <StrictMode>
      <PorticoContextProvider portico={portico}>
        <ModalRoot inline />
      </PorticoContextProvider>
    </StrictMode>,
  )
  await act(() => portico.modal.open())
  // The Update email row comes with the embedded account flow (a lazy chunk the Account view loads).
  await screen.findByTestId('portico-account-update-email')
  return { ...auth, portico }
}

const view = () => within(screen.getByTestId('portico-update-email'))
const step = () => screen.getByTestId('portico-update-email').dataset.step
const otp = () => screen.getByTestId('portico-email-otp-input') as HTMLInputElement
const submitNewEmail = (email: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: 'New email' }), { target: { value: email } })
  fireEvent.click(screen.getByTestId('portico-update-email-submit'))
}

describe('Account → UpdateEmailWallet', () => {
  it('the email account shows the email, the address beneath, and the Update email row', async () => {
    await open()
    expect(screen.getByTestId('portico-account-address').textContent).toBe(EMAIL)
    expect(screen.getByTestId('portico-account-subtitle').textContent).toBe('0x7099…dc79C8')
    expect(screen.getByTestId('portico-account-update-email')).toBeTruthy()
  })

  it('new email → code to the current address (a wrong one first) → code to the new address → done → Account with the new email', async () => {
    const { calls, portico } = await open()
    fireEvent.click(screen.getByTestId('portico-account-update-email'))
    expect(portico.router.$route.get().view).toBe('UpdateEmailWallet')
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Update email')
    expect(screen.getByTestId('portico-update-email-current').textContent).toContain(EMAIL)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'New email' })))
    submitNewEmail(NEW_EMAIL)
    await waitFor(() => expect(step()).toBe('verifyPrimary'))
    expect(screen.getByText('Confirm your current email')).toBeTruthy()
    expect(screen.getByText(`We emailed a 6-digit code to ${EMAIL}.`)).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(otp()))
    expect(screen.getByTestId('portico-update-email-resend').textContent).toBe('Resend code in 30 s')
    fireEvent.change(otp(), { target: { value: '000000' } })
    await waitFor(() => expect(view().getByRole('alert').textContent).toBe('Invalid code. Try again.'))
    fireEvent.change(otp(), { target: { value: '111 111' } })
    await waitFor(() => expect(step()).toBe('verifySecondary'))
    expect(screen.getByText('Confirm your new email')).toBeTruthy()
    expect(screen.getByText(`We emailed a 6-digit code to ${NEW_EMAIL}.`)).toBeTruthy()
    expect(otp().value).toBe('')
    await waitFor(() => expect(document.activeElement).toBe(otp()))
    fireEvent.change(otp(), { target: { value: '222222' } })
    await waitFor(() => expect(step()).toBe('done'))
    expect(screen.getByText(`You now sign in with ${NEW_EMAIL}.`)).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('portico-update-email-done')))
    fireEvent.click(screen.getByTestId('portico-update-email-done'))
    await waitFor(() => expect(screen.getByTestId('portico-account-address').textContent).toBe(NEW_EMAIL))
    expect(calls).toEqual([`update ${NEW_EMAIL}`, 'primary 000000', 'primary 111111', 'secondary 222222'])
  })

  it.each([
    ['an invalid email', 'new@mail', 'Invalid email. Try again.'],
    ['the current email', EMAIL, 'That is already your email'],
  ])('%s: the alert, no call', async (_name, email, error) => {
    const { calls } = await open()
    fireEvent.click(screen.getByTestId('portico-account-update-email'))
    submitNewEmail(email)
    expect(view().getByRole('alert').textContent).toBe(error)
    expect(screen.getByRole('textbox', { name: 'New email' }).getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])
  })

  it('a refused update: its text with Try again (focused); Use another email goes back to the field, prefilled', async () => {
    const { calls } = await open({ refuse: 'That email is already in use' })
    fireEvent.click(screen.getByTestId('portico-account-update-email'))
    submitNewEmail(NEW_EMAIL)
    await waitFor(() => expect(step()).toBe('error'))
    expect(view().getByRole('alert').textContent).toContain('That email is already in use')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('portico-update-email-retry')))
    fireEvent.click(screen.getByTestId('portico-update-email-retry'))
    await waitFor(() => expect(calls).toHaveLength(2))
    await waitFor(() => expect(step()).toBe('error'))
    fireEvent.click(screen.getByTestId('portico-update-email-change'))
    expect(step()).toBe('idle')
    expect((screen.getByRole('textbox', { name: 'New email' }) as HTMLInputElement).value).toBe(NEW_EMAIL)
  })

  it('Cancel in the email step goes back to Account', async () => {
    const { portico } = await open()
    fireEvent.click(screen.getByTestId('portico-account-update-email'))
    fireEvent.click(screen.getByTestId('portico-update-email-cancel'))
    expect(portico.router.$route.get().view).toBe('Account')
  })

  it('a wallet account shows no Update email row and no subtitle', async () => {
    const { portico } = await open()
    await act(() => portico.connection.disconnect())
    await act(() => portico.connection.connect('io.test.wallet'))
    await act(() => portico.modal.open())
    await waitFor(() => expect(screen.getByTestId('portico-account-address')).toBeTruthy())
    expect(screen.queryByTestId('portico-account-update-email')).toBeNull()
    expect(screen.queryByTestId('portico-account-subtitle')).toBeNull()
  })
})
