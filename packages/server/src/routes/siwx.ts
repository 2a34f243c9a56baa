import { requestLimits } from '../limits.ts'
import { randomBytes, randomUUID } from 'node:crypto'
import {
  parseSiwxMessage,
  siwxCreateSessionRequestSchema,
  SiwxMessageError,
  type SiwxCreateSessionResponse,
  type SiwxMessageFields,
  type SiwxNonceResponse,
  type SiwxSessionResponse,
  type SiwxSessionWire,
} from '@portico/protocol/siwx'
import { Hono, type Context } from 'hono'
import { getAddress, isAddress, isAddressEqual, type Address, type Hex } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { z } from 'zod'
import { HttpError, preview } from '../errors.ts'
import { PROJECT_ID } from '../db/projects.ts'
import { createSiwxRepository, NonceError, type SiwxSessionRecord } from '../siwx/repository.ts'
import { AudienceError, createTokenService, isTokenRefusal } from '../siwx/tokens.ts'
import {
  domainMatcher,
  isOfflineChain,
  isOfflineNamespace,
  SOLANA_CLUSTERS,
  verifyNamespaceSignature,
  verifySolanaMessage,
} from '../siwx/verify.ts'
import { parseInput } from '../validation.ts'
import type { Database } from '../db/types.ts'
import type { AppContext, RouteModule } from './context.ts'

/** How long a nonce may be used: 10 minutes. */
export const SIWX_NONCE_TTL_MS = 10 * 60 * 1000
/** Longest session when the server sets none: 7 days (a message's Expiration Time can only shorten it). */
export const DEFAULT_SIWX_SESSION_TTL_SECONDS = 7 * 24 * 60 * 60

/** The refusals of the SIWX routes (`{ error }`), one text per cause. */
export const SIWX_ERRORS = {
  body: 'Expected a JSON object { message, signature, chainId, address }',
  json: 'Invalid JSON body',
  message: 'Invalid sign-in message',
  mismatch: 'Message does not match the request',
  domain: 'Domain not allowed',
  uri: 'Message URI does not match its domain',
  nonce: 'Invalid or expired nonce',
  nonceProject: 'Nonce was issued for another project',
  nonceDomain: 'Nonce was issued for another domain',
  domainParam: 'domain must be a host or host:port',
  domainOrigin: 'domain must be the host of the Origin',
  projectId: 'projectId must be 1-128 letters, digits, ".", "_" or "-"',
  signature: 'Invalid signature',
  scheme: 'Unsupported signature scheme',
  tooMany: 'Too many sign-in attempts for this project',
  expired: 'Message expired',
  notYetValid: 'Message not valid yet',
  missingToken: 'Missing bearer token',
  token: 'Invalid or expired session token',
  audience: 'Session token is for another domain',
  revoked: 'Session revoked',
  sessionExpired: 'Session expired',
} as const

const authorization = z.object({
  authorization: z
    .string({ error: SIWX_ERRORS.missingToken })
    .max(8192, { error: SIWX_ERRORS.token })
    .regex(/^Bearer [A-Za-z0-9_.-]+$/, { error: SIWX_ERRORS.missingToken }),
})

const claimsSchema = z.object({ sid: z.string().min(1).max(100), sub: z.string().min(1).max(400) })

/** A 401 (SIWX refusals of credentials: nonce, signature, time, token). */
const unauthorized = (message: string) => new HttpError(401, message)

const DOMAIN = /^[A-Za-z0-9.\-[\]:]{1,255}$/

/**
 * The domain a request is for, in lower case: its `domain` parameter, else the host of its Origin
 * (browsers send one with every POST and every cross-origin GET); undefined when it names neither.
 * A malformed `domain`, or one that is not the Origin's host, is a 400.
 */
function requestDomain(c: Context): string | undefined {
  const param = c.req.query('domain')
  if (param !== undefined && !DOMAIN.test(param)) throw new HttpError(400, SIWX_ERRORS.domainParam)
  let origin: string | undefined
  const header = c.req.header('origin')
  if (header !== undefined && header !== 'null') {
    try {
      const url = new URL(header)
      if (url.host !== '') origin = url.host
    } catch {
      origin = undefined
    }
  }
  if (param === undefined) return origin
  const domain = param.toLowerCase()
  if (origin !== undefined && origin !== domain) throw new HttpError(400, SIWX_ERRORS.domainOrigin)
  return domain
}

