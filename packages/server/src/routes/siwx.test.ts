/**
 * Sign in with the wallet (routes/siwx.ts) against real parts: an anvil chain (EOA, ERC-1271 and
 * ERC-6492 smart accounts of the OwnedWallet fixture), an in-memory PGlite, real ed25519 keys.
 */
import { generateKeyPairSync, sign as edSign, type KeyObject } from 'node:crypto'
import { startDevnet, type Devnet } from '@portico/devnet'
import {
  formatSiwxMessage,
  siwxCreateSessionResponseSchema,
  siwxNonceResponseSchema,
  siwxRevokeResponseSchema,
  siwxSessionResponseSchema,
  type SiwxMessageFields,
} from '@portico/protocol/siwx'
import { getBase58Decoder } from '@solana/kit'
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose'
import {
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  http,
  keccak256,
  serializeErc6492Signature,
  toHex,
  type Address,
  type Hex,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApp, type AppConfig } from '../app.ts'
import { parseCli } from '../cli.ts'
import type { ChainConfigInput } from '../config.ts'
import { createProjectsRepository } from '../db/projects.ts'
import type { Database } from '../db/types.ts'
import { errorBodySchema, postJson, requestJson, type TestApp, openTestDatabase } from '../test-support.ts'
import { OwnedWallet, OwnedWalletFactory } from './__fixtures__/owned-wallet.ts'
import { SIWX_ERRORS } from './siwx.ts'

const CHAIN_ID = 31337
const CAIP = `eip155:${CHAIN_ID}`
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const DOMAIN = 'localhost:5173'
const alice = privateKeyToAccount(`0x${'a1'.repeat(32)}`)
const bob = privateKeyToAccount(`0x${'b2'.repeat(32)}`)

let devnet: Devnet
let chains: ChainConfigInput[]
let db: Database
let app: TestApp

function makeApp(config: Partial<AppConfig> = {}): TestApp {
  return createApp({ chains, db, onError: () => {}, ...config })
}

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: CHAIN_ID }] })
  const chain = devnet.chains[0]!
  chains = [{ chainId: CHAIN_ID, name: chain.name, rpcUrl: chain.rpcUrl, nativeCurrency: chain.nativeCurrency }]
  db = await openTestDatabase()
  app = makeApp()
}, 60_000)
afterAll(async () => {
  await db?.close()
  await devnet?.stop()
})

async function nonce(on: TestApp = app): Promise<string> {
  const { status, body } = await requestJson(on, '/v1/siwx/nonce', siwxNonceResponseSchema, { method: 'POST' })
  expect(status).toBe(200)
  return body.nonce
}

async function evmFields(address: string, overrides: Partial<SiwxMessageFields> = {}, on: TestApp = app): Promise<SiwxMessageFields> {
  return {
    domain: DOMAIN,
    address,
    statement: 'Sign in to the Portico demo',
    uri: `http://${overrides.domain ?? DOMAIN}/`,
    version: '1',
    chainId: CAIP,
    nonce: await nonce(on),
    issuedAt: new Date().toISOString(),
    ...overrides,
  }
}

type Body = { message: string; signature: string; chainId: string; address: string }

async function signedBy(
  signer: { address: string; signMessage(a: { message: string }): Promise<Hex> },
  overrides: Partial<SiwxMessageFields> = {},
  on: TestApp = app,
): Promise<Body> {
  const message = formatSiwxMessage(await evmFields(signer.address, overrides, on))
  return { message, signature: await signer.signMessage({ message }), chainId: overrides.chainId ?? CAIP, address: signer.address }
}

async function signIn(body: Body, on: TestApp = app) {
  const res = await postJson(on, '/v1/siwx/sessions', body)
  const json: unknown = await res.json()
  if (res.status !== 200) return { status: res.status, error: errorBodySchema.parse(json).error }
  return { status: 200, ...siwxCreateSessionResponseSchema.parse(json) }
}

async function signedIn(body: Body, on: TestApp = app) {
  const out = await signIn(body, on)
  if (!('token' in out)) throw new Error(`sign-in refused: ${out.status} ${out.error}`)
  return out
}

