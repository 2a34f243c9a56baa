import { useCallback, useEffect, useRef, useState } from 'react'
import type { TotpAction, TwoFactorState, ViewportRect } from '../adapters'
import { codeOf } from '../core/codes'
import { isCompleteOtp, sanitizeOtp } from '../core/embedded/rules'
import { type CodedMessage, ERRORS, PorticoError } from '../core/errors'
import { useEmbeddedAccount } from './useEmbeddedAccount'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

/**
 * Where the second factor is (issue 22 §2):
 * - 'unavailable': no embedded account, or its connector has no second factor;
 * - 'loading': asking the connector;
 * - 'off': no TOTP (a setup not confirmed in this page counts as none: a new one replaces it);
 * - 'enroll': a setup started: its QR code and key show in the connector's secure frame (over the rect given to
 *   `enroll`), then a first code confirms it;
 * - 'on': TOTP is on; a code steps this session up;
 * - 'verified': a code or a passkey was verified in this session within the last minutes (key export may go on).
 * In 'off' and 'on', a user who has a passkey (`canUsePasskey`) may step up with it instead (`stepUpWithPasskey`).
 */
export type TwoFactorPhase = 'unavailable' | 'loading' | 'off' | 'enroll' | 'on' | 'verified'

export interface UseTwoFactorOptions {
  /** Called once each time a code is accepted, with what it did. @default undefined */
  onAccepted?: (action: TotpAction) => void
}

export interface UseTwoFactorReturn {
  /** @default 'unavailable' */
  phase: TwoFactorPhase
  /** The connector's last answer. @default undefined */
  state?: TwoFactorState
  /** The code typed so far: digits only, at most 6. @default '' */
  code: string
  /** A call is under way (ask, setup, code). @default false */
  busy: boolean
  /** What went wrong last, coded: invalidOtp (not 6 digits), otherError { detail } (the connector's text). @default undefined */
  errorCode?: CodedMessage
  /** Ask the connector again. */
  refresh: () => void
  /**
   * Start (or start over) setting up TOTP: the connector's secure frame, placed over `rect` (viewport px; the room
   * the view makes for it), shows the QR code and key. They never reach this page (not in this hook's state).
   */
  enroll: (rect: ViewportRect) => void
  /** Take the set-up off the frame (also done on unmount, and by a confirmed code). */
  hideEnrollment: () => void
  /** Type or paste into the code field: keeps digits only (at most 6). */
  setCode: (input: string) => void
  /**
   * Send the typed code (or `code`): in phase 'enroll' it confirms the setup; else `action` ('verify'
   * by default, 'remove' to turn TOTP off). A code that is not 6 digits sets invalidOtp and sends nothing.
   */
  submit: (options?: { action?: 'verify' | 'remove'; code?: string }) => void
  /** The user has a passkey and the connector steps up with one. @default false */
  canUsePasskey: boolean
  /**
   * Step up with a passkey instead of a code. Call it in the user's click: the connector opens the window (on its
   * frame's origin) where the passkey is used, in this same call. @default no-op when `canUsePasskey` is false
   */
  stepUpWithPasskey: () => void
}

/** The embedded account flow, once loaded (it is, whenever the hook is available). */
function required<T>(flow: T | undefined): T {
  if (!flow) throw new PorticoError(ERRORS.notEmailOrSocial)
  return flow
}

const INVALID_CODE: CodedMessage = { code: 'invalidOtp', message: 'The code is 6 digits' }

