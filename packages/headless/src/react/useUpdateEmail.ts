import { useCallback, useRef, useState } from 'react'
import type { EmailUpdateOtpStep } from '../adapters'
import {
  type EmailUpdateEvent,
  type EmailUpdateState,
  type EmailUpdateStep,
  initialEmailUpdateState,
  isEmailUpdateActive,
  isEmailUpdateCodeStep,
  reduceEmailUpdate,
} from '../core/embedded/emailUpdate'
import { isCompleteOtp, resendSecondsLeft, sanitizeOtp } from '../core/embedded/rules'
import { codeOf } from '../core/codes'
import { type CodedMessage, ERRORS } from '../core/errors'
import { useCountdownTicks } from './countdown'
import { useEmbeddedAccount } from './useEmbeddedAccount'
import { usePortico } from './usePortico'

export interface UseUpdateEmailOptions {
  /** The new email the field starts with. @default '' */
  initialEmail?: string
  /** Called once with the new email when the update is done. @default undefined */
  onDone?: (newEmail: string) => void
}

export interface UseUpdateEmailReturn {
  /** Where the update is (see `EmailUpdateStep`). @default 'idle' */
  step: EmailUpdateStep
  /** The signed-in email now (the new one once the update is done). @default undefined when no email login is connected */
  currentEmail?: string
  /** The email to change to, as submitted (trimmed). @default options.initialEmail or '' */
  newEmail: string
  /** Which address the code step (or the check under way) is for: the current ('primary') or the new one ('secondary'). @default undefined */
  stage?: EmailUpdateOtpStep
  /** The code typed so far: digits only, at most 6. @default '' */
  code: string
  /**
   * What went wrong last: 'Invalid email. Try again.', 'That is already your email', 'The code is 6
   * digits', the connector's text for a refused code or a refused update. @default undefined
   * @deprecated the English text; read `errorCode`.
   */
  error?: string
  /** What went wrong last, coded: invalidEmail, sameEmail, invalidOtp, otherError { detail } (the connector's text) …. @default undefined */
  errorCode?: CodedMessage
  /** The connected account is an email login whose connector can update the email. @default false */
  available: boolean
  /** Whole seconds until `resend` is allowed; counts down once a second. @default 0 */
  secondsLeft: number
  /** A new code may be asked for now (a code step, cooldown over, none on its way). @default false */
  canResend: boolean
  /** A new code has been asked for and not answered yet. @default false */
  resending: boolean
  /** Validate (before any call) and start changing the email to `newEmail`; ignored while an update is under way. */
  submitEmail: (newEmail: string) => void
  /** Type or paste into the code field: keeps digits only (at most 6) and sends the code once it has 6. */
  setCode: (input: string) => void
  /** Send a code (default: the one typed); a code that is not 6 digits sets 'The code is 6 digits'. */
  submitOtp: (code?: string) => void
  /**
   * Ask for a new code (once the 30 s cooldown is over). The auth service mails the new address's code
   * only after the current one is confirmed, so this starts over: a new code to the current address.
   */
  resend: () => void
  /** Give up the update under way (or clear an error); back to 'idle'. */
  cancel: () => void
  /** Start the update again with the same new email (after an error). */
  retry: () => void
}

const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : ERRORS.frameGeneric)

/**
 * Change the signed-in email of an email login (the embedded wallet, SPEC §4 "Email update"): the new
 * email, then a code mailed to the current address, then one mailed to the new address. Once done, the
 * account's auth name (and the email the connector remembers) is the new email.
 */
