/**
 * The app's own requests, previewed before they reach a wallet the user brought (issue 23 §2,
 * `getProvider('eip155', { preview: true })`): a queue of pending requests, the first one shown in
 * the modal's RequestPreview view with its preview (decoded, flags, simulation), and the user's answer.
 * Continue forwards the request to the wallet and settles with the wallet's answer; Cancel, or the
 * modal closing, rejects with 4001 and the wallet never sees it. One request is shown at a time; the
 * next one shows when the first is settled. A lazy flow: only a previewing provider loads it.
 */
import { atom, type ReadableAtom } from 'nanostores'
import { ERRORS, PorticoError, USER_REJECTED_CODE } from '../errors'
import type { RouteData, RouteEntry, RouteView } from '../types'
import { IDLE_PREVIEW, type PreviewFlow, type PreviewState } from './preview'
import type { PreviewRequest } from './request'

/** The methods a previewing provider holds back for the user's review. */
export const PREVIEWED_METHODS = [
  'eth_sendTransaction',
  'wallet_sendTransaction',
  'wallet_sendCalls',
  'eth_signTypedData_v4',
  'personal_sign',
] as const
export type PreviewedMethod = (typeof PREVIEWED_METHODS)[number]

/** A request waiting for the user, as the app sent it (personal_sign as [message, address]). */
export interface PendingRequest {
  /** Increasing per flow; the RequestPreview route carries it. */
  id: number
  method: PreviewedMethod
  params: readonly unknown[]
}

/**
 * idle: nothing to review; previewing: the shown request is being decoded and simulated; review: its
 * preview is there (or could not be made) and waits for Continue or Cancel; confirming: the user
 * pressed Continue and the wallet is asked.
 */
export type RequestPreviewPhase = 'idle' | 'previewing' | 'review' | 'confirming'

/** The main button: 'continue', or 'continueAnyway' when the simulation says the transaction fails. */
export type RequestPreviewAction = 'continue' | 'continueAnyway'

export interface RequestPreviewState {
  phase: RequestPreviewPhase
  /** The request shown (the first of the queue); null when idle. */
  request: PendingRequest | null
  /** How many more requests wait behind it. */
  queued: number
  /** The shown request's preview (its own engine: the usePreview store is not touched). */
  preview: PreviewState
  action: RequestPreviewAction
  /** Continue may be pressed (phase review). */
  canContinue: boolean
  /** Cancel may be pressed (phase previewing or review). */
  canCancel: boolean
}

export const IDLE_REQUEST_PREVIEW: RequestPreviewState = {
  phase: 'idle',
  request: null,
  queued: 0,
  preview: IDLE_PREVIEW,
  action: 'continue',
  canContinue: false,
  canCancel: false,
}

export interface RequestPreviewDeps {
  /** A preview engine of this flow's own. */
  engine: Pick<PreviewFlow, '$preview' | 'preview' | 'reset'>
  modal: {
    $modal: ReadableAtom<{ open: boolean }>
    open: (options: { view: 'RequestPreview'; data: RouteData<'RequestPreview'> }) => Promise<void>
    close: () => void
  }
  router: {
    $route: ReadableAtom<RouteEntry>
    replace: (view: 'RequestPreview', data: RouteData<'RequestPreview'>) => void
  }
}

