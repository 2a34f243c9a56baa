/** Statuses the auth service answers on purpose. */
export type AuthErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 429 | 502 | 503

/**
 * An auth-service failure answered as `{ error: message }` with `status` (and extra headers, such
 * as `retry-after` on a 429). Never logged: it is the client's doing (502 aside, see routes/auth.ts).
 */
export class AuthError extends Error {
  readonly status: AuthErrorStatus
  readonly headers: Record<string, string>

  constructor(status: AuthErrorStatus, message: string, headers: Record<string, string> = {}, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'AuthError'
    this.status = status
    this.headers = headers
  }
}
