/**
 * The frame client: the host page's end of the secure frame (SPEC §4, §5, §7, §8, §9).
 *
 * It mounts the frame (a cross-origin iframe) with the SPEC §7 URL parameters, posts app events with
 * the frame's exact origin as targetOrigin, and accepts a message only when its origin is the
 * frame's AND its source is the frame's window. Everything received is parsed with
 * parseFrameMessage; what fails is logged (enableLogger) and ignored. A reply settles the one open
 * request of its id and type, once; replayed and unknown ids are ignored.
 */
import { ERRORS, PorticoError, type Timers, defaultTimers } from '@portico/headless'
import {
  APP_CHANNEL,
  isSafeRpcMethod,
  parseFrameMessage,
  type AppEventPayload,
  type AppEventType,
  type FrameSuccess,
} from '@portico/protocol/frame'
import {
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  FRAME_REQUEST_TIMEOUT_MS,
  FRAME_SIGN_OUT_WAIT_MS,
  NO_LOAD_TIMEOUT_EVENTS,
  NOT_ABORTED_EVENTS,
  REQUEST_TIMEOUT_EVENTS,
  type FrameTimeoutReason,
} from './constants'

/** The part of a window the client posts to (the iframe's contentWindow). */
export interface FrameWindow {
  postMessage(message: unknown, targetOrigin: string): void
}

/** A mounted frame. `contentWindow` is null once it is gone. */
export interface MountedFrame {
  readonly contentWindow: FrameWindow | null
  /**
   * Show the frame at a size (e.g. a social provider's button), or hide it again (undefined). With
   * `left` and `top` (viewport px) it is placed there, above the page (key export over the modal).
   */
  setSize?(size: { width: number; height: number; left?: number; top?: number } | undefined): void
  remove(): void
}

/** What a received message looks like to the client (a MessageEvent's three fields). */
export interface ReceivedMessage {
  origin: string
  source: unknown
  data: unknown
}

/** Where the client lives: the DOM in a browser, a fake in unit tests. */
export interface FrameEnvironment {
  /** Insert the iframe with this src (hidden). */
  mount(src: string): MountedFrame
  /** Listen for window 'message' events; returns the unsubscribe function. */
  listen(handler: (event: ReceivedMessage) => void): () => void
}

export interface FrameClientOptions {
  /** The frame app's URL (its own origin), e.g. 'https://frame.portico.example/'. */
  frameUrl: string
  projectId: string
  /** The chain the frame starts on (an EVM chain id). */
  chainId: number | string
  /** The SDK version, passed as the `version` URL parameter. */
  version: string
  /** The chain RPC the frame forwards safe reads to. */
  rpcUrl?: string
  /** Log ignored messages to the console (and tell the frame to log). @default false */
  enableLogger?: boolean
  enableCloudAuthAccount?: boolean
  /** The app's narrowing of the project's confirmation policy, as JSON (the frame URL's `policy`). @default none */
  policy?: string
  /** Called with 'iframe_load_failed' / 'iframe_request_timeout' before the request is aborted (SPEC §8). */
  onTimeout?: (reason: FrameTimeoutReason) => void
  /** @default the browser DOM (document.body, window) */
  environment?: FrameEnvironment
  /** @default defaultTimers */
  timers?: Timers
  /** Receives ignored-message reports when enableLogger is on. @default console.warn */
  logger?: (message: string, detail?: unknown) => void
}

export interface RequestOptions {
  /** Abort this request: it rejects with the signal's reason (or SPEC §8's abort text). */
  signal?: AbortSignal
}

export interface FrameClient {
  /** The frame URL with the SPEC §7 parameters (the iframe's src). */
  readonly src: string
  /** The frame's origin: every post's targetOrigin and the only accepted event.origin. */
  readonly origin: string
  /** Post an app event and wait for its reply (SUCCESS payload, or rejection with the ERROR message). */
  request<T extends AppEventType>(type: T, payload: AppEventPayload<T>, options?: RequestOptions): Promise<FrameSuccess<T>>
  /** An RPC request through the frame; resolves with its result. */
  rpc(
    method: string,
    params: unknown[] | undefined,
    target?: { chainId?: number | string; namespace?: 'eip155' | 'solana' },
  ): Promise<unknown>
  /** SPEC §4: abort the open RPC requests; unsafe ones reject 'Request was aborted', safe ones continue. */
  abortRpcRequests(): void
  /** Abort every open request: RPC as abortRpcRequests, the others 'Something went wrong' (not the Farcaster URI). */
  abortAll(): void
  /** SIGN_OUT, giving up after 3 s (never rejects). */
  signOut(): Promise<void>
  /** Resolves once the frame is ready (READY + 500 ms). */
  whenReady(): Promise<void>
  isReady(): boolean
  /** Show the frame at a size (and place, with left and top), or hide it (undefined). */
  setSize(size: { width: number; height: number; left?: number; top?: number } | undefined): void
  /** The receive handler (exported for tests): true when the message was accepted. */
  handleMessage(event: ReceivedMessage): boolean
  /** Number of requests waiting for a reply. */
  pendingCount(): number
  /** Remove the frame, stop listening, reject what is open with 'W3mFrame: iframe is not set'. */
  destroy(): void
}

