import { migrate } from './migrate.ts'
import { openPglite } from './pglite.ts'
import { openPostgres } from './postgres.ts'
import type { Database } from './types.ts'

export type { Database, Queryable } from './types.ts'
export { migrate, loadMigrations, type Migration } from './migrate.ts'
export { openPglite } from './pglite.ts'
export { openPostgres } from './postgres.ts'
export { createNamesRepository, NameTakenError, type NameRecord, type NamesRepository } from './names.ts'

/**
 * Open the database and bring its schema up to date. `databaseUrl` selects a real Postgres;
 * otherwise embedded PGlite in `dataDir`, or in memory when neither is given.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string } = {}): Promise<Database> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir)
  try {
    await migrate(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
