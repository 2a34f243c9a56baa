import { useCallback, useEffect, useRef, useState } from 'react'
import type { EmbeddedKeyState, ViewportRect } from '../adapters'
import { codeOf } from '../core/codes'
import { type CodedMessage, ERRORS, PorticoError } from '../core/errors'
import { useEmbeddedAccount } from './useEmbeddedAccount'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

/**
 * Where the embedded wallet's key is for this device (issue 22 §2):
 * - 'unavailable': no embedded account, or its connector has no key recovery;
 * - 'loading': asking the connector;
 * - 'here': this device signs (see `unsavedRecovery` for a recovery secret still to save);
 * - 'needed': a new device: it cannot sign until the wallet is recovered here (`recover`);
 * - 'server': the API holds the keys (a wallet from before key shares): nothing to recover;
 * - 'asking': the secure frame asks for the recovery secret (after `recover`);
 * - 'showing': the secure frame shows the recovery secret (after `showSecret`).
 */
export type RecoveryPhase = 'unavailable' | 'loading' | 'here' | 'needed' | 'server' | 'asking' | 'showing'

export interface UseRecoveryOptions {
  /** Called once each time the wallet is recovered on this device. @default undefined */
  onRecovered?: () => void
}

export interface UseRecoveryReturn {
  /** @default 'unavailable' */
  phase: RecoveryPhase
  /** The keys were made on this device in this visit and their recovery secret is not saved yet. @default false */
  unsavedRecovery: boolean
  /** The wallet was recovered on this device through this hook. @default false */
  recovered: boolean
  /**
   * What went wrong last, coded: otherError { detail } with the connector's text (the frame could not be
   * reached, the session ended). A wrong recovery secret is said in the frame, under its field. @default undefined
   */
  errorCode?: CodedMessage
  /** Ask the connector again. */
  refresh: () => void
  /**
   * Recover the wallet on this device: the secure frame, placed over `rect` (viewport px; the room the view
   * makes for it), asks for the recovery secret itself. The secret never reaches this page. Back to 'needed'
   * if the user cancels, 'here' once recovered.
   */
  recover: (rect: ViewportRect) => void
  /** Show the recovery secret in the secure frame over `rect`; back to 'here' when saved (or hidden). */
  showSecret: (rect: ViewportRect) => void
  /** Take a recovery view out of the frame and hide the frame (also done on unmount). */
  hide: () => void
}

/** The embedded account flow, once loaded (it is, whenever the hook is available). */
function required<T>(flow: T | undefined): T {
  if (!flow) throw new PorticoError(ERRORS.notEmailOrSocial)
  return flow
}

const PHASE_OF: Record<EmbeddedKeyState['state'], RecoveryPhase> = { here: 'here', recover: 'needed', server: 'server' }

/** The embedded wallet's recovery: a new device recovers with the recovery secret; the device that made the keys shows it once. */
export function useRecovery(options: UseRecoveryOptions = {}): UseRecoveryReturn {
  const portico = usePortico()
  const { isEmbedded, address } = useEmbeddedAccount()
  const flow = useLoadedFlow(portico, 'embeddedAccount', isEmbedded)
  const available = isEmbedded && Boolean(flow?.canRecover())

  const [keyState, setKeyState] = useState<EmbeddedKeyState | undefined>()
  const [open, setOpen] = useState<'asking' | 'showing' | undefined>()
  const [recovered, setRecovered] = useState(false)
  const [errorCode, setErrorCode] = useState<CodedMessage | undefined>()
  const attempt = useRef(0)
  const openRef = useRef(false)
  const onRecovered = useRef(options.onRecovered)
  onRecovered.current = options.onRecovered

  const refresh = useCallback(() => {
    if (!flow) return
    const id = ++attempt.current
    setErrorCode(undefined)
    flow.getKeyState().then(
      (next) => {
        if (id === attempt.current) setKeyState(next)
      },
      (error: unknown) => {
        if (id === attempt.current) setErrorCode(codeOf(error) ?? undefined)
      },
    )
  }, [flow])

  // Asked once the flow is there, and again for another account.
  // biome-ignore lint/correctness/useExhaustiveDependencies: address is the trigger
  useEffect(() => {
    setKeyState(undefined)
    setRecovered(false)
    if (available) refresh()
  }, [available, refresh, address])

  const hide = useCallback(() => {
    attempt.current++
    setOpen(undefined)
    if (openRef.current) {
      openRef.current = false
      void flow?.hideRecovery().catch(() => undefined)
    }
  }, [flow])

  const run = useCallback(<T>(phase: 'asking' | 'showing', call: () => Promise<T>, done: (result: T) => void) => {
    const id = ++attempt.current
    setOpen(phase)
    setErrorCode(undefined)
    openRef.current = true
    Promise.resolve()
      .then(call)
      .then(
        (result) => {
          if (id !== attempt.current) return
          openRef.current = false
          setOpen(undefined)
          done(result)
        },
        (error: unknown) => {
          if (id !== attempt.current) return
          openRef.current = false
          setOpen(undefined)
          setErrorCode(codeOf(error) ?? undefined)
        },
      )
  }, [])

  const recover = useCallback(
    (rect: ViewportRect) =>
      run(
        'asking',
        () => required(flow).recoverWallet(rect),
        ({ recovered: ok }) => {
          if (!ok) return
          setRecovered(true)
          setKeyState({ state: 'here', unsavedRecovery: false })
          onRecovered.current?.()
        },
      ),
    [flow, run],
  )

  const showSecret = useCallback(
    (rect: ViewportRect) =>
      run(
        'showing',
        () => required(flow).showRecoverySecret(rect),
        ({ saved }) => {
          if (saved) setKeyState((now) => (now ? { ...now, unsavedRecovery: false } : now))
        },
      ),
    [flow, run],
  )

  // Leaving the view takes a recovery view (and any secret on it) off screen.
  useEffect(
    () => () => {
      if (openRef.current) void flow?.hideRecovery().catch(() => undefined)
    },
    [flow],
  )

  const phase: RecoveryPhase = !available ? 'unavailable' : (open ?? (keyState ? PHASE_OF[keyState.state] : 'loading'))
  return {
    phase,
    unsavedRecovery: available && Boolean(keyState?.unsavedRecovery),
    recovered: available && recovered,
    ...(errorCode ? { errorCode } : {}),
    refresh,
    recover,
    showSecret,
    hide,
  }
}