async function refused(body: Body, on: TestApp = app) {
  const out = await signIn(body, on)
  return { status: out.status, error: 'error' in out ? out.error : undefined }
}

async function session(token: string | undefined, on: TestApp = app) {
  const res = await on.request('/v1/siwx/session', token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } })
  const json: unknown = await res.json()
  if (res.status === 200) return { status: 200, session: siwxSessionResponseSchema.parse(json).session }
  return { status: res.status, error: errorBodySchema.parse(json).error }
}

async function revoke(token: string, on: TestApp = app) {
  const res = await on.request('/v1/siwx/session/revoke', { method: 'POST', headers: { authorization: `Bearer ${token}` } })
  const json: unknown = await res.json()
  return res.status === 200
    ? { status: 200, body: siwxRevokeResponseSchema.parse(json) }
    : { status: res.status, error: errorBodySchema.parse(json).error }
}

describe('EIP-4361 sign-in of an EOA (anvil chain)', () => {
  it('trades a signed message for a session and an ES256 token whose kid is in the JWKS', async () => {
    const before = Date.now()
    const body = await signedBy(alice)
    const out = await signedIn(body)
    expect(out.session).toMatchObject({ address: alice.address, chainId: CAIP, domain: DOMAIN, uri: `http://${DOMAIN}/` })
    // No Expiration Time in the message: the server's 7 days.
    expect(Date.parse(out.session.expiresAt) - Date.parse(out.session.issuedAt)).toBe(7 * 24 * 3600 * 1000)
    expect(Date.parse(out.session.issuedAt)).toBeGreaterThanOrEqual(before - 1)

    const header = decodeProtectedHeader(out.token)
    const claims = decodeJwt(out.token)
    expect(header.alg).toBe('ES256')
    expect(claims).toMatchObject({ sub: `${CAIP}:${alice.address}`, sid: out.session.id, aud: DOMAIN, iss: 'portico-api' })
    expect(claims.exp).toBe(Math.floor(Date.parse(out.session.expiresAt) / 1000))
    const jwks = await (await app.request('/.well-known/jwks.json')).json()
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(header.kid)
    expect(jwks.keys[0]).not.toHaveProperty('d')

    expect(await session(out.token)).toEqual({ status: 200, session: out.session })
  })

  it('accepts a lower-case address in the request and stores the checksummed one', async () => {
    const body = await signedBy(alice)
    const out = await signedIn({ ...body, address: alice.address.toLowerCase() })
    expect(out.session.address).toBe(alice.address)
  })

  it('refuses a nonce used twice, and one it never gave', async () => {
    const body = await signedBy(alice)
    expect((await signIn(body)).status).toBe(200)
    expect(await refused(body)).toEqual({ status: 401, error: SIWX_ERRORS.nonce })
    const message = formatSiwxMessage({ ...(await evmFields(alice.address)), nonce: 'notOurNonce12345' })
    expect(await refused({ message, signature: await alice.signMessage({ message }), chainId: CAIP, address: alice.address })).toEqual({
      status: 401,
      error: SIWX_ERRORS.nonce,
    })
  })

  it('refuses a domain that is not the host of an allowed origin', async () => {
    expect(await refused(await signedBy(alice, { domain: 'evil.example' }))).toEqual({ status: 403, error: 'Domain not allowed' })
    // With the app's own origins: its host is allowed, localhost no more.
    const own = makeApp({ allowedOrigins: ['https://app.example', 'https://*.preview.example'] })
    expect((await signIn(await signedBy(alice, { domain: 'app.example' }, own), own)).status).toBe(200)
    expect((await signIn(await signedBy(alice, { domain: 'pr-7.preview.example' }, own), own)).status).toBe(200)
    expect(await refused(await signedBy(alice, { domain: DOMAIN }, own), own)).toEqual({ status: 403, error: 'Domain not allowed' })
  })

  it('refuses a tampered message, another signer, and a signature that is not hex', async () => {
    const body = await signedBy(alice)
    const tampered = body.message.replace('Sign in to the Portico demo', 'Sign in to the Portico demo!')
    expect(await refused({ ...body, message: tampered })).toEqual({ status: 401, error: 'Invalid signature' })
    const byBob = await signedBy(alice)
    expect(await refused({ ...byBob, signature: await bob.signMessage({ message: byBob.message }) })).toEqual({
      status: 401,
      error: 'Invalid signature',
    })
    expect(await refused({ ...(await signedBy(alice)), signature: 'not-hex' })).toEqual({ status: 400, error: 'Invalid signature' })
    // The refusals spent nothing: the nonce of the first body still signs in.
    expect((await signIn(body)).status).toBe(200)
  })

  it("refuses a message whose chain or account is not the request's, or a chain the server does not serve", async () => {
    expect(await refused({ ...(await signedBy(alice)), chainId: 'eip155:31338' })).toEqual({
      status: 400,
      error: 'Message does not match the request',
    })
    expect(await refused({ ...(await signedBy(alice)), address: bob.address })).toEqual({
      status: 400,
      error: 'Message does not match the request',
    })
    expect(await refused(await signedBy(alice, { chainId: 'eip155:1' }))).toEqual({ status: 400, error: 'Unsupported chainId eip155:1' })
  })

  it('refuses an expired message and one not valid yet; a message that expires sooner shortens the session', async () => {
    const past = new Date(Date.now() - 1000).toISOString()
    expect(await refused(await signedBy(alice, { expirationTime: past }))).toEqual({ status: 401, error: 'Message expired' })
    const later = new Date(Date.now() + 60_000).toISOString()
    expect(await refused(await signedBy(alice, { notBefore: later }))).toEqual({ status: 401, error: 'Message not valid yet' })
    const soon = new Date(Date.now() + 3600_000).toISOString()
    expect((await signedIn(await signedBy(alice, { expirationTime: soon }))).session.expiresAt).toBe(soon)
  })

  it('caps the session at siwx.sessionTtlSeconds, and a session past its expiry answers 401', async () => {
    const short = makeApp({ siwx: { sessionTtlSeconds: 2 } })
    const out = await signedIn(await signedBy(alice, { expirationTime: new Date(Date.now() + 86_400_000).toISOString() }, short), short)
    expect(Date.parse(out.session.expiresAt) - Date.parse(out.session.issuedAt)).toBe(2000)
    expect((await session(out.token, short)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 2100))
    expect(await session(out.token, short)).toEqual({ status: 401, error: 'Invalid or expired session token' })
  })

  it('refuses a message that is not a sign-in message, with the reason', async () => {
    const body = await signedBy(alice)
    expect(await refused({ ...body, message: `${body.message}\nExtra: line` })).toEqual({
      status: 400,
      error: 'Invalid sign-in message: Unexpected text after the message',
    })
    expect(await refused({ ...body, message: 'hello' })).toEqual({ status: 400, error: 'Invalid sign-in message: Not a sign-in message' })
  })
})