interface Pending {
  type: AppEventType
  method?: string
  resolve(value: unknown): void
  reject(error: unknown): void
}

/** The frame URL with SPEC §7's query parameters. */
export function frameSrc(
  options: Pick<
    FrameClientOptions,
    'frameUrl' | 'projectId' | 'chainId' | 'version' | 'rpcUrl' | 'enableLogger' | 'enableCloudAuthAccount' | 'policy'
  >,
): string {
  const url = new URL(options.frameUrl)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('chainId', String(options.chainId))
  url.searchParams.set('version', options.version)
  url.searchParams.set('enableLogger', options.enableLogger ? 'true' : 'false')
  if (options.rpcUrl) url.searchParams.set('rpcUrl', options.rpcUrl)
  if (options.enableCloudAuthAccount !== undefined) url.searchParams.set('enableCloudAuthAccount', String(options.enableCloudAuthAccount))
  if (options.policy !== undefined) url.searchParams.set('policy', options.policy)
  return url.toString()
}

/** The browser DOM environment: a hidden iframe appended to document.body. */
export function domEnvironment(): FrameEnvironment {
  return {
    mount(src) {
      const doc = globalThis.document
      if (!doc?.body) return { contentWindow: null, remove() {} }
      const iframe = doc.createElement('iframe')
      iframe.src = src
      iframe.title = 'Portico secure frame'
      iframe.setAttribute('aria-hidden', 'true')
      iframe.setAttribute('data-testid', 'portico-secure-frame')
      iframe.setAttribute('referrerpolicy', 'origin')
      // Passkeys (issue 22 §2): the frame's origin is the relying party; WebAuthn in a cross-origin
      // iframe needs the page to delegate it (Permissions Policy, for the frame's origin only). The key
      // export view's Copy button writes to the clipboard from the frame's own document.
      iframe.setAttribute('allow', 'publickey-credentials-get; publickey-credentials-create; clipboard-write')
      const hide = () => {
        iframe.setAttribute('aria-hidden', 'true')
        iframe.style.cssText = 'position:fixed;width:0;height:0;border:0;opacity:0;pointer-events:none;left:-10px;top:-10px;'
      }
      hide()
      doc.body.appendChild(iframe)
      return {
        get contentWindow() {
          return iframe.isConnected ? iframe.contentWindow : null
        },
        setSize(size) {
          if (!size) return hide()
          const placed =
            size.left === undefined || size.top === undefined
              ? ''
              : `left:${Math.round(size.left)}px;top:${Math.round(size.top)}px;z-index:2147483647;`
          iframe.style.cssText = `position:fixed;border:0;width:${Math.round(size.width)}px;height:${Math.round(size.height)}px;${placed}`
          // Placed over the page, the frame shows something to read (the exported key).
          if (placed) iframe.removeAttribute('aria-hidden')
        },
        remove: () => iframe.remove(),
      }
    },
    listen(handler) {
      const w = globalThis.window
      if (!w) return () => {}
      const listener = (event: MessageEvent) => handler(event)
      w.addEventListener('message', listener)
      return () => w.removeEventListener('message', listener)
    },
  }
}

const randomId = (): string => globalThis.crypto.randomUUID()

