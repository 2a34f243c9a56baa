/**
 * Sign in with the wallet (SIWX): the Portico API's session service. The client asks for a nonce,
 * has the wallet sign a sign-in message (EIP-4361 on eip155, CAIP-122 on the other namespaces that
 * sign), and trades message + signature for a session and its token (a JWT signed with a key the
 * server publishes at /.well-known/jwks.json). An app's own backend checks a visitor's session with
 * GET /v1/siwx/session (the token as a Bearer) or by verifying the JWT against the JWKS.
 *
 * | Method | Path | Body | Answer |
 * |---|---|---|---|
 * | POST | /v1/siwx/nonce?projectId=…[&domain=…] | none | SiwxNonceResponse (bound to the project and the domain: `domain`, else the Origin's host) |
 * | POST | /v1/siwx/sessions?projectId=… | SiwxCreateSessionRequest | SiwxCreateSessionResponse |
 * | GET | /v1/siwx/session[?domain=…] | none (Authorization: Bearer token) | SiwxSessionResponse, 401 when missing/expired/revoked or for another domain |
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
  /** As the wallet gives it: 0x-hex on eip155 and polkadot, base58 on solana, base64 on sui, cosmos and bip122, hex RSV on stacks. */
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
  /** The sign-in message's domain, in lower case. */
  aud: string
  iss: string
  iat: number
  exp: number
}

/**
 * The sign-in message (SPEC §3 "Sign-in message"), one format for every namespace: EIP-4361 on
 * eip155 (the header says "Ethereum", `Chain ID` is the numeric chain id) and its CAIP-122
 * generalisation elsewhere (the header names the namespace, e.g. "Solana"; `Chain ID` is the CAIP-2
 * reference, e.g. `5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). The client formats it with
 * `formatSiwxMessage` and the server reads it back with `parseSiwxMessage`: one implementation.
 *
 * ```text
 * app.example wants you to sign in with your Solana account:
 * 7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv
 *
 * Sign in to App
 *
 * URI: https://app.example/login
 * Version: 1
 * Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp
 * Nonce: k2f9Xv0aQ1
 * Issued At: 2026-11-23T22:00:00.000Z
 * Expiration Time: 2026-11-30T22:00:00.000Z
 * ```
 *
 * The layout is viem's `createSiweMessage`'s (and EIP-4361's: without a statement, its line stays
 * empty), so an eip155 message from either formatter is the same text.
 */
export type SiwxMessageFields = {
  /** RFC 3986 authority the sign-in is for: `host` or `host:port`. */
  domain: string
  /** The signing account (EIP-55 checksummed on eip155; base58 on solana). */
  address: string
  /** One line, no line breaks. */
  statement?: string
  /** RFC 3986 URI of the resource the sign-in is for. */
  uri: string
  /** Always '1'. */
  version: '1'
  /** CAIP-2 network id: 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'. */
  chainId: string
  /** At least 8 alphanumeric characters (the nonce POST /v1/siwx/nonce gave). */
  nonce: string
  /** RFC 3339 date-time. */
  issuedAt: string
  /** RFC 3339 date-time. */
  expirationTime?: string
  /** RFC 3339 date-time. */
  notBefore?: string
  requestId?: string
  /** URIs, one per line. */
  resources?: string[]
}

/** The account name a namespace's header shows ("… sign in with your Ethereum account:"). */
export const SIWX_NAMESPACE_NAMES: Readonly<Record<string, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
  sui: 'Sui',
  stacks: 'Stacks',
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const NONCE = /^[A-Za-z0-9]{8,}$/
const CAIP2_PARTS = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/
const DOMAIN = /^[A-Za-z0-9.\-[\]:]+$/

/** An RFC 3339 date-time that is a real date. */
export function isSiwxDateTime(value: string): boolean {
  return RFC3339.test(value) && !Number.isNaN(Date.parse(value))
}

/** A message that can not be formatted or read: `message` says which field. */
export class SiwxMessageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SiwxMessageError'
  }
}

const oneLine = (value: string) => !/[\r\n]/.test(value)

