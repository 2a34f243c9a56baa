/**
 * The SIWX repository on both drivers: embedded PGlite and node-postgres over the Postgres wire
 * protocol (PGlite's socket server, as db/postgres.test.ts), so timestamps, jsonb and transactions
 * read back alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWirePostgres } from '../test-support.ts'
import { openDatabase } from '../db/index.ts'
import type { Database } from '../db/types.ts'
import { createSiwxRepository, NonceError } from './repository.ts'

let postgres: Awaited<ReturnType<typeof startWirePostgres>> | undefined
let databaseUrl: string

beforeAll(async () => {
  postgres = await startWirePostgres()
  databaseUrl = postgres.databaseUrl
})
afterAll(async () => {
  await postgres?.stop()
})

const drivers: [string, () => Promise<Database>][] = [
  ['PGlite', () => openDatabase()],
  ['node-postgres', () => openDatabase({ databaseUrl })],
]

describe.each(drivers)('SIWX repository on %s', (_name, openDb) => {
  let shared: Database
  beforeAll(async () => {
    shared = await openDb()
  })
  afterAll(async () => {
    await shared?.close()
  })
  // The tests share one database per driver (opening PGlite is the slow part); closing is the afterAll's.
  const open = async (): Promise<Database> => ({ ...shared, close: async () => {} })
  it('a nonce is spent once with its session; an expired or unknown one never', async () => {
    const db = await open()
    try {
      const repo = createSiwxRepository(db)
      const now = new Date('2026-11-23T22:00:00.000Z')
      const later = new Date(now.getTime() + 11 * 60_000)
      const nonce = `n${Math.random().toString(36).slice(2)}xyz`
      await repo.addNonce(nonce, new Date(now.getTime() + 10 * 60_000), now)
      expect(await repo.isNonceUsable(nonce, now)).toBe(true)
      expect(await repo.isNonceUsable(nonce, later)).toBe(false)
      await expect(repo.createSession(nonce, session('s-late', now), later)).rejects.toBeInstanceOf(NonceError)
      const stored = await repo.createSession(nonce, session(`s-${nonce}`, now), now)
      expect(stored).toEqual({ ...session(`s-${nonce}`, now), revokedAt: null })
      await expect(repo.createSession(nonce, session('s-again', now), now)).rejects.toBeInstanceOf(NonceError)
      expect(await repo.isNonceUsable(nonce, now)).toBe(false)
      // Nothing stored by the refused attempts.
      expect(await repo.findSession('s-late')).toBeNull()
      expect(await repo.findSession('s-again')).toBeNull()
      expect(await repo.findSession(`s-${nonce}`)).toEqual(stored)

      await repo.revokeSession(stored.id, later)
      await repo.revokeSession(stored.id, new Date(later.getTime() + 1000))
      expect((await repo.findSession(stored.id))?.revokedAt).toBe(later.toISOString())
    } finally {
      await db.close()
    }
  })

  it('creates the signing key once; later calls read it back as JWK objects', async () => {
    const db = await open()
    try {
      const repo = createSiwxRepository(db)
      let made = 0
      const create = async () => {
        made++
        return {
          kid: `k${made}`,
          privateJwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' },
          publicJwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' },
        }
      }
      const first = await repo.signingKeyOrCreate(create)
      const [a, b] = await Promise.all([repo.signingKeyOrCreate(create), repo.signingKeyOrCreate(create)])
      expect(a).toEqual(first)
      expect(b).toEqual(first)
      expect((await repo.signingKeys()).map((k) => k.kid)).toEqual([first.kid])
      expect(first.publicJwk).toEqual({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y' })
    } finally {
      await db.close()
    }
  })
})

function session(id: string, now: Date) {
  return {
    id,
    address: '0x5d5c99EdF529335160FF180fA141Dd4967fc00D2',
    chainId: 'eip155:31337',
    domain: 'localhost:5173',
    uri: 'http://localhost:5173/',
    message: 'm',
    signature: '0x00',
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
  }
}

describe('nonce pruning', () => {
  it('adding a nonce drops the expired ones', async () => {
    const db = await openDatabase()
    try {
      const repo = createSiwxRepository(db)
      const t0 = new Date('2026-11-23T22:00:00.000Z')
      await repo.addNonce('oldnonce1', new Date(t0.getTime() + 600_000), t0)
      await repo.addNonce('newnonce1', new Date(t0.getTime() + 1_200_000), new Date(t0.getTime() + 600_000))
      const { rows } = await db.query<{ nonce: string }>('SELECT nonce FROM portico_siwx.nonces ORDER BY nonce')
      expect(rows.map((r) => r.nonce)).toEqual(['newnonce1'])
    } finally {
      await db.close()
    }
  })
})
