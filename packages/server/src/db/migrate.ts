import { readdirSync, readFileSync } from 'node:fs'
import type { Database } from './types.ts'

export type Migration = { version: string; name: string; sql: string }

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url)
const FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/

/** The migrations shipped in `migrations/`, in version order. */
export function loadMigrations(dir: URL = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .map((file) => ({ file, match: FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({
      version: match[1] as string,
      name: match[2] as string,
      sql: readFileSync(new URL(file, dir), 'utf8'),
    }))
    .sort((a, b) => a.version.localeCompare(b.version))
}

/**
 * Apply every migration not yet recorded in `schema_migrations`, in order, in one transaction
 * guarded by an advisory lock (several servers may start at once against one Postgres).
 * Idempotent: a second run applies nothing. Returns the versions applied by this run.
 */
export async function migrate(db: Database, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('portico.schema_migrations'))")
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const { rows } = await tx.query<{ version: string }>('SELECT version FROM schema_migrations')
    const applied = new Set(rows.map((row) => row.version))
    const done: string[] = []
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name])
      done.push(migration.version)
    }
    return done
  })
}