/** The signed-in embedded user's second factor (TOTP): its state, its setup, and codes that step the session up. */
export function useTwoFactor(options: UseTwoFactorOptions = {}): UseTwoFactorReturn {
  const portico = usePortico()
  const { isEmbedded } = useEmbeddedAccount()
  const flow = useLoadedFlow(portico, 'embeddedAccount', isEmbedded)
  const available = isEmbedded && Boolean(flow?.canUseTwoFactor())

  const [state, setState] = useState<TwoFactorState | undefined>()
  const [enrolling, setEnrolling] = useState(false)
  const enrollingRef = useRef(false)
  const [code, setCodeState] = useState('')
  const [busy, setBusy] = useState(false)
  const [errorCode, setErrorCode] = useState<CodedMessage | undefined>()
  const live = useRef(true)
  const onAccepted = useRef(options.onAccepted)
  onAccepted.current = options.onAccepted
  useEffect(() => {
    live.current = true
    return () => {
      live.current = false
    }
  }, [])

  const run = useCallback(<T>(call: () => Promise<T>, done: (value: T) => void) => {
    setBusy(true)
    setErrorCode(undefined)
    // `call` runs now, in this same call (a passkey's window opens in the user's click); a throw rejects.
    new Promise<T>((resolve) => resolve(call())).then(
      (value) => {
        if (!live.current) return
        setBusy(false)
        done(value)
      },
      (error: unknown) => {
        if (!live.current) return
        setBusy(false)
        setErrorCode(codeOf(error) ?? undefined)
      },
    )
  }, [])

  const refresh = useCallback(() => run(() => required(flow).getTwoFactor(), setState), [flow, run])
  useEffect(() => {
    if (available) refresh()
  }, [available, refresh])

  const enroll = useCallback(
    (rect: ViewportRect) => {
      enrollingRef.current = true
      run(
        () => required(flow).enrollTotp(rect),
        () => {
          setEnrolling(true)
          setCodeState('')
          setState((s) => ({ totp: 'pending', passkey: s?.passkey ?? false, stepUp: s?.stepUp ?? false }))
        },
      )
    },
    [flow, run],
  )

  const hideEnrollment = useCallback(() => {
    setEnrolling(false)
    if (enrollingRef.current) {
      enrollingRef.current = false
      void flow?.hideTotpEnrollment().catch(() => undefined)
    }
  }, [flow])

  // Leaving the view takes the set-up (its key) off screen.
  useEffect(
    () => () => {
      if (enrollingRef.current) void flow?.hideTotpEnrollment().catch(() => undefined)
    },
    [flow],
  )

  const phase: TwoFactorPhase = !available
    ? 'unavailable'
    : state === undefined
      ? 'loading'
      : state.totp === 'pending' && enrolling
        ? 'enroll'
        : state.stepUp && (state.totp === 'on' || state.passkey)
          ? 'verified'
          : state.totp === 'on'
            ? 'on'
            : 'off'
  const canUsePasskey = available && state?.passkey === true && Boolean(flow?.canStepUpPasskey())

  const stepUpWithPasskey = useCallback(() => {
    if (canUsePasskey) run(() => required(flow).stepUpPasskey(), setState)
  }, [canUsePasskey, flow, run])

  const submit = useCallback(
    (submitOptions: { action?: 'verify' | 'remove'; code?: string } = {}) => {
      const value = sanitizeOtp(submitOptions.code ?? code)
      if (!isCompleteOtp(value)) return setErrorCode(INVALID_CODE)
      const action: TotpAction = phase === 'enroll' ? 'confirm' : (submitOptions.action ?? 'verify')
      run(
        () => required(flow).submitTotp(action, value),
        (next) => {
          setState(next)
          setCodeState('')
          if (action !== 'verify') {
            // Confirmed (the frame took its set-up down) or removed.
            enrollingRef.current = false
            setEnrolling(false)
          }
          onAccepted.current?.(action)
        },
      )
    },
    [flow, code, phase, run],
  )

  return {
    phase,
    ...(state ? { state } : {}),
    code,
    busy,
    ...(errorCode ? { errorCode } : {}),
    refresh,
    enroll,
    hideEnrollment,
    setCode: (input: string) => setCodeState(sanitizeOtp(input)),
    submit,
    canUsePasskey,
    stepUpWithPasskey,
  }
}
