import { useCallback, useEffect, useRef, useState } from 'react'
import type { EmbeddedPasskey } from '../adapters'
import type { PasskeysError } from '../core/embedded/account'
import type { CodedMessage } from '../core/errors'
import { useEmbeddedAccount } from './useEmbeddedAccount'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export type { PasskeysError } from '../core/embedded/account'

/**
 * Where the signed-in embedded user's passkeys are (issue 22 §2):
 * - 'unavailable': no embedded account, or its connector has no passkeys;
 * - 'loading': asking the connector (see `errorCode` loadFailed when it could not answer);
 * - 'ready': `passkeys` is the list (maybe empty).
 */
export type PasskeysPhase = 'unavailable' | 'loading' | 'ready'

/** A passkey call: list, add or remove. */
export type PasskeysAction = 'load' | 'add' | 'remove'

export interface UsePasskeysOptions {
  /** Called once each time a passkey was added, with it. @default undefined */
  onAdded?: (passkey: EmbeddedPasskey) => void
  /** Called once each time a passkey was removed, with its id. @default undefined */
  onRemoved?: (id: string) => void
}

export interface UsePasskeysReturn {
  /** @default 'unavailable' */
  phase: PasskeysPhase
  /** The passkeys, oldest first: id, name, createdAt, lastUsedAt (ISO 8601; null: never used), backedUp. @default [] */
  passkeys: readonly EmbeddedPasskey[]
  /** A call is under way. @default false */
  busy: boolean
  /** The call under way. @default undefined */
  pending?: PasskeysAction
  /** The passkey being removed. @default undefined */
  removingId?: string
  /**
   * What went wrong last, coded: lastPasskey (the account's only way to sign in: add another passkey or an email
   * first), popupClosed (the passkey window was closed), loadFailed, addFailed, removeFailed ({ detail }: the
   * connector's text). @default undefined
   */
  errorCode?: CodedMessage<PasskeysError>
  /** Ask the connector again. */
  refresh: () => void
  /**
   * Add a passkey named `name`. Call it in the user's click: the connector opens the window where the passkey is
   * made in this same call (a window opened later is blocked). Ignored while a call is under way.
   */
  add: (name?: string) => void
  /** Remove the passkey `id` (confirm with the user first). Ignored while a call is under way. */
  remove: (id: string) => void
  /** Do the failed call again (for add: in the user's click too). Nothing after lastPasskey. */
  retry: () => void
}

/** A call and what it needs. */
type Call = { action: 'load' } | { action: 'add'; name?: string } | { action: 'remove'; id: string }

type State = { list?: readonly EmbeddedPasskey[]; pending?: Call; error?: { code: CodedMessage<PasskeysError>; failed: Call } }

/** The signed-in embedded user's passkeys: list them, add one (its window opens in the click), remove one. */
export function usePasskeys(options: UsePasskeysOptions = {}): UsePasskeysReturn {
  const portico = usePortico()
  const { isEmbedded, address } = useEmbeddedAccount()
  const flow = useLoadedFlow(portico, 'embeddedAccount', isEmbedded)
  const available = isEmbedded && Boolean(flow?.canManagePasskeys())

  const [state, setState] = useState<State>({})
  /** Numbers each call: the answers of one made for another account (or before unmount) are dropped. */
  const attempt = useRef(0)
  const busy = useRef(false)
  const handlers = useRef(options)
  handlers.current = options

  const call = useCallback(
    (c: Call) => {
      if (!flow || busy.current) return
      const id = ++attempt.current
      busy.current = true
      setState((s) => ({ list: s.list, pending: c }))
      // Synchronous down to the connector: add's window opens in this call.
      const answer: Promise<EmbeddedPasskey | readonly EmbeddedPasskey[]> =
        c.action === 'load' ? flow.getPasskeys() : c.action === 'add' ? flow.addPasskey(c.name) : flow.removePasskey(c.id)
      answer.then(
        (value) => {
          if (id !== attempt.current) return
          busy.current = false
          setState((s) => ({ list: 'id' in value ? [...(s.list ?? []).filter((p) => p.id !== value.id), value] : value }))
          if ('id' in value) handlers.current.onAdded?.(value)
          else if (c.action === 'remove') handlers.current.onRemoved?.(c.id)
        },
        (error: unknown) => {
          if (id !== attempt.current) return
          busy.current = false
          setState((s) => ({ list: s.list, error: { code: flow.passkeyError(error, c.action), failed: c } }))
        },
      )
    },
    [flow],
  )

  const refresh = useCallback(() => call({ action: 'load' }), [call])

  // Asked once the flow is there, and again for another account; what comes after (or after unmount) is dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: address is the trigger
  useEffect(() => {
    busy.current = false
    setState({})
    if (available) refresh()
    return () => {
      attempt.current++
    }
  }, [available, refresh, address])

  const { list, pending, error } = available ? state : {}
  return {
    phase: !available ? 'unavailable' : list ? 'ready' : 'loading',
    passkeys: list ?? [],
    busy: pending !== undefined,
    ...(pending ? { pending: pending.action } : {}),
    ...(pending?.action === 'remove' ? { removingId: pending.id } : {}),
    ...(error ? { errorCode: error.code } : {}),
    refresh,
    add: useCallback((name?: string) => call(name ? { action: 'add', name } : { action: 'add' }), [call]),
    remove: useCallback((id: string) => call({ action: 'remove', id }), [call]),
    retry: () => {
      if (error && error.code.code !== 'lastPasskey') call(error.failed)
    },
  }
}