describe('sessions: Bearer token, revoke, restart', () => {
  it('revoke ends the session: GET /v1/siwx/session answers 401 after it, and a second revoke is fine', async () => {
    const out = await signedIn(await signedBy(alice))
    expect((await session(out.token)).status).toBe(200)
    expect(await revoke(out.token)).toEqual({ status: 200, body: { revoked: true } })
    expect(await session(out.token)).toEqual({ status: 401, error: 'Session revoked' })
    expect(await revoke(out.token)).toEqual({ status: 200, body: { revoked: true } })
  })

  it('a missing, malformed or foreign token is a 401', async () => {
    expect(await session(undefined)).toEqual({ status: 401, error: 'Missing bearer token' })
    expect(await session('abc.def.ghi')).toEqual({ status: 401, error: 'Invalid or expired session token' })
    const out = await signedIn(await signedBy(alice))
    // The same claims signed by a key that is not ours.
    const { privateKey } = await generateKeyPair('ES256')
    const forged = await new SignJWT(decodeJwt(out.token))
      .setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(out.token).kid! })
      .sign(privateKey)
    expect(await session(forged)).toEqual({ status: 401, error: 'Invalid or expired session token' })
    expect(await revoke(forged)).toEqual({ status: 401, error: 'Invalid or expired session token' })
    // A tampered payload with our signature.
    const [h, , s] = out.token.split('.')
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(out.token), sub: `${CAIP}:${bob.address}` })).toString('base64url')
    expect(await session(`${h}.${payload}.${s}`)).toEqual({ status: 401, error: 'Invalid or expired session token' })
  })

  it('a new server on the same database (a restart) keeps the key: the token is still valid, the JWKS the same', async () => {
    const out = await signedIn(await signedBy(alice))
    const jwks = await (await app.request('/.well-known/jwks.json')).json()
    // Another public URL too (a dev server restarted on another port): the key, not the URL, is the proof.
    const restarted = makeApp({ publicUrl: 'http://127.0.0.1:9999' })
    expect(await session(out.token, restarted)).toEqual({ status: 200, session: out.session })
    expect(await (await restarted.request('/.well-known/jwks.json')).json()).toEqual(jwks)
  })

  it('signs with a configured key: its kid and public part are the JWKS (and the database), its kid in the token', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true })
    const jwk = { ...(await exportJWK(privateKey)), kid: 'configured-1' }
    const other = await openTestDatabase()
    try {
      const configured = createApp({ chains, db: other, onError: () => {}, siwx: { signingKey: jwk } })
      const out = await signedIn(await signedBy(alice, {}, configured), configured)
      expect(decodeProtectedHeader(out.token).kid).toBe('configured-1')
      expect(await (await configured.request('/.well-known/jwks.json')).json()).toEqual({
        keys: [{ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid: 'configured-1', alg: 'ES256', use: 'sig' }],
      })
      // Nothing generated; its public part stored (the other instances publish it), never its private part.
      const { rows } = await other.query<{ kid: string; public_jwk: unknown; private_jwk: unknown; private_sealed: unknown }>(
        'SELECT kid, public_jwk, private_jwk, private_sealed FROM portico_siwx.signing_keys',
      )
      expect(rows).toEqual([
        { kid: 'configured-1', public_jwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, private_jwk: null, private_sealed: null },
      ])
    } finally {
      await other.close()
    }
    expect(() => makeApp({ siwx: { signingKey: { kty: 'OKP', crv: 'Ed25519', x: 'a' } } })).toThrow(
      'siwx.signingKey must be an EC P-256 private JWK (kty EC, crv P-256, x, y, d)',
    )
    expect(() => makeApp({ siwx: { sessionTtlSeconds: 0 } })).toThrow('siwx.sessionTtlSeconds must be a positive integer')
  })
})

