/**
 * The Portico API's SIWX session service (wire: @portico/protocol/siwx). `SiwxApi` is what the
 * default SIWX backend of core/siwx talks to; an app with its own backend implements SiwxConfig
 * instead and never loads this.
 */
import type { SiwxCreateSessionRequest, SiwxCreateSessionResponse, SiwxNonceResponse, SiwxSessionWire } from '@portico/protocol/siwx'

export interface SiwxApi {
  /** POST /v1/siwx/nonce. */
  nonce(): Promise<SiwxNonceResponse>
  /** POST /v1/siwx/sessions: rejects with the API's error text (e.g. an invalid signature). */
  createSession(input: SiwxCreateSessionRequest): Promise<SiwxCreateSessionResponse>
  /** GET /v1/siwx/session with the token: null when the API answers 401 (expired, revoked, unknown). */
  getSession(token: string): Promise<SiwxSessionWire | null>
  /** POST /v1/siwx/session/revoke with the token. */
  revokeSession(token: string): Promise<void>
}
