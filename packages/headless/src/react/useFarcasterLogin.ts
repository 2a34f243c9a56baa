import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { type CodedMessage, coded } from '../core/errors'
import { detectMobile } from '../core/options/mobile'
import { useCancelOnUnmount } from './unmount'
import { usePortico } from './usePortico'

/**
 * Where a Farcaster sign-in is:
 * - 'idle': none under way;
 * - 'starting': the channel is being opened (no URL yet);
 * - 'waiting': the URL is shown, waiting for the approval in the Farcaster app;
 * - 'connected': signed in (the modal moves on to Account);
 * - 'error': it failed (`error`), Retry starts a new channel.
 */
export type FarcasterLoginStep = 'idle' | 'starting' | 'waiting' | 'connected' | 'error'

export interface UseFarcasterLoginOptions {
  /** Start the sign-in as soon as the auth connector is there (once, even if the component mounts twice). @default false */
  startOnMount?: boolean
  /** Give up a sign-in still under way when the component unmounts (the view is left or the modal closes). @default true */
  cancelOnUnmount?: boolean
}

export interface UseFarcasterLoginReturn {
  /** Where the sign-in is (see `FarcasterLoginStep`). @default 'idle' */
  step: FarcasterLoginStep
  /**
   * The channel's URL (SPEC §3 account state `farcasterUrl`): a QR code on desktop, a deep link into
   * the Farcaster app on mobile. @default undefined
   */
  url?: string
  /** @deprecated the English text; read `errorCode`. Why the last sign-in failed: 'Failed to connect to farcaster' (SPEC §8). @default undefined */
  error?: string
  /** Why the last sign-in failed, coded: farcasterConnection, or noAuthConnector. @default undefined */
  errorCode?: CodedMessage<'farcasterConnection' | 'noAuthConnector'>
  /** The instance runs on a mobile device (the app's `isMobile`, else the user agent): show a deep link, not a QR code. @default false */
  isMobile: boolean
  /** An auth connector (type 'auth') is registered. @default false */
  available: boolean
  /** Open a channel and wait for the approval; ignored while one is under way. */
  start: () => void
  /** Start again after an error (a new channel). */
  retry: () => void
  /** Give up the sign-in under way; back to 'idle'. */
  cancel: () => void
}

const ACTIVE: readonly FarcasterLoginStep[] = ['starting', 'waiting']

/**
 * Sign In With Farcaster through the auth connector (the embedded wallet): the connector opens a
 * relay channel and hands its URL over as a `farcaster` prompt; the user approves in the Farcaster
 * app while the connector polls. Connecting moves the modal to Account, as any connect does.
 */
export function useFarcasterLogin(options: UseFarcasterLoginOptions = {}): UseFarcasterLoginReturn {
  const { connection, options: instance } = usePortico()
  const connectors = useStore(connection.$connectors)
  const pending = useStore(connection.$prompt)
  const authId = connectors.find((c) => c.type === 'auth')?.id
  const authRef = useRef(authId)
  authRef.current = authId
  const [state, setState] = useState<{ step: FarcasterLoginStep; error?: CodedMessage<'farcasterConnection' | 'noAuthConnector'> }>({
    step: 'idle',
  })
  const stepRef = useRef(state.step)
  stepRef.current = state.step
  /** Numbers each sign-in: answers of an earlier (cancelled, replaced) one are ignored. */
  const attempt = useRef(0)

  const prompt = pending && pending.connectorId === authId && pending.prompt.kind === 'farcaster' ? pending.prompt : undefined
  const url = ACTIVE.includes(state.step) ? prompt?.url : undefined

  const start = useCallback(() => {
    if (ACTIVE.includes(stepRef.current)) return
    const id = ++attempt.current
    const connectorId = authRef.current
    if (!connectorId) {
      setState({ step: 'error', error: coded('noAuthConnector') })
      return
    }
    stepRef.current = 'starting'
    setState({ step: 'starting' })
    connection.connect(connectorId, { auth: { kind: 'farcaster' } }).then(
      () => {
        if (id === attempt.current) setState({ step: 'connected' })
      },
      () => {
        // The one text of SPEC §8; the connection's own 'Failed to connect' is not left for the next view.
        connection.clearError()
        if (id === attempt.current) setState({ step: 'error', error: coded('farcasterConnection') })
      },
    )
  }, [connection])

  const cancel = useCallback(() => {
    if (!ACTIVE.includes(stepRef.current)) return
    attempt.current++
    stepRef.current = 'idle'
    const asking = connection.$prompt.get()
    if (asking && asking.connectorId === authRef.current) void connection.answerPrompt({ kind: 'cancel' }).catch(() => undefined)
    setState({ step: 'idle' })
  }, [connection])

  // The prompt's URL moves 'starting' on to 'waiting'.
  const step: FarcasterLoginStep = state.step === 'starting' && prompt ? 'waiting' : state.step

  const startOnMount = options.startOnMount ?? false
  const started = useRef(false)
  useEffect(() => {
    if (!startOnMount || started.current || !authId) return
    started.current = true
    start()
  }, [startOnMount, authId, start])

  // Leaving gives the sign-in up (a StrictMode remount keeps it).
  useCancelOnUnmount(cancel, options.cancelOnUnmount ?? true)

  return {
    step,
    ...(url ? { url } : {}),
    ...(state.error ? { error: state.error.message, errorCode: state.error } : {}),
    isMobile: detectMobile(instance.isMobile),
    available: Boolean(authId),
    start,
    retry: start,
    cancel,
  }
}