export function useUpdateEmail(options: UseUpdateEmailOptions = {}): UseUpdateEmailReturn {
  const { embedded: actions, options: instance } = usePortico()
  const { timers } = instance
  const embedded = useEmbeddedAccount()
  const currentEmail = embedded.email
  const available = embedded.canUpdateEmail

  const [state, setState] = useState<EmailUpdateState>(() => initialEmailUpdateState(options.initialEmail ?? ''))
  const current = useRef(state)
  const dispatch = useCallback((event: EmailUpdateEvent): EmailUpdateState => {
    const next = reduceEmailUpdate(current.current, event)
    if (next !== current.current) {
      current.current = next
      setState(next)
    }
    return next
  }, [])
  /** Numbers each update: answers of an earlier (cancelled, replaced) one are ignored. */
  const attempt = useRef(0)
  const emailRef = useRef(currentEmail)
  emailRef.current = currentEmail
  const onDoneRef = useRef(options.onDone)
  onDoneRef.current = options.onDone

  const start = useCallback(
    (id: number, event: 'sent' | 'resent') => {
      actions.updateEmail(current.current.newEmail).then(
        ({ action }) => {
          if (id !== attempt.current) return
          dispatch(event === 'sent' ? { type: 'sent', action, now: timers.now() } : { type: 'resent', now: timers.now() })
        },
        (error: unknown) => {
          if (id === attempt.current)
            dispatch(event === 'sent' ? { type: 'failed', error: messageOf(error) } : { type: 'resendFailed', error: messageOf(error) })
        },
      )
    },
    [actions, dispatch, timers],
  )

  const submitEmail = useCallback(
    (newEmail: string) => {
      if (isEmailUpdateActive(current.current.step)) return
      const next = dispatch({ type: 'submit', email: newEmail, currentEmail: emailRef.current })
      if (next.step !== 'sending') return
      start(++attempt.current, 'sent')
    },
    [dispatch, start],
  )

  const submitOtp = useCallback(
    (code?: string) => {
      const s = current.current
      if (!isEmailUpdateCodeStep(s.step)) return
      const value = sanitizeOtp(code ?? s.code)
      if (!isCompleteOtp(value)) {
        dispatch({ type: 'otpInvalid' })
        return
      }
      dispatch({ type: 'code', code: value })
      const stage = s.stage ?? 'primary'
      dispatch({ type: 'otpSent' })
      const id = attempt.current
      actions.confirmEmailUpdate(stage, value).then(
        (result) => {
          if (id !== attempt.current) return
          if (result.newEmail !== undefined) {
            dispatch({ type: 'done', newEmail: result.newEmail })
            onDoneRef.current?.(result.newEmail)
          } else dispatch({ type: 'primaryConfirmed', now: timers.now() })
        },
        (error: unknown) => {
          if (id === attempt.current) dispatch({ type: 'otpRejected', error: messageOf(error) })
        },
      )
    },
    [actions, dispatch, timers],
  )

  const setCode = useCallback(
    (input: string) => {
      const next = dispatch({ type: 'code', code: input })
      if (isEmailUpdateCodeStep(next.step) && isCompleteOtp(next.code)) submitOtp(next.code)
    },
    [dispatch, submitOtp],
  )

  const resend = useCallback(() => {
    const s = current.current
    if (!isEmailUpdateCodeStep(s.step) || s.resending || resendSecondsLeft(s.resendAvailableAt, timers.now()) > 0) return
    dispatch({ type: 'resendStarted' })
    start(attempt.current, 'resent')
  }, [dispatch, start, timers])

  const cancel = useCallback(() => {
    attempt.current++
    dispatch({ type: 'cancelled' })
  }, [dispatch])

  const retry = useCallback(() => {
    if (current.current.step !== 'error') return
    const email = current.current.newEmail
    dispatch({ type: 'cancelled' })
    submitEmail(email)
  }, [dispatch, submitEmail])

  // The resend countdown: one render per second while it runs.
  const countingDown = isEmailUpdateActive(state.step)
  const secondsLeft = countingDown ? resendSecondsLeft(state.resendAvailableAt, timers.now()) : 0
  useCountdownTicks(state.resendAvailableAt, timers, countingDown)

  return {
    step: state.step,
    currentEmail,
    newEmail: state.newEmail,
    stage: state.stage,
    code: state.code,
    error: state.error,
    errorCode: codeOf(state.error) ?? undefined,
    available,
    secondsLeft,
    canResend: isEmailUpdateCodeStep(state.step) && !state.resending && secondsLeft === 0,
    resending: state.resending,
    submitEmail,
    setCode,
    submitOtp,
    resend,
    cancel,
    retry,
  }
}
