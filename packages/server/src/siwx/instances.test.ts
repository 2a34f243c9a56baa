/**
 * SIWX on several instances of the API over one database (issue 24 §2): two apps built on one
 * migrated database (PGlite here; a copy of the migrated template on the real PostgreSQL server
 * under the node-pg project). A token of one verifies on the other whatever key each is configured
 * with, the stored key is sealed under the KEK, a key change reaches every JWKS, and a nonce signs
 * in once across both. EOA sign-ins (recovered offline: no chain is reached).
 */
import { formatSiwxMessage, siwxCreateSessionResponseSchema, siwxNonceResponseSchema } from '@portico/protocol/siwx'
import { decodeProtectedHeader, exportJWK, generateKeyPair, type JWK } from 'jose'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp, type AppConfig } from '../app.ts'
import { open } from '../auth/crypto.ts'
import { FRAME_ORIGIN, memoryMailbox, TEST_KEK } from '../auth/test-support.ts'
import type { Database } from '../db/types.ts'
import { startServer } from '../index.ts'
import { SIWX_ERRORS } from '../routes/siwx.ts'
import { errorBodySchema, openTestDatabase, postJson, TEST_CHAINS, type TestApp } from '../test-support.ts'
import { siwxSealingKey } from './tokens.ts'

const DOMAIN = 'localhost:5173'
const alice = privateKeyToAccount(`0x${'a1'.repeat(32)}`)
const T0 = Date.UTC(2026, 11, 2, 12)

let databases: Database[] = []
afterEach(async () => {
  await Promise.all(databases.map((db) => db.close()))
  databases = []
})

async function database(): Promise<Database> {
  const db = await openTestDatabase()
  databases.push(db)
  return db
}

/** One instance of the API on `db`. */
const instance = (db: Database, config: Partial<AppConfig> = {}): TestApp =>
  createApp({ chains: TEST_CHAINS, db, onError: () => {}, siwx: { nonceRateLimit: false, ...config.siwx }, ...config })

/** The auth service's config (its KEK seals the stored signing key). */
const withAuth = (kek = TEST_KEK): Partial<AppConfig> => ({ auth: { kek, mail: memoryMailbox(), frameOrigins: [FRAME_ORIGIN] } })

async function configuredKey(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  return { ...(await exportJWK(privateKey)), kid }
}

/** Alice's signed message over a nonce of `on`, as POST /v1/siwx/sessions takes it. */
async function signedBody(on: TestApp) {
  const res = await on.request('/v1/siwx/nonce?projectId=demo', { method: 'POST', headers: { origin: `http://${DOMAIN}` } })
  const { nonce } = siwxNonceResponseSchema.parse(await res.json())
  const message = formatSiwxMessage({
    domain: DOMAIN,
    address: alice.address,
    uri: `http://${DOMAIN}/`,
    version: '1',
    chainId: 'eip155:31337',
    nonce,
    issuedAt: new Date().toISOString(),
  })
  return { message, signature: await alice.signMessage({ message }), chainId: 'eip155:31337', address: alice.address }
}

async function trade(on: TestApp, body: unknown): Promise<{ status: number; token?: string; error?: string }> {
  const res = await postJson(on, '/v1/siwx/sessions?projectId=demo', body)
  const json: unknown = await res.json()
  if (res.status === 200) return { status: 200, token: siwxCreateSessionResponseSchema.parse(json).token }
  return { status: res.status, error: errorBodySchema.parse(json).error }
}

async function tokenOf(on: TestApp): Promise<string> {
  const out = await trade(on, await signedBody(on))
  if (out.token === undefined) throw new Error(`sign-in refused: ${out.status} ${out.error}`)
  return out.token
}

