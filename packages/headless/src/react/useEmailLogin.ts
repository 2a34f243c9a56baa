import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  type EmailLoginEvent,
  type EmailLoginState,
  type EmailLoginStep,
  initialEmailLoginState,
  isEmailLoginActive,
  reduceEmailLogin,
} from '../core/embedded/emailLogin'
import { isCompleteOtp, resendSecondsLeft, sanitizeOtp } from '../core/embedded/rules'
import { codeOf } from '../core/codes'
import { type CodedMessage, ERRORS } from '../core/errors'
import { useCountdownTicks } from './countdown'
import { useCancelOnUnmount } from './unmount'
import { usePortico } from './usePortico'

export interface UseEmailLoginOptions {
  /** The email to sign in with when `submitOnMount`. @default the EmailLogin view's email (route data `email`) */
  email?: string
  /** Sign in with `email` as soon as the auth connector is there (once, even if the view mounts twice). @default false */
  submitOnMount?: boolean
  /** Give up a login still under way when the component unmounts (the view is left or the modal closes). @default true */
  cancelOnUnmount?: boolean
}

export interface UseEmailLoginReturn {
  /** Where the login is (see `EmailLoginStep`). @default 'idle' */
  step: EmailLoginStep
  /** The email signed in with. @default options.email or '' */
  email: string
  /** The code typed so far: digits only, at most 6. @default '' */
  code: string
  /**
   * What went wrong last: 'Invalid email. Try again.', 'The code is 6 digits', the connector's text
   * for a refused code, or the connect's ('Failed to connect', 'Connection rejected'). @default undefined
   * @deprecated the English text; read `errorCode`.
   */
  error?: string
  /** What went wrong last, coded: invalidEmail, invalidOtp, connectionRejected, otherError { detail } (the connector's text) …. @default undefined */
  errorCode?: CodedMessage
  /** An auth connector (type 'auth') is registered. @default false */
  available: boolean
  /** Time (ms, the instance's clock) from which `resend` is allowed. @default undefined */
  resendAvailableAt?: number
  /** Whole seconds until `resend` is allowed; counts down once a second. @default 0 */
  secondsLeft: number
  /** A new code may be asked for now (code step, cooldown over, none on its way). @default false */
  canResend: boolean
  /** A new code has been asked for and not answered yet. @default false */
  resending: boolean
  /** Validate (before any call) and sign in with `email`; ignored while a login is under way. */
  submitEmail: (email: string) => void
  /** Type or paste into the code field: keeps digits only (at most 6) and sends the code once it has 6. */
  setCode: (input: string) => void
  /** Send a code (default: the one typed); a code that is not 6 digits sets 'The code is 6 digits'. */
  submitOtp: (code?: string) => void
  /** Ask for a new code (allowed once the 30 s cooldown is over). */
  resend: () => void
  /** Give up the login under way; back to 'idle'. */
  cancel: () => void
  /** Sign in again with the same email (after an error). */
  retry: () => void
}

/**
 * The text to show for a failed step. The connection flow rejects a failed connect with 'Failed to
 * connect'; for the auth connector its cause is the frame's reply, whose message is what the user
 * needs (SPEC §8: the client rejects with the reply's message), e.g. the auth service's rate limit.
 */
const messageOf = (error: unknown): string => {
  if (!(error instanceof Error)) return ERRORS.frameGeneric
  const cause = error.cause
  if (error.message === ERRORS.failedToConnect && cause instanceof Error && cause.message) return cause.message
  return error.message || ERRORS.frameGeneric
}

/**
 * Email login through the auth connector (the embedded wallet, or any connector of type 'auth'):
 * submit an email, approve the device or type the emailed code, resend it after the cooldown, cancel.
 * Connecting moves the modal to Account, as any connect does.
 */
