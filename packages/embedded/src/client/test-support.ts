/**
 * Test support: a fake frame environment for the client (a boundary fake — the real frame runs in
 * the e2e tests). The fake window records what the client posts; `reply` answers as the frame would.
 */
import type { FrameEnvironment, MountedFrame, ReceivedMessage } from './client'

export const FRAME_ORIGIN = 'http://127.0.0.1:4100'
export const FRAME_URL = `${FRAME_ORIGIN}/`

export interface Posted {
  message: { channel: string; id: string; type: string; payload: unknown }
  targetOrigin: string
}

export function fakeFrameEnvironment() {
  const posted: Posted[] = []
  const listeners = new Set<(event: ReceivedMessage) => void>()
  let onPost: ((p: Posted) => void) | undefined
  const win = {
    postMessage(message: unknown, targetOrigin: string) {
      const p = { message: message as Posted['message'], targetOrigin }
      posted.push(p)
      onPost?.(p)
    },
  }
  let mounted: (MountedFrame & { src: string; removed: boolean; size?: { width: number; height: number } | undefined }) | undefined
  const environment: FrameEnvironment = {
    mount(src) {
      const m = {
        src,
        removed: false,
        size: undefined as { width: number; height: number } | undefined,
        get contentWindow() {
          return m.removed ? null : win
        },
        setSize(size: { width: number; height: number } | undefined) {
          m.size = size
        },
        remove() {
          m.removed = true
        },
      }
      mounted = m
      return m
    },
    listen(handler) {
      listeners.add(handler)
      return () => listeners.delete(handler)
    },
  }
  /** Deliver a message to the client as a window 'message' event. */
  const deliver = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    for (const l of listeners) l({ origin: from.origin ?? FRAME_ORIGIN, source: 'source' in from ? from.source : win, data })
  }
  return {
    environment,
    win,
    posted,
    listenerCount: () => listeners.size,
    get mounted() {
      return mounted
    },
    deliver,
    ready: () => deliver({ channel: 'portico:frame', type: 'READY' }),
    /** Answer a posted request with SUCCESS. */
    succeed: (p: Posted, payload: unknown = {}) =>
      deliver({ channel: 'portico:frame', id: p.message.id, type: `${p.message.type}_SUCCESS`, payload }),
    fail: (p: Posted, message: string) =>
      deliver({ channel: 'portico:frame', id: p.message.id, type: `${p.message.type}_ERROR`, payload: { message } }),
    /** Called on every post (e.g. to answer automatically). */
    onPost(fn: ((p: Posted) => void) | undefined) {
      onPost = fn
    },
    last: (type?: string) => [...posted].reverse().find((p) => !type || p.message.type === type),
  }
}