/** GET /v1/siwx/session on `on` with the token, from the page of the token's domain. */
async function checks(on: TestApp, token: string): Promise<number> {
  return (await on.request('/v1/siwx/session', { headers: { authorization: `Bearer ${token}`, origin: `http://${DOMAIN}` } })).status
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid
const jwksKids = async (on: TestApp) =>
  ((await (await on.request('/.well-known/jwks.json')).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid)

describe('the token signing key agrees across instances', () => {
  it('no key configured: one key is generated once, and a token of instance 1 verifies on instance 2 and back', async () => {
    const db = await database()
    const [one, two] = [instance(db), instance(db)]
    const fromOne = await tokenOf(one)
    const fromTwo = await tokenOf(two)
    expect(kidOf(fromTwo)).toBe(kidOf(fromOne))
    expect([await checks(two, fromOne), await checks(one, fromTwo)]).toEqual([200, 200])
    expect(await jwksKids(one)).toEqual([kidOf(fromOne)])
    expect(await jwksKids(two)).toEqual([kidOf(fromOne)])
    expect((await db.query('SELECT kid FROM portico_siwx.signing_keys')).rows).toHaveLength(1)
  })

  it('with the auth service, the stored key is sealed under the KEK: no private JWK in the database, and it opens with the KEK only', async () => {
    const db = await database()
    const [one, two] = [instance(db, withAuth()), instance(db, withAuth())]
    const token = await tokenOf(one)
    expect(await checks(two, token)).toBe(200)
    const { rows } = await db.query<{ kid: string; private_jwk: unknown; private_sealed: string; public_jwk: JWK }>(
      'SELECT kid, private_jwk, private_sealed, public_jwk FROM portico_siwx.signing_keys',
    )
    expect(rows).toHaveLength(1)
    const [row] = rows as [(typeof rows)[number]]
    expect(row.kid).toBe(kidOf(token))
    expect(row.private_jwk).toBeNull()
    expect(row.private_sealed).toMatch(/^v1\./)
    const opened = JSON.parse(
      open(siwxSealingKey(TEST_KEK), row.private_sealed, `portico/siwx-signing-key/v1:${row.kid}`).toString(),
    ) as JWK
    expect({ x: opened.x, y: opened.y, d: typeof opened.d }).toEqual({ x: row.public_jwk.x, y: row.public_jwk.y, d: 'string' })
    const otherKek = Buffer.alloc(32, 9).toString('base64')
    expect(() => open(siwxSealingKey(otherKek), row.private_sealed, `portico/siwx-signing-key/v1:${row.kid}`)).toThrow()
  })

  it('a key stored in the clear (before the KEK sealed it) is sealed by the first instance with the KEK, and keeps signing', async () => {
    const db = await database()
    const plain = instance(db)
    const before = await tokenOf(plain)
    expect((await db.query('SELECT 1 FROM portico_siwx.signing_keys WHERE private_jwk IS NOT NULL')).rows).toHaveLength(1)
    const sealed = instance(db, withAuth())
    const after = await tokenOf(sealed)
    expect(kidOf(after)).toBe(kidOf(before))
    expect(await checks(sealed, before)).toBe(200)
    const { rows } = await db.query<{ private_jwk: unknown; private_sealed: string | null }>(
      'SELECT private_jwk, private_sealed FROM portico_siwx.signing_keys',
    )
    expect(rows).toEqual([{ private_jwk: null, private_sealed: expect.stringMatching(/^v1\./) }])
  })

  it('PORTICO_SIWX_SIGNING_KEY on instance 1 only: each accepts the other one’s tokens, and both JWKS list both keys', async () => {
    const db = await database()
    const key = await configuredKey('operator-1')
    const [one, two] = [instance(db, { siwx: { signingKey: key } }), instance(db, withAuth())]
    const fromOne = await tokenOf(one)
    const fromTwo = await tokenOf(two)
    expect(kidOf(fromOne)).toBe('operator-1')
    expect(kidOf(fromTwo)).not.toBe('operator-1')
    expect([await checks(two, fromOne), await checks(one, fromTwo)]).toEqual([200, 200])
    expect(await jwksKids(one)).toEqual(['operator-1', kidOf(fromTwo)])
    expect(await jwksKids(two)).toEqual([kidOf(fromTwo), 'operator-1'])
    // The configured key's private part never reaches the database.
    const { rows } = await db.query('SELECT private_jwk, private_sealed FROM portico_siwx.signing_keys WHERE kid = $1', ['operator-1'])
    expect(rows).toEqual([{ private_jwk: null, private_sealed: null }])
  })

  it('a key change reaches every instance: instance 2 lists and accepts the new key at once, the previous one for a session’s life after its last use', async () => {
    const db = await database()
    let now = T0
    const ttl = 3600
    const config = (signingKey: JWK): Partial<AppConfig> => ({ siwx: { signingKey, sessionTtlSeconds: ttl }, now: () => now })
    const [k1, k2] = [await configuredKey('key-1'), await configuredKey('key-2')]
    const one = instance(db, config(k1))
    const two = instance(db, config(k1))
    const old = await tokenOf(two)
    expect(kidOf(await tokenOf(one))).toBe('key-1')
    expect(await jwksKids(two)).toEqual(['key-1'])
    // The operator rotates: instance 1 restarts with key-2, instance 2 still runs with key-1.
    now += 60_000
    const oneRestarted = instance(db, config(k2))
    const fresh = await tokenOf(oneRestarted)
    expect(kidOf(fresh)).toBe('key-2')
    expect(await jwksKids(two)).toEqual(['key-1', 'key-2'])
    expect([await checks(two, fresh), await checks(oneRestarted, old), await checks(one, fresh)]).toEqual([200, 200, 200])
    // Instance 2 restarts with key-2 too: key-1 stays listed until a session's life after its last use…
    now += 60_000
    const twoRestarted = instance(db, config(k2))
    expect(await jwksKids(twoRestarted)).toEqual(['key-2', 'key-1'])
    now = T0 + ttl * 1000 - 1000
    expect(await jwksKids(twoRestarted)).toEqual(['key-2', 'key-1'])
    // …and then goes, with the last token it signed.
    now = T0 + ttl * 1000
    expect(await jwksKids(twoRestarted)).toEqual(['key-2'])
  })

  it('a configured kid that names another stored key stops the start, with the reason', async () => {
    const db = await database()
    await tokenOf(instance(db, { siwx: { signingKey: await configuredKey('main') } }))
    // startServer closes the database it was given when it refuses to start.
    databases = []
    await expect(
      startServer({
        chains: TEST_CHAINS,
        database: Promise.resolve(db),
        indexer: { enabled: false },
        onError: () => {},
        siwx: { signingKey: await configuredKey('main') },
      }),
    ).rejects.toThrow("siwx.signingKey's kid main is the kid of another key in the database: give the new key another kid")
  })
})

describe('while the database is down', () => {
  it('a session check answers 503 (retry), not 401: the token is not thrown away; keys read before still check the signature', async () => {
    const db = await database()
    let now = T0
    let down = false
    const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
    const flaky: Database = {
      ...db,
      query: ((sql: string, params?: unknown[]) => (down ? refused() : db.query(sql, params))) as Database['query'],
      transaction: ((fn: Parameters<Database['transaction']>[0]) => (down ? refused() : db.transaction(fn))) as Database['transaction'],
    }
    const one = instance(flaky, { now: () => now })
    const token = await tokenOf(one)
    expect(await checks(one, token)).toBe(200)
    down = true
    // Past the key list's minute: it can not be read again.
    now += 61_000
    const res = await one.request('/v1/siwx/session', { headers: { authorization: `Bearer ${token}`, origin: `http://${DOMAIN}` } })
    expect([res.status, res.headers.get('retry-after'), await res.json()]).toEqual([
      503,
      '5',
      { error: 'The database is unavailable, retry shortly' },
    ])
    // A forged token is still refused on the keys read before.
    const [h, p] = token.split('.')
    const forged = await one.request('/v1/siwx/session', { headers: { authorization: `Bearer ${h}.${p}.${'A'.repeat(86)}` } })
    expect([forged.status, await forged.json()]).toEqual([401, { error: SIWX_ERRORS.token }])
    down = false
    expect(await checks(one, token)).toBe(200)
  })
})

describe('a nonce across instances', () => {
  it('is usable once: signed in on instance 1, the same message replayed on instance 2 is refused', async () => {
    const db = await database()
    const [one, two] = [instance(db), instance(db)]
    const body = await signedBody(one)
    expect((await trade(one, body)).status).toBe(200)
    expect(await trade(two, body)).toEqual({ status: 401, error: SIWX_ERRORS.nonce })
  })

  it('two instances racing on one message: exactly one signs in', async () => {
    const db = await database()
    const [one, two] = [instance(db), instance(db)]
    const body = await signedBody(two)
    const answers = await Promise.all([trade(one, body), trade(two, body), trade(one, body), trade(two, body)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401])
  })
})
