/** The statuses a route answers on purpose; anything else thrown becomes a 500. */
export type HttpErrorStatus = 400 | 401 | 403 | 404 | 413 | 415 | 429 | 502 | 503

/**
 * An error that maps to an HTTP status and a JSON body `{ error: message }`. 4xx are the client's
 * fault and are never logged; 502 (an upstream failed) is reported through the rate-limited log.
 */
export class HttpError extends Error {
  readonly status: HttpErrorStatus

  constructor(status: HttpErrorStatus, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'HttpError'
    this.status = status
  }
}

/** A chain's RPC endpoint failed or returned unusable data. Answered with 502. */
export class ChainRpcError extends HttpError {
  readonly caipNetworkId: string

  constructor(caipNetworkId: string, cause: unknown) {
    super(502, `RPC request to ${caipNetworkId} failed`, { cause })
    this.name = 'ChainRpcError'
    this.caipNetworkId = caipNetworkId
  }
}

// C0 and C1 controls (U+0000–U+001F, U+007F–U+009F) as character-class ranges; with the line and paragraph separators.
const C0_C1 = '\\u0000-\\u001f\\u007f-\\u009f'
const UNPRINTABLE = new RegExp(`[${C0_C1}\\u2028\\u2029]`, 'g')

/**
 * `value` fit to be echoed in an error message: at most `max` characters (then `…`), JSON-escaped
 * control characters so a message can not forge log lines.
 */
export function preview(value: unknown, max = 100): string {
  const text = String(value)
  const cut = text.length > max ? `${text.slice(0, max)}…` : text
  return cut.replace(UNPRINTABLE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