interface Entry extends PendingRequest {
  send: () => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const VIEW: RouteView = 'RequestPreview'
const rejected = () => new PorticoError(ERRORS.userRejected, { code: USER_REJECTED_CODE })

/** The engine's request for a pending one (wallet_sendTransaction is read as eth_sendTransaction). */
export function previewRequestOf(request: Pick<PendingRequest, 'method' | 'params'>): PreviewRequest {
  const method = request.method === 'wallet_sendTransaction' ? 'eth_sendTransaction' : request.method
  return { method, params: request.params } as PreviewRequest
}

export interface RequestPreviewFlow {
  $requestPreview: ReadableAtom<RequestPreviewState>
  /**
   * Holds `request` for the user's review (queued behind any shown one). Continue calls `send` and
   * settles with its answer; Cancel or closing the modal rejects with 4001 ('User rejected the
   * request') and `send` is never called.
   */
  ask: (request: Pick<PendingRequest, 'method' | 'params'>, send: () => Promise<unknown>) => Promise<unknown>
  /** Continue: the shown request goes to the wallet (only in phase review). */
  approve: () => void
  /** Cancel: the shown request is rejected with 4001; the next one, if any, shows. */
  reject: () => void
}

export function createRequestPreview(deps: RequestPreviewDeps): RequestPreviewFlow {
  const { engine, modal, router } = deps
  const $state = atom<RequestPreviewState>(IDLE_REQUEST_PREVIEW)
  const queue: Entry[] = []
  let nextId = 1
  /** The entry being sent to the wallet: out of the queue, settled by the wallet's answer. */
  let sending: Entry | undefined
  /** show() is opening the modal: its route reset and open are not the user leaving. */
  let opening = false

  /** The entry shown: the one the wallet is asked for, else the head of the queue. */
  const shown = (): Entry | undefined => sending ?? queue[0]

  function publish(phase: RequestPreviewPhase): void {
    const entry = shown()
    if (!entry) {
      $state.set(IDLE_REQUEST_PREVIEW)
      return
    }
    const preview = engine.$preview.get()
    $state.set({
      phase,
      request: { id: entry.id, method: entry.method, params: entry.params },
      queued: sending ? queue.length : queue.length - 1,
      preview,
      action: preview.failing ? 'continueAnyway' : 'continue',
      canContinue: phase === 'review',
      canCancel: phase === 'previewing' || phase === 'review',
    })
  }

  /** Shows the head of the queue: the modal on RequestPreview, its preview made. */
  function show(): void {
    const head = queue[0]
    if (!head) {
      engine.reset()
      publish('idle')
      return
    }
    const data = { id: head.id }
    engine.reset()
    publish('previewing')
    // The modal's own steps (its route reset, then open) are not the user leaving the review.
    opening = true
    try {
      if (modal.$modal.get().open && router.$route.get().view === VIEW) router.replace('RequestPreview', data)
      else void modal.open({ view: 'RequestPreview', data }).catch(() => undefined)
    } finally {
      opening = false
    }
    void engine.preview(previewRequestOf(head)).then(() => {
      if (queue[0] === head) publish('review')
    })
  }

  /** The shown request is settled: the next one shows, or the modal closes when it still shows this view. */
  function advance(): void {
    if (queue.length) {
      show()
      return
    }
    engine.reset()
    publish('idle')
    if (modal.$modal.get().open && router.$route.get().view === VIEW) modal.close()
  }

  /** Every request still held is rejected (the user left the review: the modal closed or moved on). */
  function rejectAll(): void {
    const held = queue.splice(0)
    if (!held.length) return
    for (const entry of held) entry.reject(rejected())
    if (sending) {
      publish('confirming')
      return
    }
    engine.reset()
    publish('idle')
  }

  const left = () => !opening && (!modal.$modal.get().open || router.$route.get().view !== VIEW)
  // Closing the modal (its close button, Escape, the app) or another view in its place rejects every
  // held request; one already sent is settled by the wallet's answer.
  modal.$modal.listen(() => {
    if (queue.length && left()) rejectAll()
  })
  router.$route.listen(() => {
    if (queue.length && left()) rejectAll()
  })
  engine.$preview.listen(() => {
    const phase = $state.get().phase
    if (shown() && phase !== 'idle') publish(phase)
  })

  function ask(request: Pick<PendingRequest, 'method' | 'params'>, send: () => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      queue.push({ id: nextId++, method: request.method, params: request.params, send, resolve, reject })
      if (!sending && queue.length === 1) show()
      else publish($state.get().phase)
    })
  }

  function approve(): void {
    const head = queue[0]
    if (!head || sending || $state.get().phase !== 'review') return
    // Out of the queue now: closing the modal while the wallet is asked no longer rejects it.
    queue.shift()
    sending = head
    publish('confirming')
    const done = () => {
      sending = undefined
      advance()
    }
    let answer: Promise<unknown>
    try {
      answer = head.send()
    } catch (error) {
      answer = Promise.reject(error)
    }
    answer.then(
      (value) => {
        head.resolve(value)
        done()
      },
      (error: unknown) => {
        head.reject(error)
        done()
      },
    )
  }

  function reject(): void {
    const head = queue[0]
    const phase = $state.get().phase
    if (!head || sending || (phase !== 'previewing' && phase !== 'review')) return
    queue.shift()
    head.reject(rejected())
    advance()
  }

  return { $requestPreview: $state, ask, approve, reject }
}
