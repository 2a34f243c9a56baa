import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from './types.ts'

type PGliteLike = {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(sql: string): Promise<unknown>
}

function wrap(target: PGliteLike): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await target.query<T>(sql, params)
      return { rows: result.rows }
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  }
}

/**
 * Embedded Postgres (PGlite). `dataDir` persists the database in that directory; without it the
 * database lives in memory (tests).
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  const pg = dataDir === undefined ? new PGlite() : new PGlite(dataDir)
  await pg.waitReady
  const base = wrap(pg)
  return {
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  }
}