describe('bound to their domain and project (issue 24 §2)', () => {
  /** A nonce asked with `query` (projectId, domain) and `origin` (the page's Origin header), then alice's message for `domain`. */
  async function boundBody(
    options: { query?: string; origin?: string; domain?: string; uri?: string; projectId?: string } = {},
  ): Promise<{ body: Body; path: string }> {
    const headers: Record<string, string> = options.origin ? { origin: options.origin } : {}
    const res = await app.request(`/v1/siwx/nonce${options.query ?? ''}`, { method: 'POST', headers })
    expect(res.status).toBe(200)
    const { nonce } = siwxNonceResponseSchema.parse(await res.json())
    const domain = options.domain ?? DOMAIN
    const message = formatSiwxMessage({
      domain,
      address: alice.address,
      uri: options.uri ?? `http://${domain}/`,
      version: '1',
      chainId: CAIP,
      nonce,
      issuedAt: new Date().toISOString(),
    })
    const body = { message, signature: await alice.signMessage({ message }), chainId: CAIP, address: alice.address }
    return { body, path: options.projectId === undefined ? '/v1/siwx/sessions' : `/v1/siwx/sessions?projectId=${options.projectId}` }
  }

  async function trade({ body, path }: { body: Body; path: string }) {
    const res = await postJson(app, path, body)
    const json: unknown = await res.json()
    if (res.status === 200) return { status: 200, token: siwxCreateSessionResponseSchema.parse(json).token }
    return { status: res.status, error: errorBodySchema.parse(json).error }
  }

  /** GET /v1/siwx/session with the token, checked for a domain through `origin` (a page) or `?domain=` (a backend). */
  async function checkedFor(token: string, how: { origin: string } | { domain: string }, route: 'session' | 'revoke' = 'session') {
    const path = route === 'session' ? '/v1/siwx/session' : '/v1/siwx/session/revoke'
    const res = await app.request('domain' in how ? `${path}?domain=${how.domain}` : path, {
      method: route === 'session' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...('origin' in how ? { origin: how.origin } : {}) },
    })
    return { status: res.status, ...(res.status === 200 ? {} : { error: errorBodySchema.parse(await res.json()).error }) }
  }

  it('a token for localhost:3000 is refused when checked for another domain (3 of 3), accepted for its own', async () => {
    const signedIn = await trade(await boundBody({ domain: 'localhost:3000' }))
    if (!('token' in signedIn)) throw new Error(`sign-in refused: ${signedIn.error}`)
    const token = signedIn.token as string
    expect(decodeJwt(token).aud).toBe('localhost:3000')
    const others = [{ origin: 'http://127.0.0.1:5173' }, { origin: 'http://localhost:3001' }, { domain: '127.0.0.1:5173' }]
    const answers = await Promise.all(others.map((how) => checkedFor(token, how)))
    expect(answers).toEqual([
      { status: 401, error: SIWX_ERRORS.audience },
      { status: 401, error: SIWX_ERRORS.audience },
      { status: 401, error: SIWX_ERRORS.audience },
    ])
    // Nor may a page of another domain revoke it.
    expect(await checkedFor(token, { origin: 'http://127.0.0.1:5173' }, 'revoke')).toEqual({ status: 401, error: SIWX_ERRORS.audience })
    expect(await checkedFor(token, { origin: 'http://localhost:3000' })).toEqual({ status: 200 })
    expect(await checkedFor(token, { domain: 'LOCALHOST:3000' })).toEqual({ status: 200 })
    // Without either (a backend that compares the session's domain itself), the token is checked for no domain.
    expect((await session(token)).status).toBe(200)
    // ?domain= and the Origin must agree; a malformed domain is a 400.
    const both = await app.request('/v1/siwx/session?domain=localhost:3000', {
      headers: { authorization: `Bearer ${token}`, origin: 'http://127.0.0.1:5173' },
    })
    expect([both.status, await both.json()]).toEqual([400, { error: SIWX_ERRORS.domainOrigin }])
    const bad = await app.request('/v1/siwx/session?domain=a/b', { headers: { authorization: `Bearer ${token}` } })
    expect([bad.status, await bad.json()]).toEqual([400, { error: SIWX_ERRORS.domainParam }])
    expect(await checkedFor(token, { origin: 'http://localhost:3000' }, 'revoke')).toEqual({ status: 200 })
  })

  it.each([
    ['another site', 'https://evil.example/'],
    ['another port', 'http://localhost:5174/'],
    ['another host with the domain as user info', 'http://localhost:5173@evil.example/'],
    ['user info on the domain', 'http://evil@localhost:5173/'],
    ['not http(s)', 'ftp://localhost:5173/'],
    ['a URN', 'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66'],
  ])('refuses a message whose URI is not on its domain: %s (%s)', async (_name, uri) => {
    expect(await trade(await boundBody({ uri }))).toEqual({ status: 400, error: SIWX_ERRORS.uri })
  })

  it('accepts a URI on the domain: a path and query, https, the default port written out', async () => {
    expect((await trade(await boundBody({ uri: 'http://localhost:5173/login?next=%2F' }))).status).toBe(200)
    expect((await trade(await boundBody({ uri: 'https://localhost:5173' }))).status).toBe(200)
    expect((await trade(await boundBody({ domain: 'localhost', uri: 'http://localhost:80/' }))).status).toBe(200)
  })

  it('a nonce for project A on domain X is refused with project B or domain Y, and signs in once with A on X', async () => {
    const fromPage = { query: '?projectId=project-a', origin: 'http://localhost:5173' }
    expect(await trade(await boundBody({ ...fromPage, projectId: 'project-b' }))).toEqual({ status: 401, error: SIWX_ERRORS.nonceProject })
    expect(await trade(await boundBody(fromPage))).toEqual({ status: 401, error: SIWX_ERRORS.nonceProject })
    expect(await trade(await boundBody({ ...fromPage, projectId: 'project-a', domain: 'localhost:3000' }))).toEqual({
      status: 401,
      error: SIWX_ERRORS.nonceDomain,
    })
    // The `domain` parameter binds it the same way (a client that sends no Origin).
    expect(
      await trade(
        await boundBody({ query: '?projectId=project-a&domain=localhost:3000', projectId: 'project-a', domain: 'localhost:5173' }),
      ),
    ).toEqual({ status: 401, error: SIWX_ERRORS.nonceDomain })
    // The refusals spent nothing: the nonce still signs in for its own project and domain, once.
    const good = await boundBody({ ...fromPage, projectId: 'project-a' })
    expect((await trade(good)).status).toBe(200)
    expect(await trade(good)).toEqual({ status: 401, error: SIWX_ERRORS.nonce })
    expect(
      (
        await trade(
          await boundBody({ query: '?projectId=project-a&domain=LocalHost:3000', projectId: 'project-a', domain: 'localhost:3000' }),
        )
      ).status,
    ).toBe(200)
  })

  it("the nonce route refuses a domain that is not allowed, a domain that is not the Origin's host and a malformed projectId", async () => {
    const ask = async (query: string, origin?: string) => {
      const res = await app.request(`/v1/siwx/nonce${query}`, { method: 'POST', headers: origin ? { origin } : {} })
      return [res.status, await res.json()]
    }
    expect(await ask('', 'https://evil.example')).toEqual([403, { error: SIWX_ERRORS.domain }])
    expect(await ask('?domain=evil.example')).toEqual([403, { error: SIWX_ERRORS.domain }])
    expect(await ask('?domain=localhost:3000', 'http://localhost:5173')).toEqual([400, { error: SIWX_ERRORS.domainOrigin }])
    expect(await ask('?projectId=a%20b')).toEqual([400, { error: SIWX_ERRORS.projectId }])
    // An opaque origin (a sandboxed page) names no domain.
    expect((await ask('', 'null'))[0]).toBe(200)
  })
})