export function useEmailLogin(options: UseEmailLoginOptions = {}): UseEmailLoginReturn {
  const { connection, router, options: instance } = usePortico()
  const { timers } = instance
  const route = useStore(router.$route)
  const connectors = useStore(connection.$connectors)
  const pending = useStore(connection.$prompt)
  const auth = connectors.find((c) => c.type === 'auth')
  const authId = auth?.id
  const routeEmail = route.view === 'EmailLogin' && typeof route.data?.email === 'string' ? route.data.email : undefined
  const initialEmail = options.email ?? routeEmail ?? ''

  const [state, setState] = useState<EmailLoginState>(() => initialEmailLoginState(initialEmail))
  const current = useRef(state)
  const dispatch = useCallback((event: EmailLoginEvent): EmailLoginState => {
    const next = reduceEmailLogin(current.current, event)
    if (next !== current.current) {
      current.current = next
      setState(next)
    }
    return next
  }, [])
  /** Numbers each login: answers of an earlier (cancelled, replaced) one are ignored. */
  const attempt = useRef(0)
  const authRef = useRef(authId)
  authRef.current = authId

  // The connector's prompt drives the steps (device link, code, done).
  const prompt = pending && pending.connectorId === authId ? pending.prompt : undefined
  useEffect(() => {
    dispatch({ type: 'prompt', prompt, now: timers.now() })
  }, [dispatch, prompt, timers])

  const submitEmail = useCallback(
    (email: string) => {
      if (isEmailLoginActive(current.current.step)) return
      const next = dispatch({ type: 'submit', email })
      if (next.step !== 'sending') return
      const connectorId = authRef.current
      const id = ++attempt.current
      if (!connectorId) {
        dispatch({ type: 'failed', error: ERRORS.noAuthConnector })
        return
      }
      connection.connect(connectorId, { auth: { kind: 'email', email: next.email } }).then(
        () => {
          if (id === attempt.current) dispatch({ type: 'connected' })
        },
        (error: unknown) => {
          // A login given up (or replaced) leaves no error behind for the next view.
          if (id !== attempt.current) connection.clearError()
          else dispatch({ type: 'failed', error: messageOf(error) })
        },
      )
    },
    [connection, dispatch],
  )

  const submitOtp = useCallback(
    (code?: string) => {
      if (current.current.step !== 'verifyOtp') return
      const value = sanitizeOtp(code ?? current.current.code)
      if (!isCompleteOtp(value)) {
        dispatch({ type: 'otpInvalid' })
        return
      }
      dispatch({ type: 'code', code: value })
      dispatch({ type: 'otpSent' })
      const id = attempt.current
      connection.answerPrompt({ kind: 'otp', code: value }).catch((error: unknown) => {
        if (id === attempt.current) dispatch({ type: 'otpRejected', error: messageOf(error) })
      })
    },
    [connection, dispatch],
  )

  const setCode = useCallback(
    (input: string) => {
      const next = dispatch({ type: 'code', code: input })
      if (next.step === 'verifyOtp' && isCompleteOtp(next.code)) submitOtp(next.code)
    },
    [dispatch, submitOtp],
  )

  const resend = useCallback(() => {
    const s = current.current
    if (s.step !== 'verifyOtp' || s.resending || resendSecondsLeft(s.resendAvailableAt, timers.now()) > 0) return
    dispatch({ type: 'resendStarted' })
    const id = attempt.current
    connection.answerPrompt({ kind: 'resend' }).then(
      () => {
        if (id === attempt.current) dispatch({ type: 'resent', now: timers.now() })
      },
      (error: unknown) => {
        if (id === attempt.current) dispatch({ type: 'resendFailed', error: messageOf(error) })
      },
    )
  }, [connection, dispatch, timers])

  const cancel = useCallback(() => {
    if (!isEmailLoginActive(current.current.step)) return
    attempt.current++
    const asking = connection.$prompt.get()
    if (asking && asking.connectorId === authRef.current) void connection.answerPrompt({ kind: 'cancel' }).catch(() => undefined)
    dispatch({ type: 'cancelled' })
  }, [connection, dispatch])

  const retry = useCallback(() => submitEmail(current.current.email), [submitEmail])

  // The EmailLogin view: sign in with the route's email once the auth connector is registered.
  const submitOnMount = options.submitOnMount ?? false
  const started = useRef(false)
  useEffect(() => {
    if (!submitOnMount || started.current || !authId || !initialEmail) return
    started.current = true
    submitEmail(initialEmail)
  }, [submitOnMount, authId, initialEmail, submitEmail])

  // Leaving gives the login up (a StrictMode remount keeps it).
  useCancelOnUnmount(cancel, options.cancelOnUnmount ?? true)

  // The resend countdown: one render per second while it runs.
  const secondsLeft = resendSecondsLeft(state.resendAvailableAt, timers.now())
  useCountdownTicks(state.resendAvailableAt, timers)

  return {
    step: state.step,
    email: state.email,
    code: state.code,
    error: state.error,
    errorCode: codeOf(state.error) ?? undefined,
    available: Boolean(auth),
    resendAvailableAt: state.resendAvailableAt,
    secondsLeft,
    canResend: state.step === 'verifyOtp' && !state.resending && secondsLeft === 0,
    resending: state.resending,
    submitEmail,
    setCode,
    submitOtp,
    resend,
    cancel,
    retry,
  }
}