function checkFields(f: SiwxMessageFields): { namespace: string; reference: string; name: string } {
  const caip = CAIP2_PARTS.exec(f.chainId)
  if (!caip) throw new SiwxMessageError(`Invalid chain id: ${f.chainId.slice(0, 100)}`)
  const [, namespace, reference] = caip as unknown as [string, string, string]
  const name = SIWX_NAMESPACE_NAMES[namespace]
  if (name === undefined) throw new SiwxMessageError(`Unsupported namespace: ${namespace}`)
  if (namespace === 'eip155' && !/^[0-9]+$/.test(reference)) throw new SiwxMessageError(`Invalid chain id: ${f.chainId.slice(0, 100)}`)
  if (!DOMAIN.test(f.domain)) throw new SiwxMessageError('Invalid domain')
  if (f.address === '' || !/^[A-Za-z0-9]+$/.test(f.address)) throw new SiwxMessageError('Invalid address')
  if (f.statement !== undefined && (f.statement === '' || !oneLine(f.statement)))
    throw new SiwxMessageError('The statement must be one non-empty line')
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(f.uri)) throw new SiwxMessageError('Invalid URI')
  if (f.version !== '1') throw new SiwxMessageError('Invalid version')
  if (!NONCE.test(f.nonce)) throw new SiwxMessageError('Invalid nonce')
  if (!isSiwxDateTime(f.issuedAt)) throw new SiwxMessageError('Invalid Issued At')
  if (f.expirationTime !== undefined && !isSiwxDateTime(f.expirationTime)) throw new SiwxMessageError('Invalid Expiration Time')
  if (f.notBefore !== undefined && !isSiwxDateTime(f.notBefore)) throw new SiwxMessageError('Invalid Not Before')
  if (f.requestId !== undefined && !oneLine(f.requestId)) throw new SiwxMessageError('Invalid Request ID')
  if (f.resources?.some((r) => !/^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(r))) throw new SiwxMessageError('Invalid resource')
  return { namespace, reference, name }
}

/** The message text to sign. Throws SiwxMessageError on a field the format can not carry. */
export function formatSiwxMessage(fields: SiwxMessageFields): string {
  const { reference, name } = checkFields(fields)
  const lines = [`${fields.domain} wants you to sign in with your ${name} account:`, fields.address, '']
  // EIP-4361: the statement's line and a blank line; without a statement, one more blank line.
  if (fields.statement !== undefined) lines.push(fields.statement, '')
  else lines.push('')
  lines.push(
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  )
  if (fields.expirationTime !== undefined) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore !== undefined) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources !== undefined && fields.resources.length > 0) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/**
 * The fields of a message text, strictly: the text must be exactly what `formatSiwxMessage` makes
 * of them (no extra line, no other order), so what is read is what was signed. Throws
 * SiwxMessageError otherwise.
 */
export function parseSiwxMessage(text: string): SiwxMessageFields {
  const lines = text.split('\n')
  const header = /^(\S+) wants you to sign in with your ([A-Za-z]+) account:$/.exec(lines[0] ?? '')
  if (!header) throw new SiwxMessageError('Not a sign-in message')
  const [, domain, name] = header as unknown as [string, string, string]
  const namespace = Object.keys(SIWX_NAMESPACE_NAMES).find((key) => SIWX_NAMESPACE_NAMES[key] === name)
  if (namespace === undefined) throw new SiwxMessageError(`Unsupported account kind: ${name}`)
  const address = lines[1] ?? ''
  if (lines[2] !== '') throw new SiwxMessageError('Not a sign-in message')
  // The statement's line and a blank line, or one more blank line when there is no statement.
  const statement = lines[3] === '' ? undefined : lines[3]
  if (lines[3] === undefined || (statement !== undefined && lines[4] !== '')) throw new SiwxMessageError('Not a sign-in message')
  let i = statement === undefined ? 4 : 5
  const take = (label: string, required: boolean): string | undefined => {
    const line = lines[i]
    if (line?.startsWith(`${label}: `)) {
      i++
      return line.slice(label.length + 2)
    }
    if (required) throw new SiwxMessageError(`Missing ${label}`)
    return undefined
  }
  const uri = take('URI', true) as string
  const version = take('Version', true) as string
  const reference = take('Chain ID', true) as string
  const nonce = take('Nonce', true) as string
  const issuedAt = take('Issued At', true) as string
  const expirationTime = take('Expiration Time', false)
  const notBefore = take('Not Before', false)
  const requestId = take('Request ID', false)
  let resources: string[] | undefined
  if (lines[i] === 'Resources:') {
    i++
    resources = []
    while (lines[i]?.startsWith('- ')) resources.push((lines[i++] as string).slice(2))
  }
  if (i !== lines.length) throw new SiwxMessageError('Unexpected text after the message')
  const fields: SiwxMessageFields = {
    domain,
    address,
    ...(statement === undefined ? {} : { statement }),
    uri,
    version: version as '1',
    chainId: `${namespace}:${reference}`,
    nonce,
    issuedAt,
    ...(expirationTime === undefined ? {} : { expirationTime }),
    ...(notBefore === undefined ? {} : { notBefore }),
    ...(requestId === undefined ? {} : { requestId }),
    ...(resources === undefined ? {} : { resources }),
  }
  if (formatSiwxMessage(fields) !== text) throw new SiwxMessageError('Not a sign-in message')
  return fields
}
