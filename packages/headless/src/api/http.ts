/**
 * The HTTP core under every concern client (explorer, account, convert, profile, onramp, exchange,
 * analytics). What SPEC §7–§9 ask of every call lives here once:
 *
 * - URLs carry `projectId`, `st` (SDK type) and `sv` (SDK version) (SPEC §7).
 * - Results with a lifetime (SPEC §9) are kept in a TTL cache; only successes are kept.
 * - Identical GETs in flight share one request. A caller's `signal` aborts that caller at once; the
 *   shared request goes on for the others and is aborted only when every caller has left.
 * - Idempotent GETs are retried on network errors and on 502/503/504, `retries` times, after
 *   `retryDelayMs` (injectable timers). Timeouts are not retried: the next call asks again.
 * - Every attempt has a timeout covering the headers and the whole body, so a server that sends its
 *   headers and then drips the body times out too; bodies above `maxBodyBytes` are refused.
 * - Errors: a non-OK status → PorticoError 'HTTP status code: {n}' (an HttpStatusError with
 *   `status`); anything else (timeout, network, oversized or non-JSON body, wrong shape) → the
 *   calling method's catalogue text, with the detail for developers on `error.cause`
 *   (a RequestFailure whose `kind` says what happened).
 */
import { invalidResponseError, PorticoError } from '../core/errors'
import { defaultTimers, type Timers } from '../core/timers'
import { TtlCache } from './cache'
import { HTTP_DEFAULTS, HttpStatusError, RequestFailure, type RequestFailureKind } from './failures'

export { HTTP_DEFAULTS, HttpStatusError, RequestFailure, type RequestFailureKind } from './failures'

export interface HttpOptions {
  projectId: string
  /** Sent as `st`. */
  sdkType: string
  /** Sent as `sv`. */
  sdkVersion: string
  /** @default globalThis.fetch (looked up per call) */
  fetch?: typeof fetch
  /** Clock of the TTL cache. @default Date.now */
  now?: () => number
  /** Timers of the request timeout and the retry delay. @default the global timers, looked up per call */
  timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>
  /** Time allowed for one attempt, from sending to the last byte of the body. @default 10_000 */
  timeoutMs?: number
  /** Bodies larger than this end the call with its catalogue text. @default 5 MiB */
  maxBodyBytes?: number
  /** Extra attempts of a GET after a network error or a 502/503/504. @default 2 */
  retries?: number
  /** Wait before a retry. @default 300 */
  retryDelayMs?: number
}

/** Per-call options of every client method. */
export interface CallOptions {
  /** Aborts this call at once: it rejects with the signal's reason (others sharing the request go on). */
  signal?: AbortSignal
}

export type QueryValue = string | number | boolean | null | undefined
export type Query = Readonly<Record<string, QueryValue>>

/** What the core needs of a (zod) schema. */
export interface Schema<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }
}

export interface HttpRequest<T> {
  /** Full URL, from `http.url()`. */
  url: string
  /** @default 'GET' */
  method?: 'GET' | 'POST'
  /** A POST's body, sent as JSON. */
  body?: unknown
  /** Schema of the OK body. Without one the body is not read and the call resolves undefined. */
  schema?: Schema<T>
  /** Catalogue text (SPEC §8) of every failure but an HTTP status: timeout, network, bad body. */
  errorText: string
  /** Lifetime of a successful result in the cache (SPEC §9); 0 or absent: not cached. */
  ttl?: number
  /** Do not answer from the cache (the result is still stored). */
  fresh?: boolean
  /** Aborts this caller (it rejects with the signal's reason). */
  signal?: AbortSignal
  /** Read the JSON body of a non-OK response onto HttpStatusError.body. */
  errorBody?: boolean
  /** Extra request headers (e.g. `authorization`); GETs share a flight only with the same headers. */
  headers?: Readonly<Record<string, string>>
}

/** A non-OK response: message 'HTTP status code: {n}'. */
interface Flight {
  promise: Promise<unknown>
  controller: AbortController
  /** Callers still waiting for it. */
  waiters: number
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError')

/** Settles like `promise`, or rejects with the abort reason as soon as `signal` aborts. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal))
    if (signal.aborted) onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    void promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

const pathOf = (url: string): string => new URL(url).pathname

/**
 * Parses a response body with its schema. A body of the wrong shape (or one the parser cannot walk)
 * throws PorticoError(errorText) whose cause, a RequestFailure of kind 'bad-shape', names the path
 * and the zod issues ('Invalid response from /getWallets: count: Invalid input').
 */
export function parseResponse<T>(schema: Schema<T>, raw: unknown, errorText: string, url: string): T {
  let detail = 'unreadable body'
  let cause: unknown
  try {
    const result = schema.safeParse(raw)
    if (result.success) return result.data
    cause = result.error
    detail = result.error.issues
      .slice(0, 10)
      .map((i) => `${i.path.map(String).join('.') || 'body'}: ${i.message}`)
      .join('; ')
  } catch (error) {
    cause = error
  }
  throw new PorticoError(errorText, { cause: new RequestFailure('bad-shape', invalidResponseError(pathOf(url), detail), { cause }) })
}

export function createHttp(options: HttpOptions) {
  const cache = new TtlCache(options.now ?? (() => Date.now()))
  const timers = options.timers ?? defaultTimers
  const timeoutMs = options.timeoutMs ?? HTTP_DEFAULTS.timeoutMs
  const maxBodyBytes = options.maxBodyBytes ?? HTTP_DEFAULTS.maxBodyBytes
  const retries = Math.max(0, options.retries ?? HTTP_DEFAULTS.retries)
  const retryDelayMs = options.retryDelayMs ?? HTTP_DEFAULTS.retryDelayMs
  /** Shared GETs in flight by URL. */
  const inFlight = new Map<string, Flight>()
  /** Every request in flight (shared GETs and POSTs). */
  const active = new Set<Flight>()
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init)

