/**
 * Sign in with the wallet (SIWX): the Portico API's session service. The client asks for a nonce,
 * has the wallet sign a sign-in message (EIP-4361 on eip155, CAIP-122 on the other namespaces that
 * sign), and trades message + signature for a session and its token (a JWT signed with a key the
 * server publishes at /.well-known/jwks.json). An app's own backend checks a visitor's session with
 * GET /v1/siwx/session (the token as a Bearer) or by verifying the JWT against the JWKS.
 *
 * | Method | Path | Body | Answer |
 * |---|---|---|---|
 * | POST | /v1/siwx/nonce | none | SiwxNonceResponse |
 * | POST | /v1/siwx/sessions | SiwxCreateSessionRequest | SiwxCreateSessionResponse |
 * | GET | /v1/siwx/session | none (Authorization: Bearer token) | SiwxSessionResponse, 401 when missing/expired/revoked |
 * | POST | /v1/siwx/session/revoke | none (Authorization: Bearer token) | { revoked: true } |
 * | GET | /.well-known/jwks.json | none | { keys: JWK[] } |
 *
 * Errors answer 4xx with `{ error }` (never 500 to bad input).
 */
import { z } from 'zod/mini'

/** A nonce: single use, valid until expiresAt. */
export const siwxNonceResponseSchema = z.object({
  nonce: z.string().check(z.regex(/^[A-Za-z0-9]{8,64}$/)),
  /** ISO 8601. */
  expiresAt: z.string(),
})
export type SiwxNonceResponse = z.infer<typeof siwxNonceResponseSchema>

export const siwxCreateSessionRequestSchema = z.object({
  /** The serialized sign-in message, exactly as signed. */
  message: z.string().check(z.minLength(1), z.maxLength(8192)),
  /** 0x-hex on eip155, base58 on solana. */
  signature: z.string().check(z.minLength(1), z.maxLength(8192)),
  /** CAIP-2 network id, e.g. 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'. */
  chainId: z.string().check(z.minLength(3), z.maxLength(100)),
  /** The account that signed (as in the message). */
  address: z.string().check(z.minLength(1), z.maxLength(200)),
})
export type SiwxCreateSessionRequest = z.infer<typeof siwxCreateSessionRequestSchema>

/** A stored session, as the API shows it. */
export const siwxSessionSchema = z.object({
  id: z.string(),
  address: z.string(),
  /** CAIP-2. */
  chainId: z.string(),
  domain: z.string(),
  uri: z.string(),
  /** ISO 8601. */
  issuedAt: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
})
export type SiwxSessionWire = z.infer<typeof siwxSessionSchema>

export const siwxCreateSessionResponseSchema = z.object({ session: siwxSessionSchema, token: z.string() })
export type SiwxCreateSessionResponse = z.infer<typeof siwxCreateSessionResponseSchema>

export const siwxSessionResponseSchema = z.object({ session: siwxSessionSchema })
export type SiwxSessionResponse = z.infer<typeof siwxSessionResponseSchema>

export const siwxRevokeResponseSchema = z.object({ revoked: z.literal(true) })

/** Claims of the session JWT (ES256, `kid` from the JWKS). */
export type SiwxTokenClaims = {
  /** CAIP-10 account: `<chainId>:<address>`. */
  sub: string
  /** The session id. */
  sid: string
  /** The sign-in message's domain. */
  aud: string
  iss: string
  iat: number
  exp: number
}
