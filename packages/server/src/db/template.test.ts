import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadMigrations } from './migrate.ts'
import { openDatabase } from './index.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'portico-db-template-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const versions = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
  (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version)

describe('in-memory databases from the migrated snapshot', () => {
  it('the first open migrates and writes the snapshot; the next loads it: same schema, separate data', async () => {
    const all = loadMigrations().map((m) => m.version)
    const first = await openDatabase({ memoryTemplateDir: dir })
    try {
      const files = readdirSync(dir)
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/^portico-migrated-[0-9a-f]{16}\.tar$/)
      expect(await versions(first)).toEqual(all)
      await first.exec('CREATE TABLE only_in_first (x int)')
      const second = await openDatabase({ memoryTemplateDir: dir })
      try {
        expect(await versions(second)).toEqual(all)
        // The snapshot is of the empty, migrated database: nothing the first wrote after it.
        const tables = await second.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_in_first'")
        expect(tables.rows[0]?.n).toBe(0)
        expect(readdirSync(dir)).toEqual(files)
      } finally {
        await second.close()
      }
    } finally {
      await first.close()
    }
  })

  it('a data directory or a database URL never uses the snapshot', async () => {
    const dataDir = path.join(dir, 'data')
    const other = path.join(dir, 'unused')
    const db = await openDatabase({ dataDir, memoryTemplateDir: other })
    try {
      expect(await versions(db)).toEqual(loadMigrations().map((m) => m.version))
    } finally {
      await db.close()
    }
    expect(existsSync(other)).toBe(false)
  })
})
