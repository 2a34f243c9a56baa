import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { EmailLoginView, type EmailLoginViewProps } from './EmailLoginView'

const EMAIL = 'me@mail.com'
const view = () => screen.getByTestId('portico-email-login')
const otp = () => screen.getByTestId('portico-email-otp-input') as HTMLInputElement
const resend = () => screen.getByTestId('portico-email-resend') as HTMLButtonElement

describe('EmailLoginView', () => {
  it.each<[string, Partial<EmailLoginViewProps>, string]>([
    ['sending', { step: 'sending' }, 'Signing inSetting up a secure sign-in for me@mail.com.'],
    ['verifyDevice', { step: 'verifyDevice' }, 'Approve this deviceWe emailed a link to me@mail.com. Open it to continue.'],
    ['verifyOtp', { step: 'verifyOtp' }, 'Enter the codeWe emailed a 6-digit code to me@mail.com.'],
    ['connected', { step: 'connected' }, 'Signed inme@mail.com'],
  ])('%s: what it says, politely announced', (_name, props, text) => {
    render(<EmailLoginView step="idle" email={EMAIL} {...props} />)
    expect(view().dataset.step).toBe(props.step)
    expect(screen.getAllByRole('status')[0]!.textContent).toBe(text)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('verifyDevice waits for the link with a spinner and offers another email', () => {
    const onChangeEmail = vi.fn()
    render(<EmailLoginView step="verifyDevice" email={EMAIL} onChangeEmail={onChangeEmail} />)
    expect(screen.getByText('Waiting for approval')).toBeTruthy()
    expect(screen.getAllByTestId('portico-spinner').length).toBeGreaterThan(0)
    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }))
    expect(onChangeEmail).toHaveBeenCalledTimes(1)
  })

  it('the code field: numeric, one-time-code, focused, six boxes showing the digits; typing goes to the hook as is', () => {
    const onCodeChange = vi.fn()
    render(<EmailLoginView step="verifyOtp" email={EMAIL} code="1234" onCodeChange={onCodeChange} />)
    const input = otp()
    expect(input.getAttribute('inputmode')).toBe('numeric')
    expect(input.getAttribute('autocomplete')).toBe('one-time-code')
    expect(input.getAttribute('aria-label')).toBe('6-digit code')
    expect(input.hasAttribute('data-autofocus')).toBe(true)
    expect(document.activeElement).toBe(input)
    expect(input.value).toBe('1234')
    const boxes = [...document.querySelectorAll('[data-testid="portico-email-otp-input"] + div > span')].map((b) => b.textContent)
    expect(boxes).toEqual(['1', '2', '3', '4', '', ''])
    fireEvent.change(input, { target: { value: '123 456' } })
    expect(onCodeChange).toHaveBeenCalledWith('123 456')
  })

  it('a refused code: the error in an alert that describes the field', () => {
    render(<EmailLoginView step="verifyOtp" email={EMAIL} error="Invalid code" />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Invalid code')
    expect(otp().getAttribute('aria-invalid')).toBe('true')
    expect(otp().getAttribute('aria-describedby')).toBe(alert.id)
  })

  it('Enter submits the code', () => {
    const onSubmitCode = vi.fn()
    render(<EmailLoginView step="verifyOtp" email={EMAIL} code="123" onSubmitCode={onSubmitCode} />)
    fireEvent.submit(otp().form!)
    expect(onSubmitCode).toHaveBeenCalledTimes(1)
  })

  it.each<[string, Partial<EmailLoginViewProps>, string, boolean]>([
    ['cooldown', { secondsLeft: 27 }, 'Resend code in 27 s', true],
    ['allowed', { canResend: true }, 'Resend code', false],
    ['on its way', { resending: true }, 'Sending a new code', true],
  ])('resend %s', (_name, props, label, disabled) => {
    const onResend = vi.fn()
    render(<EmailLoginView step="verifyOtp" email={EMAIL} onResend={onResend} {...props} />)
    expect(resend().textContent).toBe(label)
    expect(resend().disabled).toBe(disabled)
    fireEvent.click(resend())
    expect(onResend).toHaveBeenCalledTimes(disabled ? 0 : 1)
  })

  it('verifying: the code stays, read-only, with "Checking the code"; no resend meanwhile', () => {
    render(<EmailLoginView step="verifying" email={EMAIL} code="123456" canResend />)
    expect(otp().readOnly).toBe(true)
    expect(otp().value).toBe('123456')
    expect(screen.getByText('Checking the code')).toBeTruthy()
    expect(resend().disabled).toBe(true)
  })

  it('error: the text in an alert, Try again focused, another email', () => {
    const onRetry = vi.fn()
    render(<EmailLoginView step="error" email={EMAIL} error="Failed to connect" onRetry={onRetry} onChangeEmail={() => {}} />)
    expect(screen.getByRole('alert').textContent).toBe('Failed to connectTry again, or use another email.')
    const retry = screen.getByRole('button', { name: 'Try again' })
    expect(document.activeElement).toBe(retry)
    fireEvent.click(retry)
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Use another email' })).toBeTruthy()
  })

  it('idle: the email field, prefilled and focused; an invalid email’s error in an alert that describes it', () => {
    const onSubmitEmail = vi.fn()
    render(<EmailLoginView step="idle" email="me@mail" error="Invalid email. Try again." onSubmitEmail={onSubmitEmail} />)
    const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement
    expect(input.value).toBe('me@mail')
    expect(document.activeElement).toBe(input)
    expect(screen.getByRole('alert').textContent).toBe('Invalid email. Try again.')
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id)
    fireEvent.change(input, { target: { value: 'me@mail.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onSubmitEmail).toHaveBeenCalledWith('me@mail.com')
  })
})
