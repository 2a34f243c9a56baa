// DATABASE_URL: the `pg` adapter against a Postgres wire-protocol server on 127.0.0.1. The server is
// PGlite behind @electric-sql/pglite-socket, so the test needs no system Postgres: the client side
// (node-postgres, the simple and extended protocols, transactions) is exactly what a real server sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWirePostgres } from '../test-support.ts'
import { startServer } from '../index.ts'
import { createNamesRepository, loadMigrations, openDatabase } from './index.ts'

let postgres: Awaited<ReturnType<typeof startWirePostgres>> | undefined
let databaseUrl: string

beforeAll(async () => {
  postgres = await startWirePostgres()
  databaseUrl = postgres.databaseUrl
})
afterAll(async () => {
  await postgres?.stop()
})

describe('DATABASE_URL (node-postgres)', () => {
  it('migrates over the wire, idempotently, and stores names', async () => {
    const db = await openDatabase({ databaseUrl })
    try {
      const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')
      expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version))
      await createNamesRepository(db).register({ name: 'wire-name', address: `0x${'a'.repeat(40)}`, coinType: 60 })
      expect((await createNamesRepository(db).findByName('wire-name'))?.name).toBe('wire-name')
    } finally {
      await db.close()
    }
    // a second open applies nothing new and keeps the data
    const again = await openDatabase({ databaseUrl })
    try {
      const { rows } = await again.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')
      expect(rows[0]!.n).toBe(loadMigrations().length)
      expect(await createNamesRepository(again).findByName('wire-name')).not.toBeNull()
    } finally {
      await again.close()
    }
  })

  it('rolls a failed transaction back', async () => {
    const db = await openDatabase({ databaseUrl })
    try {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO names (name) VALUES ('rolled-back')")
          throw new Error('abort')
        }),
      ).rejects.toThrow('abort')
      const { rows } = await db.query("SELECT name FROM names WHERE name = 'rolled-back'")
      expect(rows).toEqual([])
    } finally {
      await db.close()
    }
  })

  it('the API server runs on it: a name registered in the database is served by /v1/identity', async () => {
    const address = `0x${'b'.repeat(40)}`
    const db = await openDatabase({ databaseUrl })
    await createNamesRepository(db).register({ name: 'served-name', address, coinType: 60 })
    await db.close()
    const server = await startServer({ databaseUrl, chains: [] })
    try {
      const res = await fetch(`${server.url}/v1/identity/${address}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ name: 'served-name' })
    } finally {
      await server.stop()
    }
  })
})
