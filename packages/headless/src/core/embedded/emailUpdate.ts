/**
 * The email update as a state machine (SPEC §4 "Embedded frame": the email update answers
 * VERIFY_PRIMARY_OTP — a code to the current address — then VERIFY_SECONDARY_OTP — a code to the new
 * one — whose confirmation returns newEmail). Store-free and pure: `useUpdateEmail` feeds it what the
 * user does and what the auth connector answers (`connection.updateEmail` / `confirmEmailUpdate`); a
 * custom UI may drive it the same way.
 *
 *   idle ──submit(valid, new email)──▶ sending ──sent──▶ verifyPrimary ──otpSent──▶ verifying(primary)
 *                                        │                    ▲                         │ primaryConfirmed
 *                                        │ failed             └──────otpRejected────────┤
 *                                        ▼                                              ▼
 *                                      error ──submit──▶ sending         verifySecondary ──otpSent──▶ verifying(secondary) ──done──▶ done
 *   any active step ──cancelled──▶ idle
 *
 * Resend: the auth service mails the new address's code only once the current one is confirmed, so a
 * resend in either code step starts the update over (a new code to the current address, verifyPrimary).
 */
import type { EmailUpdateAction, EmailUpdateOtpStep } from '../../adapters'
import { INVALID_EMAIL, INVALID_OTP, isValidEmail, normalizeEmail, OTP_RESEND_COOLDOWN_MS, SAME_EMAIL, sanitizeOtp } from './rules'

export { SAME_EMAIL }

/**
 * - idle: the new email to enter (or the last one was invalid, the same, or the update was cancelled);
 * - sending: the new email went to the auth connector; a code to the current address is on its way;
 * - verifyPrimary: a code was mailed to the current address; waiting for it;
 * - verifySecondary: the current address is confirmed, a code was mailed to the new one; waiting for it;
 * - verifying: a code was sent (`stage` says which), waiting for the answer;
 * - done: the email changed to `newEmail`;
 * - error: the update could not start (`error` says why); submit again to retry.
 */
export type EmailUpdateStep = 'idle' | 'sending' | 'verifyPrimary' | 'verifySecondary' | 'verifying' | 'done' | 'error'

export interface EmailUpdateState {
  step: EmailUpdateStep
  /** The email to change to (trimmed once submitted). */
  newEmail: string
  /** The code typed so far: digits only, at most 6. */
  code: string
  /** Which address the code of the current (or last) code step went to. */
  stage?: EmailUpdateOtpStep
  /** What went wrong last. */
  error?: string
  /** Time (ms, the instance's clock) from which a new code may be asked for. */
  resendAvailableAt?: number
  /** A new code has been asked for and not answered yet. */
  resending: boolean
}

export type EmailUpdateEvent =
  /** The user submits the new email; `currentEmail` is the account's email now. */
  | { type: 'submit'; email: string; currentEmail?: string }
  /** The connector started the update and asks for `action`'s code. */
  | { type: 'sent'; action: EmailUpdateAction; now: number }
  /** The user typed or pasted into the code field. */
  | { type: 'code'; code: string }
  /** The user submitted a code that is not 6 digits. */
  | { type: 'otpInvalid' }
  /** A complete code went to the connector. */
  | { type: 'otpSent' }
  /** The connector refused the code (wrong, expired, too many tries): its text. */
  | { type: 'otpRejected'; error: string }
  /** The current address is confirmed; a code went to the new one. */
  | { type: 'primaryConfirmed'; now: number }
  /** The new address is confirmed: the email is `newEmail`. */
  | { type: 'done'; newEmail: string }
  | { type: 'resendStarted' }
  /** The update started over: a new code to the current address. */
  | { type: 'resent'; now: number }
  | { type: 'resendFailed'; error: string }
  /** The update could not start: its text. */
  | { type: 'failed'; error: string }
  /** The user gave up. */
  | { type: 'cancelled' }

export const initialEmailUpdateState = (newEmail = ''): EmailUpdateState => ({ step: 'idle', newEmail, code: '', resending: false })