describe('nonce rate limit (siwx.nonceRateLimit)', () => {
  it('a project past its bucket gets 429 with Retry-After; another project and a later second are served; false turns it off', async () => {
    let now = Date.UTC(2026, 10, 23, 12)
    // Its own database (the buckets are there), with p1 and p2 registered (the admin CLI's write).
    const own = await openTestDatabase()
    for (const id of ['p1', 'p2']) await createProjectsRepository(own).setOrigins(id, ['https://app.example'])
    const limited = makeApp({ db: own, siwx: { nonceRateLimit: { requestsPerSecond: 1, burst: 2 } }, now: () => now })
    const take = async (on: TestApp, projectId: string): Promise<Response> =>
      await on.request(`/v1/siwx/nonce?projectId=${projectId}`, { method: 'POST' })
    expect([(await take(limited, 'p1')).status, (await take(limited, 'p1')).status]).toEqual([200, 200])
    const refused = await take(limited, 'p1')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await refused.json()).toEqual({ error: `${SIWX_ERRORS.tooMany}: retry in 1 s` })
    expect((await take(limited, 'p2')).status).toBe(200)
    now += 1_000
    expect((await take(limited, 'p1')).status).toBe(200)
    const open = makeApp({ siwx: { nonceRateLimit: false } })
    const statuses = await Promise.all(Array.from({ length: 120 }, () => take(open, 'p1').then((r) => r.status)))
    expect(new Set(statuses)).toEqual(new Set([200]))
    await own.close()
    expect(() => makeApp({ siwx: { nonceRateLimit: { requestsPerSecond: 0 } } })).toThrow(
      'siwx.nonceRateLimit.requestsPerSecond must be a positive number',
    )
  })

  it('invented project ids get no bucket of their own: together they share one (issue 24 §2)', async () => {
    const now = Date.UTC(2026, 10, 23, 12)
    const own = await openTestDatabase()
    try {
      const limited = makeApp({ db: own, siwx: { nonceRateLimit: { requestsPerSecond: 1, burst: 3 } }, now: () => now })
      const statuses = []
      for (const id of ['made-up-1', 'made-up-2', 'made-up-3', 'made-up-4', 'made-up-5'])
        statuses.push((await limited.request(`/v1/siwx/nonce?projectId=${id}`, { method: 'POST' })).status)
      expect(statuses).toEqual([200, 200, 200, 429, 429])
      const { rows } = await own.query<{ n: number }>('SELECT count(*)::int AS n FROM portico_siwx.nonces')
      expect(rows[0]?.n).toBe(3)
    } finally {
      await own.close()
    }
  })
})

