import { useStore } from '@nanostores/react'
import { useCallback, useRef, useState } from 'react'
import type { PasskeyMode } from '../adapters'
import { type CodedMessage, coded } from '../core/errors'
import { useCancelOnUnmount } from './unmount'
import { usePortico } from './usePortico'

/**
 * Where a passkey sign-in is:
 * - 'idle': none under way (offer "use a passkey" and "create a passkey");
 * - 'waiting': the browser asks for the passkey ('sign-in'), or it is being created in the window
 *   that opened ('sign-up');
 * - 'connected': signed in (the modal moves on to Account);
 * - 'error': it failed (`errorCode`); start again with either mode.
 */
export type PasskeyLoginStep = 'idle' | 'waiting' | 'connected' | 'error'

export type PasskeyLoginError = 'failedToConnect' | 'passkeyUnknown' | 'popupClosed' | 'noAuthConnector'

export interface UsePasskeyLoginOptions {
  /** Give up a sign-in still under way when the component unmounts (the view is left or the modal closes). @default true */
  cancelOnUnmount?: boolean
}

export interface UsePasskeyLoginReturn {
  /** Where the sign-in is (see `PasskeyLoginStep`). @default 'idle' */
  step: PasskeyLoginStep
  /** The mode of the sign-in under way, or of the last one. @default undefined */
  mode?: PasskeyMode
  /**
   * Why the last sign-in failed, coded: passkeyUnknown (a passkey this wallet does not know: create
   * one), popupClosed (the passkey window was closed), failedToConnect (anything else, such as the
   * browser's prompt dismissed), noAuthConnector. @default undefined
   */
  errorCode?: CodedMessage<PasskeyLoginError>
  /** An auth connector (type 'auth', the embedded wallet) is registered. @default false */
  available: boolean
  /**
   * Sign in with a passkey ('sign-in'), or create one and a new account ('sign-up'). Call it in the
   * user's click: for 'sign-up' the connector opens the passkey window in the same call (a window
   * opened later is blocked). Ignored while a sign-in is under way.
   */
  start: (mode: PasskeyMode) => void
  /** Give up the sign-in under way; back to 'idle'. */
  cancel: () => void
}

const KNOWN: readonly PasskeyLoginError[] = ['passkeyUnknown', 'popupClosed']

/** The connector's reason (the connection rejects with 'Failed to connect', its cause the reason). */
function reasonOf(error: unknown): CodedMessage<PasskeyLoginError> {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const text = cause instanceof Error ? cause.message : ''
  const key = KNOWN.find((k) => coded(k).message === text)
  return coded(key ?? 'failedToConnect')
}

/**
 * Passkey login through the auth connector (the embedded wallet): the passkey belongs to the
 * wallet's secure frame (its origin is the relying party), never to the app's page. Connecting
 * moves the modal to Account, as any connect does.
 */
export function usePasskeyLogin(options: UsePasskeyLoginOptions = {}): UsePasskeyLoginReturn {
  const { connection } = usePortico()
  const connectors = useStore(connection.$connectors)
  const authId = connectors.find((c) => c.type === 'auth')?.id
  const authRef = useRef(authId)
  authRef.current = authId
  const [state, setState] = useState<{ step: PasskeyLoginStep; mode?: PasskeyMode; error?: CodedMessage<PasskeyLoginError> }>({
    step: 'idle',
  })
  const stepRef = useRef(state.step)
  stepRef.current = state.step
  /** Numbers each sign-in: answers of an earlier (cancelled, replaced) one are ignored. */
  const attempt = useRef(0)

  const start = useCallback(
    (mode: PasskeyMode) => {
      if (stepRef.current === 'waiting') return
      const id = ++attempt.current
      const connectorId = authRef.current
      if (!connectorId) {
        setState({ step: 'error', mode, error: coded('noAuthConnector') })
        return
      }
      stepRef.current = 'waiting'
      setState({ step: 'waiting', mode })
      // Synchronous down to the connector, which opens the passkey window in this same call (sign-up).
      connection.connect(connectorId, { auth: { kind: 'passkey', mode } }).then(
        () => {
          if (id === attempt.current) setState({ step: 'connected', mode })
        },
        (error: unknown) => {
          connection.clearError()
          if (id === attempt.current) setState({ step: 'error', mode, error: reasonOf(error) })
        },
      )
    },
    [connection],
  )

  const cancel = useCallback(() => {
    if (stepRef.current !== 'waiting') return
    attempt.current++
    stepRef.current = 'idle'
    const asking = connection.$prompt.get()
    if (asking && asking.connectorId === authRef.current) void connection.answerPrompt({ kind: 'cancel' }).catch(() => undefined)
    setState({ step: 'idle' })
  }, [connection])

  useCancelOnUnmount(cancel, options.cancelOnUnmount ?? true)

  return {
    step: state.step,
    ...(state.mode ? { mode: state.mode } : {}),
    ...(state.error ? { errorCode: state.error } : {}),
    available: Boolean(authId),
    start,
    cancel,
  }
}