export function createFrameClient(options: FrameClientOptions): FrameClient {
  const timers = options.timers ?? defaultTimers
  const src = frameSrc(options)
  const origin = new URL(src).origin
  const log = (message: string, detail?: unknown) => {
    if (!options.enableLogger) return
    ;(options.logger ?? ((m: string, d?: unknown) => console.warn(`[portico:frame] ${m}`, d ?? '')))(message, detail)
  }
  const environment = options.environment ?? domEnvironment()
  const pending = new Map<string, Pending>()
  let frame: MountedFrame | undefined = environment.mount(src)
  let ready = false
  let readySeen = false
  let readyResolve!: () => void
  const readyPromise = new Promise<void>((resolve) => (readyResolve = resolve))
  let unlisten: (() => void) | undefined = environment.listen((event) => void handleMessage(event))

  function handleMessage(event: ReceivedMessage): boolean {
    try {
      if (!event || event.origin !== origin) return false
      const win = frame?.contentWindow
      if (!win || event.source !== win) return false
      const message = parseFrameMessage(event.data)
      if (!message) {
        log('ignored a message that fails the frame schema')
        return false
      }
      if (message.type === 'READY') {
        if (readySeen) return false
        readySeen = true
        timers.setTimeout(() => {
          ready = true
          readyResolve()
        }, FRAME_READY_DELAY_MS)
        return true
      }
      const open = pending.get(message.id)
      if (!open) {
        log('ignored a reply to an unknown or settled request', message.type)
        return false
      }
      const isError = message.type.endsWith('_ERROR')
      const replyTo = message.type.slice(0, message.type.length - (isError ? '_ERROR'.length : '_SUCCESS'.length))
      if (replyTo !== open.type) {
        log('ignored a reply of another type', message.type)
        return false
      }
      pending.delete(message.id)
      if (isError) {
        const text = (message.payload as { message?: string }).message
        open.reject(new PorticoError(text?.trim() ? text : ERRORS.frameGeneric))
      } else open.resolve(message.payload)
      return true
    } catch (error) {
      log('ignored a message that could not be read', error)
      return false
    }
  }

  /** READY (+500 ms), bounded by the 20 s load timeout unless the event is exempt. */
  function waitReady(type: AppEventType): Promise<void> {
    if (ready) return Promise.resolve()
    if (NO_LOAD_TIMEOUT_EVENTS.includes(type)) return readyPromise
    return new Promise<void>((resolve, reject) => {
      const timer = timers.setTimeout(() => {
        options.onTimeout?.('iframe_load_failed')
        reject(new PorticoError(ERRORS.frameLoad))
      }, FRAME_LOAD_TIMEOUT_MS)
      void readyPromise.then(() => {
        timers.clearTimeout(timer)
        resolve()
      })
    })
  }

  const abortError = (p: Pending) => new PorticoError(p.type === 'RPC_REQUEST' ? ERRORS.requestAborted : ERRORS.somethingWentWrong)

  async function request<T extends AppEventType>(
    type: T,
    payload: AppEventPayload<T>,
    opts: RequestOptions = {},
  ): Promise<FrameSuccess<T>> {
    const { signal } = opts
    if (signal?.aborted) throw signal.reason ?? new PorticoError(ERRORS.somethingWentWrong)
    if (!frame?.contentWindow) throw new PorticoError(ERRORS.frameNotSet)
    await waitReady(type)
    if (signal?.aborted) throw signal.reason ?? new PorticoError(ERRORS.somethingWentWrong)
    const win = frame?.contentWindow
    if (!win) throw new PorticoError(ERRORS.frameNotSet)
    const id = randomId()
    return new Promise<FrameSuccess<T>>((resolve, reject) => {
      let timer: unknown
      const onAbort = () => {
        const open = pending.get(id)
        if (!open) return
        pending.delete(id)
        open.reject(signal?.reason ?? abortError(open))
      }
      const done = () => {
        if (timer !== undefined) timers.clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
      }
      const method = type === 'RPC_REQUEST' ? (payload as { method?: string }).method : undefined
      pending.set(id, {
        type,
        ...(method === undefined ? {} : { method }),
        resolve: (value) => {
          done()
          resolve(value as FrameSuccess<T>)
        },
        reject: (error) => {
          done()
          reject(error)
        },
      })
      signal?.addEventListener('abort', onAbort, { once: true })
      if (REQUEST_TIMEOUT_EVENTS.includes(type)) {
        timer = timers.setTimeout(() => {
          timer = undefined
          if (!pending.has(id)) return
          options.onTimeout?.('iframe_request_timeout')
          const open = pending.get(id)
          if (!open) return
          pending.delete(id)
          open.reject(abortError(open))
        }, FRAME_REQUEST_TIMEOUT_MS)
      }
      try {
        win.postMessage({ channel: APP_CHANNEL, id, type, payload }, origin)
      } catch (error) {
        pending.delete(id)
        done()
        reject(error)
      }
    })
  }

  function abortRpcRequests(): void {
    for (const [id, open] of [...pending]) {
      if (open.type !== 'RPC_REQUEST' || (open.method !== undefined && isSafeRpcMethod(open.method))) continue
      pending.delete(id)
      open.reject(new PorticoError(ERRORS.requestAborted))
    }
    if (ready && frame?.contentWindow) void request('RPC_ABORT', {}).catch(() => undefined)
  }

  function abortAll(): void {
    abortRpcRequests()
    for (const [id, open] of [...pending]) {
      if (open.type === 'RPC_REQUEST' || NOT_ABORTED_EVENTS.includes(open.type)) continue
      pending.delete(id)
      open.reject(new PorticoError(ERRORS.somethingWentWrong))
    }
  }

  return {
    src,
    origin,
    request,
    async rpc(method, params, target = {}) {
      const reply = await request('RPC_REQUEST', {
        method,
        ...(params === undefined ? {} : { params }),
        ...(target.chainId === undefined ? {} : { chainId: target.chainId }),
        ...(target.namespace === undefined ? {} : { namespace: target.namespace }),
      })
      return reply.result
    },
    abortRpcRequests,
    abortAll,
    signOut() {
      return new Promise<void>((resolve) => {
        const timer = timers.setTimeout(resolve, FRAME_SIGN_OUT_WAIT_MS)
        const finish = () => {
          timers.clearTimeout(timer)
          resolve()
        }
        request('SIGN_OUT', {}).then(finish, finish)
      })
    },
    whenReady: () => readyPromise,
    isReady: () => ready,
    setSize: (size) => frame?.setSize?.(size),
    handleMessage,
    pendingCount: () => pending.size,
    destroy() {
      unlisten?.()
      unlisten = undefined
      frame?.remove()
      frame = undefined
      for (const [id, open] of [...pending]) {
        pending.delete(id)
        open.reject(new PorticoError(ERRORS.frameNotSet))
      }
    },
  }
}
