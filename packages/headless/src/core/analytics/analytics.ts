/**
 * Analytics wiring (SPEC §7, §9; issue 15): off unless the server's GET /getAnalyticsConfig says on.
 * That question is asked once, at the first modal open (the explorer flow's wiring, whose chunk
 * holds this module, starts it then and exposes the session as `explorer.analytics`): before it,
 * nothing is requested and nothing listens to the page. When on, events go through the API client's analytics (batched to /batch by beacon at
 * 45 KB or when the page is hidden); when off or unanswered, nothing is ever sent.
 *
 * Tracked, without personal data (no address, no email): the swap and approval failures of SPEC §7
 * (message, network, tokens, amounts, smart-account flag), each modal open, and each connection's
 * success or failure (connector type and namespace, the SPEC §8 error text).
 */
import type { FlowHost } from '../host'
import type { AnalyticsSession } from './types'

export type { AnalyticsSession } from './types'

/** The lifecycle events' names (the swap's are its own: SWAP_ERROR, SWAP_APPROVAL_ERROR). */
export const ANALYTICS_EVENTS = { modalOpen: 'MODAL_OPEN', connectSuccess: 'CONNECT_SUCCESS', connectError: 'CONNECT_ERROR' } as const

/** Events kept while the server has not answered yet; more are dropped. */
const PENDING_MAX = 50

const sessions = new WeakMap<FlowHost, AnalyticsSession & { start(): void }>()

/** Addresses out of any text sent (a wallet's error message may quote one). */
const ADDRESS = /\b0x[0-9a-fA-F]{40}\b|\b[1-9A-HJ-NP-Za-km-z]{32,44}\b/g
export function scrub(properties: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(properties)) out[key] = typeof value === 'string' ? value.replace(ADDRESS, '[address]') : value
  return out
}

function session(host: FlowHost): AnalyticsSession & { start(): void } {
  let found = sessions.get(host)
  if (found) return found
  let state: 'unknown' | 'on' | 'off' = 'unknown'
  let started = false
  let pending: [string, Record<string, unknown> | undefined][] = []
  const send = (event: string, properties?: Record<string, unknown>) =>
    host.api.analytics.track(event, properties ? scrub(properties) : undefined)
  const track = (event: string, properties?: Record<string, unknown>) => {
    if (state === 'on') send(event, properties)
    else if (state === 'unknown' && pending.length < PENDING_MAX) pending.push([event, properties])
  }
  const lifecycle = () => {
    const modal = host.get('modal')
    const connection = host.get('connection')
    // Each later open (the first one is tracked by start).
    let wasOpen = modal.$modal.get().open
    modal.$modal.listen((m) => {
      if (m.open && !wasOpen) track(ANALYTICS_EVENTS.modalOpen)
      wasOpen = m.open
    })
    let connecting = connection.$connecting.get()
    connection.$connecting.listen((id) => {
      const ended = connecting
      connecting = id
      if (id !== null || ended === null) return
      // The failure's text is set just after the connecting id is cleared.
      queueMicrotask(() => {
        const connector = connection.getConnector(ended)
        const base = { connector: connector?.type ?? 'unknown', namespace: connector?.namespace ?? '' }
        const error = connection.$error.get()
        if (error) track(ANALYTICS_EVENTS.connectError, { ...base, message: error })
        else if (connection.$status.get() === 'connected') track(ANALYTICS_EVENTS.connectSuccess, base)
      })
    })
  }
  found = {
    track,
    status: () => state,
    start() {
      if (started) return
      started = true
      track(ANALYTICS_EVENTS.modalOpen)
      // Without an API: off, nothing asked.
      const config = host.options.apiUrl ? host.api.explorer.getAnalyticsConfig() : Promise.reject(new Error('no API'))
      config.then(
        (config) => {
          state = config.isAnalyticsEnabled ? 'on' : 'off'
          const queued = pending
          pending = []
          if (state === 'on') {
            for (const [event, properties] of queued) send(event, properties)
            lifecycle()
          }
        },
        () => {
          // No answer: analytics stay off for this page.
          state = 'off'
          pending = []
        },
      )
    },
  }
  sessions.set(host, found)
  return found
}

/** The instance's analytics (one per createPortico): what the flows track through. */
export const analyticsFor = (host: FlowHost): AnalyticsSession => session(host)

/** Start analytics at the first modal open: asks GET /getAnalyticsConfig once (later calls do nothing). */
export function startAnalytics(host: FlowHost): void {
  session(host).start()
}
