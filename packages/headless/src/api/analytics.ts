/**
 * Analytics host (SPEC §7, §8, §9): tracked events are queued and sent together to /batch by beacon
 * (navigator.sendBeacon when present, else fetch with keepalive) once the batch reaches 45 KB or the
 * page is hidden; error reports are POSTed to /e, at most 5 a minute. Nothing is sent, and no page
 * event is listened to, before the first call. `createApiClient` loads this module on first use.
 */
import type { AnalyticsBatch, AnalyticsEvent, ErrorReport } from '@portico/protocol/analytics'
import { ERRORS } from '../core/errors'
import type { Http } from './http'

/** SPEC §8, §9 analytics limits. */
export const ANALYTICS_LIMITS = {
  /** A batch is sent when its events reach this many bytes of JSON (45 KB). */
  batchBytes: 45 * 1024,
  /** Error reports sent per rolling minute. */
  errorReportsPerMinute: 5,
} as const

export interface AnalyticsConfig {
  /** Base URL of the analytics host. */
  analyticsUrl: string
  /** @default Date.now */
  now?: () => number
  /**
   * Sends a batch without waiting (true: queued by the browser).
   * @default navigator.sendBeacon when present, looked up per send; else fetch with keepalive
   */
  sendBeacon?: (url: string, body: string) => boolean
  /**
   * Subscribes `flush` to the page being hidden; returns the unsubscribe.
   * @default document 'visibilitychange' to hidden, when there is a document
   */
  onPageHidden?: (flush: () => void) => () => void
}

/** The loaded analytics client (synchronous queue). */
export interface AnalyticsCore {
  /** Queue an event (sent with the batch). @default timestamp now */
  track(event: string, properties?: Record<string, unknown>, timestamp?: number): void
  /** Send the queued events now; false when there was nothing to send. */
  flush(): boolean
  /** POST /e with the error; false when the minute's 5 reports are used up or the report failed. */
  reportError(error: unknown, properties?: Record<string, unknown>): Promise<boolean>
  /** Events waiting for the next batch. */
  queued(): number
  /** Stop listening to the page (queued events are kept). */
  destroy(): void
}

const encoder = new TextEncoder()

function defaultBeacon(): ((url: string, body: string) => boolean) | undefined {
  const nav = (globalThis as { navigator?: { sendBeacon?: (url: string, data?: BodyInit | null) => boolean } }).navigator
  const sendBeacon = nav?.sendBeacon
  if (!nav || typeof sendBeacon !== 'function') return undefined
  return (url, body) => sendBeacon.call(nav, url, body)
}

function defaultOnPageHidden(flush: () => void): () => void {
  const doc = (globalThis as { document?: Document }).document
  if (!doc) return () => {}
  const onChange = () => {
    if (doc.visibilityState === 'hidden') flush()
  }
  doc.addEventListener('visibilitychange', onChange)
  return () => doc.removeEventListener('visibilitychange', onChange)
}

function randomId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto
  if (c?.randomUUID) return c.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

export function createAnalyticsClient(http: Http, config: AnalyticsConfig): AnalyticsCore {
  const now = config.now ?? (() => Date.now())
  const batchUrl = () => http.url(config.analyticsUrl, '/batch')
  let queue: string[] = []
  let bytes = 0
  let stopListening: (() => void) | undefined
  const reportTimes: number[] = []

  function send(body: string): void {
    const url = batchUrl()
    const beacon = config.sendBeacon ?? defaultBeacon()
    let queued = false
    try {
      queued = beacon ? beacon(url, body) : false
    } catch {
      queued = false
    }
    if (queued) return
    // The fallback lets go of a host that does not answer within the client's timeout (a stalled
    // host would otherwise hold the request open for good).
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), http.timeoutMs)
    http
      .fetch(url, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        signal: controller.signal,
      })
      .then((res) => res.body?.cancel())
      .catch(() => {})
      .finally(() => clearTimeout(timer))
  }

  function flush(): boolean {
    if (queue.length === 0) return false
    const body = `{"events":[${queue.join(',')}]}`
    queue = []
    bytes = 0
    send(body)
    return true
  }

  return {
    track(event, properties, timestamp = now()) {
      stopListening ??= (config.onPageHidden ?? defaultOnPageHidden)(flush)
      const entry: AnalyticsEvent = { eventId: randomId(), timestamp, type: 'track', event, ...(properties ? { properties } : {}) }
      const json = JSON.stringify(entry)
      const size = encoder.encode(json).length + 1
      // A batch never grows past the limit: what is queued goes first when this event would pass it.
      if (queue.length > 0 && bytes + size > ANALYTICS_LIMITS.batchBytes) flush()
      queue.push(json)
      bytes += size
      if (bytes >= ANALYTICS_LIMITS.batchBytes) flush()
    },

    flush,

    async reportError(error, properties) {
      const t = now()
      const firstRecent = reportTimes.findIndex((at) => t - at < 60_000)
      reportTimes.splice(0, firstRecent === -1 ? reportTimes.length : firstRecent)
      if (reportTimes.length >= ANALYTICS_LIMITS.errorReportsPerMinute) return false
      reportTimes.push(t)
      const e = error instanceof Error ? error : undefined
      const report: ErrorReport = {
        type: 'error',
        timestamp: t,
        name: e?.name ?? 'Error',
        message: e ? e.message : String(error),
        ...(e?.stack ? { stack: e.stack } : {}),
        ...(properties ? { properties } : {}),
      }
      try {
        await http.request({ method: 'POST', url: http.url(config.analyticsUrl, '/e'), body: report, errorText: ERRORS.somethingWentWrong })
        return true
      } catch {
        return false
      }
    },

    queued: () => queue.length,

    destroy() {
      stopListening?.()
      stopListening = undefined
    },
  }
}

export type { AnalyticsBatch, AnalyticsEvent, ErrorReport }
