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

/** A PGlite database, which can also be dumped whole. */
export interface PgliteDatabase extends Database {
  /** The whole data directory as a tarball (PGlite's dumpDataDir), which `openPglite`'s `snapshot` loads. */
  dump(): Promise<Blob>
}

export interface OpenPgliteOptions {
  /** Start from this data directory tarball (a `dump()`), e.g. a database already migrated. */
  snapshot?: Blob
}

/**
 * Embedded Postgres (PGlite). `dataDir` persists the database in that directory; without it the
 * database lives in memory (tests).
 */
export async function openPglite(dataDir?: string, options: OpenPgliteOptions = {}): Promise<PgliteDatabase> {
  const pg = new PGlite({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  })
  await pg.waitReady
  const base = wrap(pg)
  return {
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    dump: () => pg.dumpDataDir('none'),
    close: () => pg.close(),
  }
}