describe('CAIP-122 sign-in on Solana (ed25519)', () => {
  function solanaKey(): { address: string; privateKey: KeyObject } {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
    return { address: getBase58Decoder().decode(raw), privateKey }
  }
  const b58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

  async function solanaBody(key: { address: string; privateKey: KeyObject }, overrides: Partial<SiwxMessageFields> = {}): Promise<Body> {
    const message = formatSiwxMessage({
      domain: DOMAIN,
      address: key.address,
      uri: `http://${DOMAIN}/`,
      version: '1',
      chainId: SOLANA_MAINNET,
      nonce: await nonce(),
      issuedAt: new Date().toISOString(),
      ...overrides,
    })
    return {
      message,
      signature: b58(edSign(null, Buffer.from(message), key.privateKey)),
      chainId: overrides.chainId ?? SOLANA_MAINNET,
      address: key.address,
    }
  }

  it('signs in with a real ed25519 key; the token names the Solana account', async () => {
    const key = solanaKey()
    const out = await signedIn(await solanaBody(key))
    expect(out.session).toMatchObject({ address: key.address, chainId: SOLANA_MAINNET, domain: DOMAIN })
    expect(decodeJwt(out.token).sub).toBe(`${SOLANA_MAINNET}:${key.address}`)
    expect((await session(out.token)).status).toBe(200)
  })

  it("refuses another key's signature, a tampered message, a malformed signature and an unknown cluster", async () => {
    const key = solanaKey()
    const other = solanaKey()
    const body = await solanaBody(key)
    expect(await refused({ ...body, signature: b58(edSign(null, Buffer.from(body.message), other.privateKey)) })).toEqual({
      status: 401,
      error: 'Invalid signature',
    })
    expect(await refused({ ...body, message: body.message.replace(`URI: http://${DOMAIN}/`, `URI: http://${DOMAIN}/x`) })).toEqual({
      status: 401,
      error: 'Invalid signature',
    })
    expect(await refused({ ...body, signature: '0xdeadbeef' })).toEqual({ status: 400, error: 'Invalid signature' })
    expect(await refused(await solanaBody(key, { chainId: 'solana:11111111111111111111111111111111' }))).toEqual({
      status: 400,
      error: 'Unsupported chainId solana:11111111111111111111111111111111',
    })
    expect((await signIn(body)).status).toBe(200)
  })
})