/** Whether `uri` is an http(s) URI on `domain` (same host and port, no user info). */
export function uriOnDomain(uri: string, domain: string): boolean {
  let url: URL
  let expected: URL
  try {
    url = new URL(uri)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
    expected = new URL(`${url.protocol}//${domain}`)
  } catch {
    return false
  }
  return url.username === '' && url.password === '' && url.host === expected.host && expected.pathname === '/' && expected.search === ''
}

function toWire(session: SiwxSessionRecord): SiwxSessionWire {
  return {
    id: session.id,
    address: session.address,
    chainId: session.chainId,
    domain: session.domain,
    uri: session.uri,
    issuedAt: session.issuedAt,
    expiresAt: session.expiresAt,
  }
}

/** The session tokens of an app's SIWX settings: the routes' own, and startServer's key check before it listens. */
export function siwxTokens(db: Database, siwx: AppContext['siwx'], options: { issuer: () => string; now: () => number }) {
  return createTokenService({
    repository: createSiwxRepository(db),
    ...(siwx.signingKey ? { signingKey: siwx.signingKey } : {}),
    ...(siwx.sealingKey ? { sealingKey: siwx.sealingKey } : {}),
    issuer: options.issuer,
    lifetimeSeconds: siwx.sessionTtlSeconds,
    now: options.now,
  })
}

/**
 * Sign in with the wallet (SIWX, wire: @portico/protocol/siwx):
 * - POST /v1/siwx/nonce: a single-use nonce, valid 10 minutes, bound to the request's projectId and
 *   domain (requestDomain);
 * - POST /v1/siwx/sessions { message, signature, chainId, address }: the signed message (EIP-4361 on
 *   eip155, CAIP-122 on solana, bip122, polkadot, cosmos, sui and stacks) is checked — our unused
 *   nonce of this projectId and the message's domain, a domain that is the host of an allowed origin
 *   with the URI on it, the request's chain and account, its
 *   Expiration Time / Not Before, and the signature (EOA, ERC-1271 and ERC-6492 through the chain's
 *   RPC; ed25519 on Solana; offline in each wallet scheme on the other namespaces, any well-formed
 *   network of theirs: siwx/namespaces.ts) — and traded for a session and its token (ES256 JWT,
 *   expiring with the message, at most the session TTL);
 * - GET /v1/siwx/session (Bearer token): the session, 401 when the token (for the request's domain,
 *   when it names one) or the session is not valid;
 * - POST /v1/siwx/session/revoke (Bearer token): ends the session;
 * - GET /.well-known/jwks.json: the tokens' public keys (siwx/tokens.ts).
 */