  /** `base` + `path` (joined as text, so a base path such as https://host/api is kept) + query + projectId/st/sv. */
  function url(base: string, path: string, query: Query = {}): string {
    const out = new URL(`${base.replace(/\/+$/, '')}${path === '' || path.startsWith('/') ? path : `/${path}`}`)
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') out.searchParams.set(k, String(v))
    out.searchParams.set('projectId', options.projectId)
    out.searchParams.set('st', options.sdkType)
    out.searchParams.set('sv', options.sdkVersion)
    return out.toString()
  }

  /** Waits `ms`; an abort ends the wait at once (and clears the timer). */
  function delay(ms: number, signal: AbortSignal): Promise<void> {
    let handle: unknown
    const wait = new Promise<void>((resolve) => {
      handle = timers.setTimeout(resolve, ms)
    })
    return raceAbort(wait, signal).finally(() => timers.clearTimeout(handle))
  }

  /** Reads the body as JSON within the size cap; `signal` aborts the reading. */
  async function readJson(res: Response, signal: AbortSignal): Promise<unknown> {
    const declared = Number(res.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > maxBodyBytes) {
      void res.body?.cancel().catch(() => {})
      throw new RequestFailure('too-large', `body of ${declared} bytes above ${maxBodyBytes}`)
    }
    // Read chunk by chunk: the cap holds whatever the headers say, and the signal (timeout) can
    // stop a body that drips.
    const chunks: Uint8Array[] = []
    let total = 0
    const reader = res.body?.getReader()
    try {
      for (;;) {
        const chunk = reader ? await raceAbort(reader.read(), signal) : { done: true as const }
        if (chunk.done) break
        total += chunk.value.byteLength
        if (total > maxBodyBytes) throw new RequestFailure('too-large', `body above ${maxBodyBytes} bytes`)
        chunks.push(chunk.value)
      }
    } catch (error) {
      reader?.cancel().catch(() => {})
      throw error
    }
    const bytes = new Uint8Array(total)
    total = 0
    for (const c of chunks) {
      bytes.set(c, total)
      total += c.byteLength
    }
    const text = new TextDecoder().decode(bytes)
    try {
      return JSON.parse(text) as unknown
    } catch (error) {
      throw new RequestFailure('bad-json', 'body is not JSON', { cause: error })
    }
  }

  /** One attempt: fetch, status, body, all under one timeout. */
  async function attempt(req: HttpRequest<unknown>, bodyText: string | undefined, flightSignal: AbortSignal): Promise<unknown> {
    const method = req.method ?? 'GET'
    const where = `${method} ${pathOf(req.url)}`
    const controller = new AbortController()
    const onFlightAbort = () => controller.abort(flightSignal.reason)
    flightSignal.addEventListener('abort', onFlightAbort, { once: true })
    let timedOut = false
    const timer = timers.setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const settleError = (error: unknown, kind: RequestFailureKind): unknown => {
      if (flightSignal.aborted) return abortReason(flightSignal)
      // A non-OK status stays what it is when the time ran out reading its (optional) error body:
      // 'HTTP status code: {n}', retried like any 502/503/504.
      if (error instanceof HttpStatusError) return error
      if (timedOut) return new RequestFailure('timeout', `${where} timed out after ${timeoutMs} ms`)
      if (error instanceof RequestFailure) return error
      const detail = error instanceof Error ? error.message : String(error)
      return new RequestFailure(kind, `${where} failed: ${detail}`, { cause: error })
    }
    try {
      let res: Response
      try {
        const headers: Record<string, string> = { ...req.headers, accept: 'application/json' }
        if (bodyText !== undefined) headers['content-type'] = 'application/json'
        res = await raceAbort(doFetch(req.url, { method, headers, body: bodyText, signal: controller.signal }), controller.signal)
      } catch (error) {
        throw settleError(error, 'network')
      }
      try {
        if (!res.ok) {
          const body = req.errorBody ? await readJson(res, controller.signal).catch(() => undefined) : undefined
          if (!req.errorBody) void res.body?.cancel().catch(() => {})
          throw new HttpStatusError(res.status, body)
        }
        if (!req.schema) {
          void res.body?.cancel().catch(() => {})
          return undefined
        }
        return await readJson(res, controller.signal)
      } catch (error) {
        throw settleError(error, 'network')
      }
    } finally {
      timers.clearTimeout(timer)
      flightSignal.removeEventListener('abort', onFlightAbort)
    }
  }

