import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import { useMemo } from 'react'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import { lazyMethods } from '../core/lazy'
import type { SiwxSession } from '../core/options/siwx'
import type { SiwxState, SiwxStatus } from '../core/siwx/siwx'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseSiwxOptions {
  /** Load the SIWX module when mounted (with the `siwx` option it loads at start anyway). @default true */
  enabled?: boolean
}

export interface UseSiwxReturn {
  /**
   * 'disabled' (no `siwx` option), 'idle', 'checking' (the session is looked up), 'prompting' (the
   * visitor is asked to sign in), 'signing' (the wallet is asked), 'signed-in', or 'error'.
   * @default 'disabled' without the option, else 'idle' until the module is loaded
   */
  status: SiwxStatus
  /** The signed-in session (its message, signature and expiry). @default undefined */
  session?: SiwxSession
  /** @deprecated the English text; read `errorCode`. Why the last sign-in did not happen: 'User rejected the request', 'Modal closed', the backend's text. @default undefined */
  error?: string
  /** Why the last sign-in did not happen, coded: userRejected, modalClosed, otherError { detail } (the backend's text) …. @default undefined */
  errorCode?: CodedMessage
  /** `status === 'signed-in'`. @default false */
  isSignedIn: boolean
  /** The app requires the sign-in (refusing disconnects). @default false */
  required: boolean
  /** The app the visitor signs in to, from the `metadata` option (for a prompt's title and icon). @default {} */
  app: { name?: string; icon?: string }
  /** Ask the wallet to sign the message (again after an error); resolves with the session, or undefined (see `error`). */
  signIn: () => Promise<SiwxSession | undefined>
  /** Revoke the session (and disconnect when the sign-in is required). */
  signOut: () => Promise<void>
  /** Decline the prompt: status 'error' ('Modal closed'), or a disconnect when required. */
  cancel: () => Promise<void>
}

const DISABLED: ReadableAtom<SiwxState> = atom<SiwxState>({ status: 'disabled', required: false })
const LOADING: ReadableAtom<SiwxState> = atom<SiwxState>({ status: 'idle', required: false })
const ACTIONS = ['signIn', 'signOut', 'cancel'] as const

/** Sign in with the wallet (the `siwx` option of createPortico): state and actions for a custom UI. */
export function useSiwx(options: UseSiwxOptions = {}): UseSiwxReturn {
  const portico = usePortico()
  const on = Boolean(portico.options.siwx)
  const flow = useLoadedFlow(portico, 'siwx', on && (options.enabled ?? true))
  const state = useStore(flow?.$siwx ?? (on ? LOADING : DISABLED))
  const actions = useMemo(
    () =>
      on
        ? lazyMethods(
            () => portico.load('siwx'),
            ACTIONS,
            {},
            () => portico.peek('siwx'),
          )
        : { signIn: async () => undefined, signOut: async () => undefined, cancel: async () => undefined },
    [portico, on],
  )
  const metadata = portico.options.metadata
  const app = useMemo(() => ({ name: metadata?.name, icon: metadata?.icons[0] }), [metadata])
  return {
    ...state,
    errorCode: codeOf(state.error) ?? undefined,
    app,
    isSignedIn: state.status === 'signed-in',
    ...(actions as Pick<UseSiwxReturn, (typeof ACTIONS)[number]>),
  }
}
