/**
 * SIWX on two API instances on one real PostgreSQL 15 database (the node-pg project's cluster), each
 * with its own connection pool, behind HAProxy (round robin, a new server per request): instance 1
 * has PORTICO_SIWX_SIGNING_KEY, instance 2 has none — the setup in which each used to reject the
 * other's tokens (issue 24 §2). Both run the auth service, so the stored key is sealed under the KEK.
 * Sign-ins are EOA messages (recovered offline: no chain is reached).
 */
import { formatSiwxMessage, siwxCreateSessionResponseSchema, siwxNonceResponseSchema } from '@portico/protocol/siwx'
import { decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_ORIGIN, memoryMailbox, TEST_KEK } from './auth/test-support.ts'
import { openPostgres } from './db/postgres.ts'
import { type Haproxy, startHaproxy } from './haproxy.ts'
import { type RunningServer, startServer } from './index.ts'
import { SIWX_ERRORS } from './routes/siwx.ts'
import { TEST_CHAINS, TEST_POSTGRES_ENV, TEST_POSTGRES_TEMPLATE } from './test-support.ts'

const DOMAIN = 'localhost:5173'
const alice = privateKeyToAccount(`0x${'a1'.repeat(32)}`)
let instances: RunningServer[] = []
let balancer: Haproxy
let databaseUrl: string

beforeAll(async () => {
  const admin = process.env[TEST_POSTGRES_ENV]
  if (!admin) throw new Error(`${TEST_POSTGRES_ENV} is not set: run this file in the node-pg project`)
  const name = `siwx_instances_${process.pid}`
  const db = await openPostgres(admin)
  try {
    await db.exec(`CREATE DATABASE ${name} TEMPLATE ${TEST_POSTGRES_TEMPLATE}`)
  } finally {
    await db.close()
  }
  databaseUrl = admin.replace(/\/postgres$/, `/${name}`)
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'operator-key' }
  const common = {
    databaseUrl,
    chains: [TEST_CHAINS[0]!],
    indexer: { enabled: false },
    auth: { kek: TEST_KEK, mail: memoryMailbox(), frameOrigins: [FRAME_ORIGIN] },
    onError: () => {},
  }
  instances = [await startServer({ ...common, siwx: { signingKey } }), await startServer(common)]
  balancer = await startHaproxy(instances.map((i) => i.url))
}, 60_000)

afterAll(async () => {
  await balancer?.stop()
  await Promise.all(instances.map((i) => i.stop()))
})

/** Alice's signed message over a nonce asked at `base` for the demo project on DOMAIN. */
async function signedBody(base: string) {
  const res = await fetch(`${base}/v1/siwx/nonce?projectId=demo&domain=${DOMAIN}`, { method: 'POST' })
  expect(res.status).toBe(200)
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
  return JSON.stringify({ message, signature: await alice.signMessage({ message }), chainId: 'eip155:31337', address: alice.address })
}

async function trade(base: string, body: string): Promise<{ status: number; token?: string; error?: string }> {
  const res = await fetch(`${base}/v1/siwx/sessions?projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  const json = (await res.json()) as { error?: string }
  return res.status === 200 ? { status: 200, token: siwxCreateSessionResponseSchema.parse(json).token } : { status: res.status, ...json }
}

const checks = async (base: string, token: string) =>
  (await fetch(`${base}/v1/siwx/session?domain=${DOMAIN}`, { headers: { authorization: `Bearer ${token}` } })).status

const kids = async (base: string) =>
  ((await (await fetch(`${base}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid)

describe('SIWX on two instances on one PostgreSQL, one with PORTICO_SIWX_SIGNING_KEY and one without', () => {
  it("each instance accepts the other one's tokens, and both JWKS list both keys", async () => {
    const [one, two] = instances.map((i) => i.url) as [string, string]
    const fromOne = await trade(one, await signedBody(one))
    const fromTwo = await trade(two, await signedBody(two))
    expect(decodeProtectedHeader(fromOne.token!).kid).toBe('operator-key')
    const stored = decodeProtectedHeader(fromTwo.token!).kid
    expect(stored).not.toBe('operator-key')
    expect([await checks(two, fromOne.token!), await checks(one, fromTwo.token!)]).toEqual([200, 200])
    expect(await kids(one)).toEqual(['operator-key', stored])
    expect(await kids(two)).toEqual([stored, 'operator-key'])
    // The stored key is sealed under the KEK; the configured key's private part is not in the database.
    const db = await openPostgres(databaseUrl)
    try {
      const { rows } = await db.query<{ kid: string; clear: boolean; sealed: boolean }>(
        'SELECT kid, private_jwk IS NOT NULL AS clear, private_sealed IS NOT NULL AS sealed FROM portico_siwx.signing_keys ORDER BY kid',
      )
      expect(rows).toHaveLength(2)
      expect(rows).toContainEqual({ kid: 'operator-key', clear: false, sealed: false })
      expect(rows).toContainEqual({ kid: stored, clear: false, sealed: true })
    } finally {
      await db.close()
    }
  })

  it('through the balancer: a token verifies on whichever instance a check reaches (4 of 4)', async () => {
    const { token } = await trade(balancer.url, await signedBody(balancer.url))
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push(await checks(balancer.url, token!))
    expect(statuses).toEqual([200, 200, 200, 200])
  })

  it('a nonce is usable once across both instances: signed in on instance 1, replayed on instance 2 (and through the balancer) refused', async () => {
    const [one, two] = instances.map((i) => i.url) as [string, string]
    const body = await signedBody(one)
    expect((await trade(one, body)).status).toBe(200)
    expect(await trade(two, body)).toEqual({ status: 401, error: SIWX_ERRORS.nonce })
    const replays = [await trade(balancer.url, body), await trade(balancer.url, body)]
    expect(replays).toEqual([
      { status: 401, error: SIWX_ERRORS.nonce },
      { status: 401, error: SIWX_ERRORS.nonce },
    ])
    // Sent to both instances at once, one message signs in once.
    const raced = await signedBody(two)
    const answers = await Promise.all([trade(one, raced), trade(two, raced), trade(one, raced), trade(two, raced)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401])
  })
})
