/**
 * What callers of the API client may need without loading it: its defaults and its error types
 * (a PorticoError with the HTTP status, and the developer detail on a failure's `cause`).
 */
import { httpStatusError, PorticoError } from '../core/errors'

/** Defaults of the HTTP core (every one an ApiClientOptions field). */
export const HTTP_DEFAULTS = {
  /** Per attempt, headers and body together. */
  timeoutMs: 10_000,
  /** Largest response body read (5 MiB). */
  maxBodyBytes: 5 * 1024 * 1024,
  /** Extra attempts of a GET after a network error or a 502/503/504. */
  retries: 2,
  /** Wait before each retry. */
  retryDelayMs: 300,
} as const

/** A non-OK response: 'HTTP status code: {n}' (SPEC §8), with the status and the body. */
export class HttpStatusError extends PorticoError {
  readonly status: number
  /** The JSON body, when the request asked for it and it could be read. */
  readonly body?: unknown
  constructor(status: number, body?: unknown) {
    super(httpStatusError(status))
    this.status = status
    if (body !== undefined) this.body = body
  }
}

export type RequestFailureKind = 'timeout' | 'network' | 'too-large' | 'bad-json' | 'bad-shape'

/** The developer detail of a failed call (on `PorticoError.cause`); users see the catalogue text. */
export class RequestFailure extends Error {
  override readonly name = 'RequestFailure'
  constructor(
    readonly kind: RequestFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
  }
}
