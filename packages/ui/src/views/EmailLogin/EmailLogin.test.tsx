import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { manualTimers, testPortico } from '../../testing'
import { authTestAdapter, EMAIL } from './authAdapter.testing'

async function open(opts: Parameters<typeof authTestAdapter>[0] = {}) {
  const auth = authTestAdapter(opts)
  const timers = manualTimers()
  const { portico } = testPortico({
    adapters: [auth.adapter],
    timers,
    apiUrl: 'http://127.0.0.1:9',
    fetch: (async () => new Response(JSON.stringify({ count: 0, data: [] }))) as typeof fetch,
  })
  await portico.ready
  render(
    <StrictMode>
      <PorticoContextProvider portico={portico}>
        <ModalRoot inline />
      </PorticoContextProvider>
    </StrictMode>,
  )
  return { ...auth, portico, timers }
}

const step = () => screen.getByTestId('portico-email-login').dataset.step
const otp = () => screen.getByTestId('portico-email-otp-input') as HTMLInputElement
const resend = () => screen.getByTestId('portico-email-resend') as HTMLButtonElement

/** Connect → type the email → submit. */
function submitEmail(email: string) {
  const field = screen.getByRole('textbox', { name: 'Email' })
  fireEvent.change(field, { target: { value: email } })
  fireEvent.submit(screen.getByTestId('portico-connect-email'))
}

describe('EmailLogin in the modal', () => {
  it('email from Connect → "Continue with email" → the code (a wrong one first) → Account; the email is asked for once', async () => {
    const { portico, emails, answers } = await open()
    submitEmail(EMAIL)
    expect(portico.router.$route.get()).toEqual({ view: 'EmailLogin', data: { email: EMAIL } })
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Continue with email')
    await waitFor(() => expect(step()).toBe('verifyOtp'))
    expect(emails).toEqual([EMAIL])
    // Focus moves in an effect after the step's render: waited for, as the step is.
    await waitFor(() => expect(document.activeElement).toBe(otp()))
    expect(resend().textContent).toBe('Resend code in 30 s')

    fireEvent.change(otp(), { target: { value: '000 000' } })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid code'))
    expect(otp().value).toBe('')
    fireEvent.change(otp(), { target: { value: 'Code: 123-456' } })
    await waitFor(() => expect(portico.router.$route.get().view).toBe('Account'))
    expect(answers).toEqual([
      { kind: 'otp', code: '000000' },
      { kind: 'otp', code: '123456' },
    ])
    expect(portico.chain.$account.get().status).toBe('connected')
  })

  it('a new device: "Approve this device" until the link is opened, then the code', async () => {
    const { approveDevice } = await open({ newDevice: true })
    submitEmail(EMAIL)
    await waitFor(() => expect(step()).toBe('verifyDevice'))
    expect(screen.getByText('We emailed a link to me@mail.com. Open it to continue.')).toBeTruthy()
    act(() => approveDevice())
    expect(step()).toBe('verifyOtp')
    // Focus moves in an effect after the step's render: waited for, as the step is.
    await waitFor(() => expect(document.activeElement).toBe(otp()))
  })

  it('Resend code: disabled while counting down, then sends a new code and counts again', async () => {
    const { timers, answers } = await open()
    submitEmail(EMAIL)
    await waitFor(() => expect(step()).toBe('verifyOtp'))
    // The countdown starts once the code step is on screen (not always in the same tick as the step): from 30 s.
    await waitFor(() => expect(resend().textContent).toBe('Resend code in 30 s'))
    act(() => timers.advance(3000))
    expect(resend().textContent).toBe('Resend code in 27 s')
    expect(resend().disabled).toBe(true)
    act(() => timers.advance(27_000))
    expect(resend().textContent).toBe('Resend code')
    fireEvent.click(resend())
    await waitFor(() => expect(resend().textContent).toBe('Resend code in 30 s'))
    expect(answers).toEqual([{ kind: 'resend' }])
  })

  it('"Use another email" gives the login up and goes back to Connect, with no error left there', async () => {
    const { portico, answers } = await open()
    submitEmail(EMAIL)
    await waitFor(() => expect(step()).toBe('verifyOtp'))
    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }))
    expect(portico.router.$route.get().view).toBe('Connect')
    await waitFor(() => expect(answers).toEqual([{ kind: 'cancel' }]))
    await waitFor(() => expect(portico.connection.$connecting.get()).toBeNull())
    expect(portico.connection.$error.get()).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('Back from the code step also gives the login up (once)', async () => {
    const { answers } = await open()
    submitEmail(EMAIL)
    await waitFor(() => expect(step()).toBe('verifyOtp'))
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(answers).toEqual([{ kind: 'cancel' }]))
  })

  it("a sign-in that fails: the frame's text (SPEC §8), Try again asks again", async () => {
    const { emails } = await open({ fail: true })
    submitEmail(EMAIL)
    await waitFor(() => expect(step()).toBe('error'))
    expect(screen.getByRole('alert').textContent).toBe('Unable to load email login dependencyTry again, or use another email.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(emails).toHaveLength(2))
    await waitFor(() => expect(step()).toBe('error'))
  })

  it('an email the rules refuse: "Invalid email. Try again." in the email step, and no call', async () => {
    const { portico, emails } = await open()
    // Pushed directly (Connect's own check would stop most): the view validates again before any call.
    act(() => portico.router.push('EmailLogin', { email: 'me@mail..com' }))
    expect(step()).toBe('idle')
    expect(screen.getByRole('alert').textContent).toBe('Invalid email. Try again.')
    expect(emails).toEqual([])
    fireEvent.change(screen.getByTestId('portico-email-input'), { target: { value: EMAIL } })
    fireEvent.click(screen.getByTestId('portico-email-submit'))
    await waitFor(() => expect(step()).toBe('verifyOtp'))
    expect(emails).toEqual([EMAIL])
  })
})
