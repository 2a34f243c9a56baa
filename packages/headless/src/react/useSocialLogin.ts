import { useStore } from '@nanostores/react'
import { atom, type WritableAtom } from 'nanostores'
import { useCallback } from 'react'
import { formatAuthName } from '../core/format/format'
import {
  initialSocialLoginState,
  isSocialLoginActive,
  reduceSocialLogin,
  type SocialLoginEvent,
  type SocialLoginState,
  type SocialLoginStep,
} from '../core/embedded/socialLogin'
import { codeOf } from '../core/codes'
import { type CodedMessage, ERRORS } from '../core/errors'
import type { Portico } from '../core/portico'
import type { SocialProvider } from '../core/types'
import { useCancelOnUnmount } from './unmount'
import { usePortico } from './usePortico'

export interface UseSocialLoginOptions {
  /**
   * Give up a sign-in still under way when the component unmounts (the waiting view is left or the
   * modal closes). Leave it off in the component that only starts the sign-in and moves on (the
   * Connect view's buttons). @default false
   */
  cancelOnUnmount?: boolean
}

export interface UseSocialLoginReturn {
  /** Where the sign-in is (see `SocialLoginStep`). @default 'idle' */
  step: SocialLoginStep
  /** The provider of the sign-in under way, or of the last one. @default undefined */
  provider?: SocialProvider
  /** The provider's page the popup was sent to, once known. @default undefined */
  url?: string
  /**
   * Why the last sign-in failed: 'Popup closed', 'Failed to initiate social connection', the
   * provider's refusal ('Connection rejected') or the connector's text. @default undefined
   * @deprecated the English text; read `errorCode`.
   */
  error?: string
  /** Why the last sign-in failed, coded: popupClosed, socialConnection, connectionRejected, otherError { detail } …. @default undefined */
  errorCode?: CodedMessage
  /** The last sign-in ended because the popup was closed (SPEC §8 'Popup closed'): offer Retry. @default false */
  popupClosed: boolean
  /** The signed-in name as shown (SPEC §3: a Discord name ending in 0 loses it). @default undefined */
  displayName?: string
  /** An auth connector (type 'auth') is registered. @default false */
  available: boolean
  /**
   * Sign in with `provider`. Call it in the user's click: the connector opens its popup in the same
   * call (a window opened later is blocked by the browser). Ignored while a sign-in is under way.
   */
  start: (provider: SocialProvider) => void
  /** Sign in again with the last provider (after an error or a closed popup); call it in a click too. */
  retry: () => void
  /** Give up the sign-in under way (the popup closes); back to 'idle'. */
  cancel: () => void
}

/** One sign-in per Portico instance, seen alike by every component (the Connect view starts it, the waiting view shows it). */
interface Shared {
  $state: WritableAtom<SocialLoginState>
  /** Numbers each sign-in: answers of an earlier (cancelled, replaced) one are ignored. */
  attempt: number
  /** A sign-in was given up before the connector prompted: cancel it at its prompt. */
  cancelOnPrompt: boolean
  dispatch(event: SocialLoginEvent): SocialLoginState
}
const shared = new WeakMap<Portico, Shared>()

const authIdOf = (portico: Portico): string | undefined => portico.connection.$connectors.get().find((c) => c.type === 'auth')?.id

function sharedOf(portico: Portico): Shared {
  let entry = shared.get(portico)
  if (entry) return entry
  const $state = atom<SocialLoginState>(initialSocialLoginState())
  const created: Shared = {
    $state,
    attempt: 0,
    cancelOnPrompt: false,
    dispatch(event) {
      const next = reduceSocialLogin($state.get(), event)
      if (next !== $state.get()) $state.set(next)
      return next
    },
  }
  // The auth connector's prompt drives the steps (the popup's URL, then done).
  portico.connection.$prompt.subscribe((pending) => {
    const prompt = pending && pending.connectorId === authIdOf(portico) ? pending.prompt : undefined
    if (prompt?.kind === 'social' && created.cancelOnPrompt) {
      created.cancelOnPrompt = false
      void portico.connection.answerPrompt({ kind: 'cancel' }).catch(() => undefined)
      return
    }
    created.dispatch({ type: 'prompt', prompt })
  })
  shared.set(portico, created)
  entry = created
  return entry
}

/**
 * The text to show for a failed sign-in. The connection flow rejects a failed connect with 'Failed
 * to connect'; its cause is the connector's reason ('Popup closed' …), which is what the user needs.
 */
const messageOf = (error: unknown): string => {
  if (!(error instanceof Error)) return ERRORS.socialConnection
  const cause = error.cause
  if (error.message === ERRORS.failedToConnect && cause instanceof Error && cause.message) return cause.message
  return error.message || ERRORS.socialConnection
}

/**
 * Social sign-in (google, github, apple, facebook, x, discord) through the auth connector — the
 * embedded wallet, whose popup goes to the provider: start it in a click, follow the popup, retry
 * after 'Popup closed', cancel. Connecting moves the modal to Account, as any connect does.
 */
export function useSocialLogin(options: UseSocialLoginOptions = {}): UseSocialLoginReturn {
  const portico = usePortico()
  const { connection } = portico
  const s = sharedOf(portico)
  const state = useStore(s.$state)
  const connectors = useStore(connection.$connectors)
  const available = connectors.some((c) => c.type === 'auth')

  const start = useCallback(
    (provider: SocialProvider) => {
      if (isSocialLoginActive(s.$state.get().step)) return
      s.dispatch({ type: 'start', provider })
      s.cancelOnPrompt = false
      const id = ++s.attempt
      const connectorId = authIdOf(portico)
      if (!connectorId) {
        s.dispatch({ type: 'failed', error: ERRORS.noAuthConnector })
        return
      }
      // Synchronous down to the connector, which opens the popup in this same call (the user's click).
      connection.connect(connectorId, { auth: { kind: 'social', provider } }).then(
        (result) => {
          if (id === s.attempt) s.dispatch({ type: 'connected', ...(result.authName ? { authName: result.authName } : {}) })
        },
        (error: unknown) => {
          // This view shows the reason; the connection's own 'Failed to connect' is not left for the next view.
          connection.clearError()
          if (id === s.attempt) s.dispatch({ type: 'failed', error: messageOf(error) })
        },
      )
    },
    [connection, portico, s],
  )

  const retry = useCallback(() => {
    const { provider } = s.$state.get()
    if (provider) start(provider)
  }, [s, start])

  const cancel = useCallback(() => {
    const current = s.$state.get()
    if (!isSocialLoginActive(current.step) && current.step !== 'error') return
    s.attempt++
    if (isSocialLoginActive(current.step)) {
      const asking = connection.$prompt.get()
      // The connector closes its popup. Before it prompts (the URL is still being asked for), the
      // cancel is given as soon as it does.
      if (asking && asking.connectorId === authIdOf(portico)) void connection.answerPrompt({ kind: 'cancel' }).catch(() => undefined)
      else s.cancelOnPrompt = true
    }
    s.dispatch({ type: 'cancelled' })
  }, [connection, portico, s])

  // Leaving gives the sign-in up (a StrictMode remount keeps it).
  useCancelOnUnmount(cancel, options.cancelOnUnmount ?? false)

  return {
    step: state.step,
    provider: state.provider,
    url: state.url,
    error: state.error,
    errorCode: codeOf(state.error) ?? undefined,
    popupClosed: state.step === 'error' && state.error === ERRORS.popupClosed,
    displayName: state.authName ? formatAuthName(state.authName, state.provider) : undefined,
    available,
    start,
    retry,
    cancel,
  }
}