describe('smart accounts on the anvil chain (the OwnedWallet fixture)', () => {
  const owner = privateKeyToAccount(`0x${'d4'.repeat(32)}`)
  let factory: Address

  function clients() {
    const chain = devnet.chains[0]!
    const viemChain = {
      id: CHAIN_ID,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    } as const
    const wallet = createWalletClient({
      chain: viemChain,
      transport: http(chain.rpcUrl),
      account: mnemonicToAccount(devnet.mnemonic, { addressIndex: 4 }),
    })
    const client = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) })
    return { wallet, client }
  }

  beforeAll(async () => {
    const { wallet, client } = clients()
    const hash = await wallet.deployContract({ abi: OwnedWalletFactory.abi, bytecode: OwnedWalletFactory.bytecode })
    factory = (await client.waitForTransactionReceipt({ hash })).contractAddress as Address
  })

  const walletAddress = (salt: Hex): Address =>
    getContractAddress({
      opcode: 'CREATE2',
      from: factory,
      salt,
      bytecode: `${OwnedWallet.bytecode}${encodeAbiParameters([{ type: 'address' }], [owner.address]).slice(2)}` as Hex,
    })

  /** The smart account as a signer: its address, its owner's signature (ERC-1271 checks the owner). */
  const account = (address: Address) => ({ address, signMessage: (a: { message: string }) => owner.signMessage(a) })

  it('signs in a deployed smart account (ERC-1271) and refuses a signature by someone else', async () => {
    const salt = keccak256(toHex('siwx-deployed'))
    const { wallet, client } = clients()
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: factory,
        abi: OwnedWalletFactory.abi,
        functionName: 'deploy',
        args: [owner.address, salt],
      }),
    })
    const address = walletAddress(salt)
    expect(await client.getCode({ address })).not.toBeUndefined()

    const body = await signedBy(account(address))
    expect(await refused({ ...body, signature: await bob.signMessage({ message: body.message }) })).toEqual({
      status: 401,
      error: 'Invalid signature',
    })
    const out = await signedIn(body)
    expect(out.session.address).toBe(address)
  })

  it('signs in a smart account not deployed yet with an ERC-6492 signature, without deploying it', async () => {
    const salt = keccak256(toHex('siwx-counterfactual'))
    const address = walletAddress(salt)
    const { client } = clients()
    expect(await client.getCode({ address })).toBeUndefined()
    const body = await signedBy(account(address))
    expect(await refused(body)).toEqual({ status: 401, error: 'Invalid signature' })
    const signature = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({ abi: OwnedWalletFactory.abi, functionName: 'deploy', args: [owner.address, salt] }),
      signature: body.signature as Hex,
    })
    const out = await signedIn({ ...body, signature })
    expect(out.session.address).toBe(address)
    expect(await client.getCode({ address })).toBeUndefined()
  })
})