/** Steps during which an update is under way. */
export const EMAIL_UPDATE_ACTIVE_STEPS: readonly EmailUpdateStep[] = ['sending', 'verifyPrimary', 'verifySecondary', 'verifying']
export const isEmailUpdateActive = (step: EmailUpdateStep): boolean => EMAIL_UPDATE_ACTIVE_STEPS.includes(step)
/** Steps that wait for a code. */
export const isEmailUpdateCodeStep = (step: EmailUpdateStep): step is 'verifyPrimary' | 'verifySecondary' =>
  step === 'verifyPrimary' || step === 'verifySecondary'

const codeStepOf = (stage: EmailUpdateOtpStep | undefined): 'verifyPrimary' | 'verifySecondary' =>
  stage === 'secondary' ? 'verifySecondary' : 'verifyPrimary'

/** Whether `email` is the account's email already (addresses compare without case). */
export const isSameEmail = (email: string, currentEmail: string | undefined): boolean =>
  currentEmail !== undefined && normalizeEmail(email).toLowerCase() === normalizeEmail(currentEmail).toLowerCase()

/** The next state; events that do not apply in the current step leave it as it is (the same object). */
export function reduceEmailUpdate(state: EmailUpdateState, event: EmailUpdateEvent): EmailUpdateState {
  const active = isEmailUpdateActive(state.step)
  switch (event.type) {
    case 'submit': {
      if (active) return state
      const email = normalizeEmail(event.email)
      if (!isValidEmail(email)) return { ...initialEmailUpdateState(email), error: INVALID_EMAIL }
      if (isSameEmail(email, event.currentEmail)) return { ...initialEmailUpdateState(email), error: SAME_EMAIL }
      return { ...initialEmailUpdateState(email), step: 'sending' }
    }
    case 'sent': {
      if (state.step !== 'sending') return state
      const stage: EmailUpdateOtpStep = event.action === 'VERIFY_SECONDARY_OTP' ? 'secondary' : 'primary'
      return { ...state, step: codeStepOf(stage), stage, code: '', error: undefined, resendAvailableAt: event.now + OTP_RESEND_COOLDOWN_MS }
    }
    case 'code': {
      if (!isEmailUpdateCodeStep(state.step)) return state
      const code = sanitizeOtp(event.code)
      if (code === state.code) return state
      return { ...state, code, error: code ? undefined : state.error }
    }
    case 'otpInvalid':
      return isEmailUpdateCodeStep(state.step) ? { ...state, error: INVALID_OTP } : state
    case 'otpSent':
      return isEmailUpdateCodeStep(state.step) ? { ...state, step: 'verifying', error: undefined } : state
    case 'otpRejected':
      return state.step === 'verifying' || isEmailUpdateCodeStep(state.step)
        ? { ...state, step: codeStepOf(state.stage), code: '', error: event.error }
        : state
    case 'primaryConfirmed':
      return state.step === 'verifying' && state.stage === 'primary'
        ? {
            ...state,
            step: 'verifySecondary',
            stage: 'secondary',
            code: '',
            error: undefined,
            resending: false,
            resendAvailableAt: event.now + OTP_RESEND_COOLDOWN_MS,
          }
        : state
    case 'done':
      return state.step === 'verifying'
        ? { ...state, step: 'done', newEmail: event.newEmail, code: '', error: undefined, resending: false }
        : state
    case 'resendStarted':
      return isEmailUpdateCodeStep(state.step) && !state.resending ? { ...state, resending: true, error: undefined } : state
    case 'resent':
      return isEmailUpdateCodeStep(state.step)
        ? {
            ...state,
            step: 'verifyPrimary',
            stage: 'primary',
            resending: false,
            code: '',
            error: undefined,
            resendAvailableAt: event.now + OTP_RESEND_COOLDOWN_MS,
          }
        : state
    case 'resendFailed':
      return active ? { ...state, resending: false, error: event.error } : state
    case 'failed':
      return active ? { ...state, step: 'error', code: '', error: event.error, resending: false } : state
    case 'cancelled':
      return active || state.step === 'error' ? initialEmailUpdateState(state.newEmail) : state
  }
}