export const siwxRoutes: RouteModule = (ctx) => {
  const repository = createSiwxRepository(ctx.db)
  const issuer = () => ctx.assetUrl('') || 'portico-api'
  const tokens = siwxTokens(ctx.db, ctx.siwx, { issuer, now: ctx.now })
  const domainAllowed = domainMatcher(ctx.allowedOrigins)
  const solanaChains = new Set<string>([...SOLANA_CLUSTERS, ...(ctx.solana ? [ctx.solana.caipNetworkId] : [])])
  const app = new Hono()

  /**
   * The session of the request's Bearer token (valid token for the request's domain, stored, not
   * revoked, not expired), else a 401.
   */
  async function sessionOf(c: Context, now: Date, options: { expired: boolean }): Promise<SiwxSessionRecord> {
    const parsed = authorization.safeParse({ authorization: c.req.header('authorization') })
    if (!parsed.success) throw unauthorized(parsed.error.issues[0]?.message ?? SIWX_ERRORS.missingToken)
    const token = parsed.data.authorization.slice('Bearer '.length)
    const audience = requestDomain(c)
    let claims: z.infer<typeof claimsSchema>
    try {
      const payload = options.expired ? await tokens.verifySignatureOnly(token, audience) : await tokens.verify(token, now, audience)
      claims = claimsSchema.parse(payload)
    } catch (error) {
      // A check that could not run (the database is down) is not the token's fault: 503, not 401.
      if (!isTokenRefusal(error) && !(error instanceof z.ZodError)) throw error
      throw unauthorized(error instanceof AudienceError ? SIWX_ERRORS.audience : SIWX_ERRORS.token)
    }
    const session = await repository.findSession(claims.sid)
    if (session === null || `${session.chainId}:${session.address}` !== claims.sub) throw unauthorized(SIWX_ERRORS.token)
    if (options.expired) return session
    if (session.revokedAt !== null) throw unauthorized(SIWX_ERRORS.revoked)
    if (Date.parse(session.expiresAt) <= now.getTime()) throw unauthorized(SIWX_ERRORS.sessionExpired)
    return session
  }

  const limit = ctx.siwx.nonceRateLimit
  const nonceLimits =
    limit === false
      ? undefined
      : requestLimits(ctx, 'siwx-nonce', {
          perSecond: limit.requestsPerSecond,
          burst: limit.burst ?? Math.max(1, Math.ceil(limit.requestsPerSecond)),
        })

  app.post('/v1/siwx/nonce', async (c) => {
    const projectId = c.req.query('projectId') ?? ''
    if (projectId !== '' && !PROJECT_ID.test(projectId)) throw new HttpError(400, SIWX_ERRORS.projectId)
    const domain = requestDomain(c)
    if (domain !== undefined && !domainAllowed(domain)) throw new HttpError(403, SIWX_ERRORS.domain)
    const refused = await nonceLimits?.take(c, projectId)
    if (refused) {
      ctx.metrics?.rateLimited.inc({ limit: 'siwx-nonce', bucket: refused.by })
      return c.json({ error: `${SIWX_ERRORS.tooMany}: retry in ${refused.wait} s` }, 429, { 'Retry-After': String(refused.wait) })
    }
    const now = new Date()
    const nonce = randomBytes(16).toString('hex')
    const expiresAt = new Date(now.getTime() + SIWX_NONCE_TTL_MS)
    await repository.addNonce(nonce, expiresAt, now, { projectId, domain: domain ?? null })
    return c.json({ nonce, expiresAt: expiresAt.toISOString() } satisfies SiwxNonceResponse, 200, { 'Cache-Control': 'no-store' })
  })

  app.post('/v1/siwx/sessions', async (c) => {
    let raw: unknown
    try {
      raw = JSON.parse(await c.req.text())
    } catch {
      throw new HttpError(400, SIWX_ERRORS.json)
    }
    const body = parseInput(siwxCreateSessionRequestSchema, raw, {
      '': SIWX_ERRORS.body,
      message: 'message must be a string of 1 to 8192 characters',
      signature: 'signature must be a string of 1 to 8192 characters',
      chainId: 'chainId must be a CAIP-2 network id',
      address: 'address must be a string of 1 to 200 characters',
    })
    const now = new Date()
    let fields: SiwxMessageFields
    try {
      fields = parseSiwxMessage(body.message)
    } catch (error) {
      if (error instanceof SiwxMessageError) throw new HttpError(400, `${SIWX_ERRORS.message}: ${preview(error.message)}`)
      throw error
    }
    if (fields.chainId !== body.chainId) throw new HttpError(400, SIWX_ERRORS.mismatch)
    const namespace = fields.chainId.slice(0, fields.chainId.indexOf(':'))
    let address: string
    if (namespace === 'eip155') {
      if (
        !isAddress(fields.address, { strict: false }) ||
        !isAddress(body.address, { strict: false }) ||
        !isAddressEqual(fields.address, body.address)
      ) {
        throw new HttpError(400, SIWX_ERRORS.mismatch)
      }
      if (!ctx.chainsById.has(fields.chainId)) throw new HttpError(400, `Unsupported chainId ${preview(fields.chainId)}`)
      address = getAddress(fields.address)
    } else if (namespace === 'solana') {
      if (fields.address !== body.address) throw new HttpError(400, SIWX_ERRORS.mismatch)
      if (!solanaChains.has(fields.chainId)) throw new HttpError(400, `Unsupported chainId ${preview(fields.chainId)}`)
      address = fields.address
    } else if (isOfflineNamespace(namespace)) {
      // Sui addresses are hex: compared without case, kept as the message writes them.
      const same = namespace === 'sui' ? fields.address.toLowerCase() === body.address.toLowerCase() : fields.address === body.address
      if (!same) throw new HttpError(400, SIWX_ERRORS.mismatch)
      if (!isOfflineChain(fields.chainId)) throw new HttpError(400, `Unsupported chainId ${preview(fields.chainId)}`)
      address = fields.address
    } else {
      throw new HttpError(400, `Unsupported chainId ${preview(fields.chainId)}`)
    }
    if (!domainAllowed(fields.domain)) throw new HttpError(403, SIWX_ERRORS.domain)
    if (!uriOnDomain(fields.uri, fields.domain)) throw new HttpError(400, SIWX_ERRORS.uri)
    if (fields.expirationTime !== undefined && Date.parse(fields.expirationTime) <= now.getTime()) throw unauthorized(SIWX_ERRORS.expired)
    if (fields.notBefore !== undefined && Date.parse(fields.notBefore) > now.getTime()) throw unauthorized(SIWX_ERRORS.notYetValid)
    const projectId = c.req.query('projectId') ?? ''
    const domain = fields.domain.toLowerCase()
    const binding = await repository.usableNonce(fields.nonce, now)
    if (binding === null) throw unauthorized(SIWX_ERRORS.nonce)
    if (binding.projectId !== null && binding.projectId !== projectId) throw unauthorized(SIWX_ERRORS.nonceProject)
    if (binding.domain !== null && binding.domain !== domain) throw unauthorized(SIWX_ERRORS.nonceDomain)

    if (namespace === 'eip155') {
      const chain = ctx.chainsById.get(fields.chainId)
      if (!chain) throw new HttpError(400, `Unsupported chainId ${preview(fields.chainId)}`)
      if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(body.signature)) throw new HttpError(400, SIWX_ERRORS.signature)
      // EIP-4361's own rules as viem reads them (the strict parse above already holds the layout).
      const siwe = parseSiweMessage(body.message)
      if (!validateSiweMessage({ message: siwe, address: address as Address, domain: fields.domain, nonce: fields.nonce, time: now })) {
        throw new HttpError(400, SIWX_ERRORS.message)
      }
      // EOA by recovery; smart accounts on the chain (ERC-1271 deployed, ERC-6492 counterfactual). An unreachable chain is a 502.
      const valid = await ctx.providers.signatures.verifyMessage(chain, {
        address: address as Address,
        message: body.message,
        signature: body.signature as Hex,
      })
      if (!valid) throw unauthorized(SIWX_ERRORS.signature)
    } else if (namespace === 'solana') {
      const valid = verifySolanaMessage(address, body.message, body.signature)
      if (valid === null) throw new HttpError(400, SIWX_ERRORS.signature)
      if (!valid) throw unauthorized(SIWX_ERRORS.signature)
    } else if (isOfflineNamespace(namespace)) {
      // Offline, in the namespace's wallets' scheme (siwx/verify-<namespace>.ts).
      const check = verifyNamespaceSignature(namespace, { address, message: body.message, signature: body.signature })
      if (check === 'malformed') throw new HttpError(400, SIWX_ERRORS.signature)
      if (check === 'unsupported') throw new HttpError(400, SIWX_ERRORS.scheme)
      if (check !== 'valid') throw unauthorized(SIWX_ERRORS.signature)
    } else {
      throw new HttpError(400, `Unsupported chainId ${preview(fields.chainId)}`)
    }

    const cap = now.getTime() + ctx.siwx.sessionTtlSeconds * 1000
    const expiresAt = new Date(fields.expirationTime === undefined ? cap : Math.min(cap, Date.parse(fields.expirationTime)))
    let session: SiwxSessionRecord
    try {
      session = await repository.createSession(
        fields.nonce,
        { projectId, domain },
        {
          id: randomUUID(),
          address,
          chainId: fields.chainId,
          domain: fields.domain,
          uri: fields.uri,
          message: body.message,
          signature: body.signature,
          issuedAt: now.toISOString(),
          expiresAt: expiresAt.toISOString(),
        },
        now,
      )
    } catch (error) {
      if (error instanceof NonceError) throw unauthorized(SIWX_ERRORS.nonce)
      throw error
    }
    const token = await tokens.sign({
      sub: `${session.chainId}:${session.address}`,
      sid: session.id,
      aud: session.domain,
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    })
    return c.json({ session: toWire(session), token } satisfies SiwxCreateSessionResponse, 200, { 'Cache-Control': 'no-store' })
  })

  app.get('/v1/siwx/session', async (c) => {
    const session = await sessionOf(c, new Date(), { expired: false })
    return c.json({ session: toWire(session) } satisfies SiwxSessionResponse, 200, { 'Cache-Control': 'no-store' })
  })

  app.post('/v1/siwx/session/revoke', async (c) => {
    // Any token of ours ends its session, even an expired one (signing out never fails on that).
    const session = await sessionOf(c, new Date(), { expired: true })
    await repository.revokeSession(session.id, new Date())
    return c.json({ revoked: true as const })
  })

  app.get('/.well-known/jwks.json', async (c) => c.json(await tokens.jwks(), 200, { 'Cache-Control': 'public, max-age=300' }))

  return app
}
