import { migrate } from './migrate.ts'
import { openPglite } from './pglite.ts'
import { openPostgres } from './postgres.ts'
import { openMigratedMemoryDatabase } from './template.ts'
import type { Database } from './types.ts'

export type { Database, Queryable } from './types.ts'
export { migrate, loadMigrations, type Migration } from './migrate.ts'
export { type OpenPgliteOptions, openPglite, type PgliteDatabase } from './pglite.ts'
export { openMigratedMemoryDatabase } from './template.ts'
export { openPostgres } from './postgres.ts'
export { createNamesRepository, NameTakenError, type NameRecord, type NamesRepository } from './names.ts'

export interface OpenDatabaseOptions {
  /** A real Postgres (needs the `pg` package). */
  databaseUrl?: string
  /** PGlite's data directory; in memory when neither this nor `databaseUrl` is given. */
  dataDir?: string
  /**
   * In memory only: a directory that keeps a snapshot of the freshly migrated database, which later
   * opens load instead of migrating again (openMigratedMemoryDatabase). For tests and local stacks.
   */
  memoryTemplateDir?: string
}

/**
 * Open the database and bring its schema up to date. `databaseUrl` selects a real Postgres;
 * otherwise embedded PGlite in `dataDir`, or in memory when neither is given.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (!options.databaseUrl && options.dataDir === undefined && options.memoryTemplateDir !== undefined) {
    return openMigratedMemoryDatabase(options.memoryTemplateDir)
  }
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir)
  try {
    await migrate(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
