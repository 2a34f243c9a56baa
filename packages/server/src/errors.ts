/** An error that maps to an HTTP status and a JSON body `{ error: message }`. */
export class HttpError extends Error {
  readonly status: 400 | 404 | 502

  constructor(status: 400 | 404 | 502, message: string, options?: { cause?: unknown }) {
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