describe('bad input never makes a 500', () => {
  it.each([
    ['not JSON', '{', 'Invalid JSON body'],
    ['not an object', '[]', SIWX_ERRORS.body],
    [
      'a missing field',
      JSON.stringify({ message: 'x', signature: '0x00', chainId: CAIP }),
      'address must be a string of 1 to 200 characters',
    ],
    [
      'an oversized message',
      JSON.stringify({ message: 'x'.repeat(9000), signature: '0x00', chainId: CAIP, address: alice.address }),
      'message must be a string of 1 to 8192 characters',
    ],
  ])('%s → 400', async (_name, raw, error) => {
    const res = await postJson(app, '/v1/siwx/sessions', raw)
    expect([res.status, z.object({ error: z.string() }).parse(await res.json()).error]).toEqual([400, error])
  })
})

describe('CLI', () => {
  it('--siwx-session-ttl and PORTICO_SIWX_SIGNING_KEY set siwx', async () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' }
    expect(parseCli(['--siwx-session-ttl', '3600'], { PORTICO_SIWX_SIGNING_KEY: JSON.stringify(jwk) })).toMatchObject({
      siwx: { sessionTtlSeconds: 3600, signingKey: jwk },
    })
    expect(parseCli([], { PORTICO_SIWX_SESSION_TTL: '60' })).toMatchObject({ siwx: { sessionTtlSeconds: 60 } })
    expect(parseCli([], {})).not.toHaveProperty('siwx')
    expect(() => parseCli(['--siwx-session-ttl', '1.5'], {})).toThrow('siwx-session-ttl must be a positive whole number of seconds')
    expect(() => parseCli([], { PORTICO_SIWX_SIGNING_KEY: '{' })).toThrow(
      'PORTICO_SIWX_SIGNING_KEY must be a JWK as JSON (an EC P-256 private key)',
    )
  })
})

describe('browsers', () => {
  it('an allowed origin may send the Bearer token (CORS preflight allows Authorization)', async () => {
    const res = await app.request('/v1/siwx/session', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    const other = await app.request('/v1/siwx/session', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })
})
