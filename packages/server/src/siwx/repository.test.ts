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
  it('a nonce is spent once with its session, for its own project and domain only; an expired or unknown one never', async () => {
    const db = await open()
    try {
      const repo = createSiwxRepository(db)
      const now = new Date('2026-11-23T22:00:00.000Z')
      const later = new Date(now.getTime() + 11 * 60_000)
      const nonce = `n${Math.random().toString(36).slice(2)}xyz`
      const use = { projectId: 'project-a', domain: 'localhost:5173' }
      await repo.addNonce(nonce, new Date(now.getTime() + 10 * 60_000), now, use)
      expect(await repo.usableNonce(nonce, now)).toEqual(use)
      expect(await repo.usableNonce(nonce, later)).toBeNull()
      await expect(repo.createSession(nonce, use, session('s-late', now), later)).rejects.toBeInstanceOf(NonceError)
      await expect(repo.createSession(nonce, { ...use, projectId: 'project-b' }, session('s-b', now), now)).rejects.toBeInstanceOf(
        NonceError,
      )
      await expect(repo.createSession(nonce, { ...use, domain: 'app.example' }, session('s-y', now), now)).rejects.toBeInstanceOf(
        NonceError,
      )
      const stored = await repo.createSession(nonce, use, session(`s-${nonce}`, now), now)
      expect(stored).toEqual({ ...session(`s-${nonce}`, now), revokedAt: null })
      await expect(repo.createSession(nonce, use, session('s-again', now), now)).rejects.toBeInstanceOf(NonceError)
      expect(await repo.usableNonce(nonce, now)).toBeNull()
      // A nonce asked without a domain is bound to its project only.
      const unbound = `o${Math.random().toString(36).slice(2)}xyz`
      await repo.addNonce(unbound, new Date(now.getTime() + 10 * 60_000), now, { projectId: '', domain: null })
      await expect(repo.createSession(unbound, use, session('s-open-a', now), now)).rejects.toBeInstanceOf(NonceError)
      expect((await repo.createSession(unbound, { projectId: '', domain: 'app.example' }, session(`s-${unbound}`, now), now)).id).toBe(
        `s-${unbound}`,
      )
      // Nothing stored by the refused attempts.
      for (const id of ['s-late', 's-b', 's-y', 's-open-a']) expect(await repo.findSession(id)).toBeNull()
      expect(await repo.findSession('s-again')).toBeNull()
      expect(await repo.findSession(`s-${nonce}`)).toEqual(stored)

      await repo.revokeSession(stored.id, later)
      await repo.revokeSession(stored.id, new Date(later.getTime() + 1000))
      expect((await repo.findSession(stored.id))?.revokedAt).toBe(later.toISOString())
    } finally {
      await db.close()
    }
  })

  it('signing keys: callers under the lock one at a time (one key made by three), read back as JWK objects; last use kept', async () => {
    const db = await open()
    try {
      const repo = createSiwxRepository(db)
      const t0 = new Date('2026-11-23T22:00:00.000Z')
      let made = 0
      const createOnce = () =>
        repo.signingKeysLocked(async (store) => {
          const [newest] = await store.list()
          if (newest !== undefined) return newest.kid
          made++
          await store.insert(
            {
              kid: `k${made}`,
              privateJwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' },
              publicJwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' },
            },
            t0,
          )
          return `k${made}`
        })
      expect(await Promise.all([createOnce(), createOnce(), createOnce()])).toEqual(['k1', 'k1', 'k1'])
      const [key] = await repo.signingKeys()
      expect(key).toEqual({
        kid: 'k1',
        publicJwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' },
        privateJwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' },
        privateSealed: null,
        createdAt: t0.toISOString(),
        lastUsedAt: t0.toISOString(),
      })
      await repo.signingKeysLocked((store) => store.seal('k1', 'v1.sealed'))
      const later = new Date(t0.getTime() + 60_000)
      await repo.touchSigningKey('k1', later)
      await repo.touchSigningKey('k1', t0)
      expect(await repo.signingKeys()).toEqual([{ ...key, privateJwk: null, privateSealed: 'v1.sealed', lastUsedAt: later.toISOString() }])
      expect((await repo.keysUsedSince(t0)).map((k) => k.kid)).toEqual(['k1'])
      expect(await repo.keysUsedSince(later)).toEqual([])
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
      await repo.addNonce('oldnonce1', new Date(t0.getTime() + 600_000), t0, { projectId: '', domain: null })
      await repo.addNonce('newnonce1', new Date(t0.getTime() + 1_200_000), new Date(t0.getTime() + 600_000), {
        projectId: '',
        domain: null,
      })
      const { rows } = await db.query<{ nonce: string }>('SELECT nonce FROM portico_siwx.nonces ORDER BY nonce')
      expect(rows.map((r) => r.nonce)).toEqual(['newnonce1'])
    } finally {
      await db.close()
    }
  })
})
