/**
 * The Portico API's SIWX session service (wire: @portico/protocol/siwx). `SiwxApi` is what the
 * default SIWX backend of core/siwx talks to; an app with its own backend implements SiwxConfig
 * instead and never loads this.
 */
import type { SiwxCreateSessionRequest, SiwxCreateSessionResponse, SiwxNonceResponse, SiwxSessionWire } from '@portico/protocol/siwx'
import {
  siwxCreateSessionResponseSchema,
  siwxNonceResponseSchema,
  siwxRevokeResponseSchema,
  siwxSessionResponseSchema,
} from '@portico/protocol/siwx'
import { ERRORS, PorticoError } from '../core/errors'
import { HttpStatusError, type Http } from './http'

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

/**
 * The API's own refusal text (`{ error }`) of a 4xx answer, if it gave one. A 5xx or 429 stays
 * 'HTTP status code: {n}': a server's failure is not a verdict on the sign-in.
 */
function refusalText(error: unknown): string | undefined {
  if (!(error instanceof HttpStatusError) || error.status >= 500 || error.status === 429) return undefined
  const body = error.body
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' && body.error.trim() !== '')
    return body.error.slice(0, 300)
  return undefined
}

/**
 * The SiwxApi over the HTTP core. Nothing is cached (every answer is about a live session); a
 * transport failure rejects with 'Something went wrong' (detail on `cause`), a 4xx refusal with
 * the API's text when it gave one ('Invalid signature', 'Invalid or expired nonce', …), else 'HTTP
 * status code: {n}'.
 */
export function createSiwxApi(http: Http, config: { apiUrl: string }): SiwxApi {
  const base = config.apiUrl
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const withRefusal = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      const text = refusalText(error)
      throw text === undefined ? error : new PorticoError(text, { cause: error })
    }
  }
  return {
    nonce: () =>
      withRefusal(() =>
        http.request({
          url: http.url(base, '/v1/siwx/nonce'),
          method: 'POST',
          schema: siwxNonceResponseSchema,
          errorText: ERRORS.somethingWentWrong,
          errorBody: true,
        }),
      ),

    createSession: (input) =>
      withRefusal(() =>
        http.request({
          url: http.url(base, '/v1/siwx/sessions'),
          method: 'POST',
          body: input,
          schema: siwxCreateSessionResponseSchema,
          errorText: ERRORS.somethingWentWrong,
          errorBody: true,
        }),
      ),

    async getSession(token) {
      try {
        const answer = await http.request({
          url: http.url(base, '/v1/siwx/session'),
          headers: bearer(token),
          schema: siwxSessionResponseSchema,
          errorText: ERRORS.somethingWentWrong,
          fresh: true,
          errorBody: true,
        })
        return answer.session
      } catch (error) {
        if (error instanceof HttpStatusError && error.status === 401) return null
        const text = refusalText(error)
        throw text === undefined ? error : new PorticoError(text, { cause: error })
      }
    },

    async revokeSession(token) {
      try {
        await http.request({
          url: http.url(base, '/v1/siwx/session/revoke'),
          method: 'POST',
          headers: bearer(token),
          schema: siwxRevokeResponseSchema,
          errorText: ERRORS.somethingWentWrong,
          errorBody: true,
        })
      } catch (error) {
        // A token the API does not know (or never signed) has no session left to end.
        if (error instanceof HttpStatusError && error.status === 401) return
        const text = refusalText(error)
        throw text === undefined ? error : new PorticoError(text, { cause: error })
      }
    },
  }
}
