/**
 * The email login as a state machine (SPEC §4 "Embedded frame": email connect answers VERIFY_DEVICE,
 * VERIFY_OTP or CONNECT; then device verify, OTP verify, then the user). Store-free and pure: the
 * `useEmailLogin` hook feeds it what the user does and what the auth connector prompts
 * (`connection.$prompt`), and calls the connector; a custom UI may drive it the same way.
 *
 *   idle ──submit(valid email)──▶ sending ──prompt verifyDevice──▶ verifyDevice
 *                                   │                                   │ prompt verifyOtp
 *                                   ├──────────prompt verifyOtp─────────▶ verifyOtp ◀─otpRejected─┐
 *                                   │                                   │ otpSent                 │
 *                                   │                                   ▼                         │
 *                                   └───────────connected────────▶ connected ◀── verifying ───────┘
 *   any active step ──failed──▶ error ──submit──▶ sending;   any active step ──cancelled──▶ idle
 */
import type { ConnectorPrompt } from '../../adapters'
import { INVALID_EMAIL, INVALID_OTP, isInvalidEmailText, isValidEmail, normalizeEmail, OTP_RESEND_COOLDOWN_MS, sanitizeOtp } from './rules'

/**
 * - idle: no login under way (an email to enter, or the last one was invalid or cancelled);
 * - sending: the email went to the auth connector, no step asked yet;
 * - verifyDevice: a link to approve this device was emailed; waiting for it to be opened;
 * - verifyOtp: a 6-digit code was emailed; waiting for it;
 * - verifying: the code was sent, waiting for the answer;
 * - connected: signed in;
 * - error: the login failed (`error` says why); submit again to retry.
 */
export type EmailLoginStep = 'idle' | 'sending' | 'verifyDevice' | 'verifyOtp' | 'verifying' | 'connected' | 'error'

export interface EmailLoginState {
  step: EmailLoginStep
  /** The email signed in with (trimmed once submitted). */
  email: string
  /** The code typed so far: digits only, at most 6. */
  code: string
  /** What went wrong last: an invalid email or code, a refused code, a failed login. */
  error?: string
  /** Time (ms, the instance's clock) from which a new code may be asked for. */
  resendAvailableAt?: number
  /** A new code has been asked for and not answered yet. */
  resending: boolean
}

export type EmailLoginEvent =
  /** The user submits an email. */
  | { type: 'submit'; email: string }
  /** The auth connector's prompt changed (undefined: the step it asked for is done). */
  | { type: 'prompt'; prompt: ConnectorPrompt | undefined; now: number }
  /** The user typed or pasted into the code field. */
  | { type: 'code'; code: string }
  /** The user submitted a code that is not 6 digits. */
  | { type: 'otpInvalid' }
  /** A complete code went to the connector. */
  | { type: 'otpSent' }
  /** The connector refused the code (wrong, expired, too many tries): its text. */
  | { type: 'otpRejected'; error: string }
  | { type: 'resendStarted' }
  | { type: 'resent'; now: number }
  | { type: 'resendFailed'; error: string }
  /** The connect resolved: signed in. */
  | { type: 'connected' }
  /** The connect rejected: its text. */
  | { type: 'failed'; error: string }
  /** The user gave up. */
  | { type: 'cancelled' }

export const initialEmailLoginState = (email = ''): EmailLoginState => ({ step: 'idle', email, code: '', resending: false })

/** Steps during which a login is under way (a connect is pending). */
export const EMAIL_LOGIN_ACTIVE_STEPS: readonly EmailLoginStep[] = ['sending', 'verifyDevice', 'verifyOtp', 'verifying']
export const isEmailLoginActive = (step: EmailLoginStep): boolean => EMAIL_LOGIN_ACTIVE_STEPS.includes(step)

/** The next state; events that do not apply in the current step leave it as it is (the same object). */
export function reduceEmailLogin(state: EmailLoginState, event: EmailLoginEvent): EmailLoginState {
  const active = isEmailLoginActive(state.step)
  switch (event.type) {
    case 'submit': {
      if (active) return state
      const email = normalizeEmail(event.email)
      if (!isValidEmail(email)) return { ...initialEmailLoginState(email), error: INVALID_EMAIL }
      return { ...initialEmailLoginState(email), step: 'sending' }
    }
    case 'prompt': {
      if (!active) return state
      const { prompt } = event
      if (!prompt) {
        // The asked step is done: after the device link the code is on its way; after a code, the answer.
        if (state.step === 'verifyDevice') return { ...state, step: 'sending' }
        if (state.step === 'verifyOtp') return { ...state, step: 'verifying' }
        return state
      }
      if (prompt.kind === 'verifyDevice')
        return state.step === 'verifyDevice' ? state : { ...state, step: 'verifyDevice', error: undefined }
      if (prompt.kind === 'verifyOtp') {
        if (state.step === 'verifyOtp') return state
        // Asked again after a code was sent: that code did not do; a first ask: a code was just emailed.
        if (state.step === 'verifying') return { ...state, step: 'verifyOtp', code: '' }
        return { ...state, step: 'verifyOtp', code: '', error: undefined, resendAvailableAt: event.now + OTP_RESEND_COOLDOWN_MS }
      }
      return state
    }
    case 'code': {
      if (state.step !== 'verifyOtp') return state
      const code = sanitizeOtp(event.code)
      if (code === state.code) return state
      return { ...state, code, error: code ? undefined : state.error }
    }
    case 'otpInvalid':
      return state.step === 'verifyOtp' ? { ...state, error: INVALID_OTP } : state
    case 'otpSent':
      return state.step === 'verifyOtp' ? { ...state, step: 'verifying', error: undefined } : state
    case 'otpRejected':
      return state.step === 'verifying' || state.step === 'verifyOtp'
        ? { ...state, step: 'verifyOtp', code: '', error: event.error }
        : state
    case 'resendStarted':
      return state.step === 'verifyOtp' ? { ...state, resending: true, error: undefined } : state
    case 'resent':
      return active ? { ...state, resending: false, code: '', resendAvailableAt: event.now + OTP_RESEND_COOLDOWN_MS } : state
    case 'resendFailed':
      return active ? { ...state, resending: false, error: event.error } : state
    case 'connected':
      return active ? { ...state, step: 'connected', code: '', error: undefined, resending: false } : state
    case 'failed':
      if (!active) return state
      // The provider refused the address itself: back to the form, in the modal's words, to correct it.
      if (isInvalidEmailText(event.error)) return { ...initialEmailLoginState(state.email), error: INVALID_EMAIL }
      return { ...state, step: 'error', code: '', error: event.error, resending: false }
    case 'cancelled':
      return active ? initialEmailLoginState(state.email) : state
  }
}