  const retryable = (error: unknown): boolean =>
    (error instanceof RequestFailure && error.kind === 'network') ||
    (error instanceof HttpStatusError && (error.status === 502 || error.status === 503 || error.status === 504))

  /** Attempts of one request: GETs are retried (bounded) on network errors and 502/503/504. */
  async function transport(req: HttpRequest<unknown>, bodyText: string | undefined, signal: AbortSignal): Promise<unknown> {
    const extra = (req.method ?? 'GET') === 'GET' ? retries : 0
    for (let n = 0; ; n++) {
      try {
        return await attempt(req, bodyText, signal)
      } catch (error) {
        if (signal.aborted || n >= extra || !retryable(error)) throw error
        await delay(retryDelayMs, signal)
      }
    }
  }

  /** Waits for a flight on behalf of one caller; the caller's abort only makes it leave. */
  function waitFor(key: string, flight: Flight, signal: AbortSignal | undefined): Promise<unknown> {
    flight.waiters++
    if (!signal) return flight.promise
    return new Promise((resolve, reject) => {
      let done = false
      const leave = (settle: () => void) => {
        if (done) return
        done = true
        flight.waiters--
        signal.removeEventListener('abort', onAbort)
        settle()
      }
      const onAbort = () =>
        leave(() => {
          if (flight.waiters === 0) {
            if (inFlight.get(key) === flight) inFlight.delete(key)
            active.delete(flight)
            flight.controller.abort(abortReason(signal))
          }
          reject(abortReason(signal))
        })
      signal.addEventListener('abort', onAbort, { once: true })
      flight.promise.then(
        (value) => leave(() => resolve(value)),
        (error: unknown) => leave(() => reject(error)),
      )
    })
  }

  /** One call: cache, in-flight sharing (GETs), retries, timeout, size cap, schema. */
  async function request<T>(req: HttpRequest<T>): Promise<T> {
    const method = req.method ?? 'GET'
    const bodyText = req.body === undefined ? undefined : JSON.stringify(req.body)
    const headerKey =
      req.headers === undefined ? '' : `\n${JSON.stringify(Object.entries(req.headers).sort(([a], [b]) => a.localeCompare(b)))}`
    const key = method === 'GET' ? `${req.url}${headerKey}` : `${method} ${req.url}\n${bodyText ?? ''}${headerKey}`
    if (req.signal?.aborted) throw abortReason(req.signal)
    if (req.ttl && req.ttl > 0 && !req.fresh) {
      const hit = cache.get<T>(key)
      if (hit !== undefined) return hit
    }
    const shared = method === 'GET'
    let flight = shared ? inFlight.get(key) : undefined
    if (!flight) {
      const controller = new AbortController()
      const started: Flight = { controller, waiters: 0, promise: Promise.resolve() }
      started.promise = transport(req as HttpRequest<unknown>, bodyText, controller.signal).finally(() => {
        if (inFlight.get(key) === started) inFlight.delete(key)
        active.delete(started)
      })
      // Rejections reach every waiter; when all of them left, nobody listens.
      started.promise.catch(() => {})
      if (shared) inFlight.set(key, started)
      active.add(started)
      flight = started
    }
    let raw: unknown
    try {
      raw = await waitFor(key, flight, req.signal)
    } catch (error) {
      // The caller's own abort, an HTTP status as is; anything else is the method's catalogue text.
      if (req.signal?.aborted) throw abortReason(req.signal)
      throw error instanceof HttpStatusError ? error : new PorticoError(req.errorText, { cause: error })
    }
    if (!req.schema) return undefined as T
    const data = parseResponse(req.schema, raw, req.errorText, req.url)
    if (req.ttl && req.ttl > 0) cache.set(key, data, req.ttl)
    return data
  }

  return {
    url,
    request,
    /** Drop cached results whose key (URL) passes `match`; all of them without one. */
    clearCache(match?: (key: string) => boolean): void {
      if (match) cache.deleteWhere(match)
      else cache.clear()
    },
    /** Requests in flight that a caller still waits for (a shared GET counts once). */
    inFlightCount: (): number => active.size,
    options: { projectId: options.projectId, sdkType: options.sdkType, sdkVersion: options.sdkVersion },
    /** The fetch in use (for the analytics beacon fallback). */
    fetch: doFetch,
    /** Time allowed for one attempt (the analytics beacon fallback keeps to it too). */
    timeoutMs,
  }
}

export type Http = ReturnType<typeof createHttp>
