// Migrations on a real PostgreSQL 15 server (the node-pg project's cluster, tests/setup/postgres.ts):
// several instances starting at once against one empty database, as a scaled-out deploy does.
import { describe, expect, it } from 'vitest'
import { TEST_POSTGRES_ENV } from '../test-support.ts'
import { loadMigrations, migrate } from './migrate.ts'
import { openPostgres } from './postgres.ts'

async function emptyDatabase(name: string): Promise<string> {
  const admin = process.env[TEST_POSTGRES_ENV]
  if (!admin) throw new Error(`${TEST_POSTGRES_ENV} is not set: run this file in the node-pg project`)
  const db = await openPostgres(admin)
  try {
    await db.exec(`CREATE DATABASE ${name}`)
  } finally {
    await db.close()
  }
  return admin.replace(/\/postgres$/, `/${name}`)
}

describe('migrations on real PostgreSQL', () => {
  it('four instances migrating one empty database at once: one applies every migration, the others none, and all agree', async () => {
    const url = await emptyDatabase(`migrate_race_${process.pid}`)
    const instances = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url)))
    try {
      const applied = await Promise.all(instances.map((db) => migrate(db)))
      const all = loadMigrations().map((m) => m.version)
      expect(applied.filter((versions) => versions.length > 0)).toEqual([all])
      expect(applied.filter((versions) => versions.length === 0)).toHaveLength(3)
      const { rows } = await instances[0]!.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')
      expect(rows.map((r) => r.version)).toEqual(all)
      // The tables of the auth service, SIWX and the names registry are there.
      const tables = await instances[1]!.query<{ name: string }>(
        "SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_name IN ('users', 'sessions', 'names') ORDER BY 1",
      )
      expect(tables.rows.map((r) => r.name)).toEqual([
        'portico_auth.sessions',
        'portico_auth.users',
        'portico_siwx.sessions',
        'public.names',
      ])
      expect(await migrate(instances[2]!)).toEqual([])
    } finally {
      await Promise.all(instances.map((db) => db.close()))
    }
  })
})
