import type { Database, Queryable } from './types.ts'

/** The part of node-postgres (`pg`) this adapter uses. */
type PgClient = {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>
}
type PgPoolClient = PgClient & { release(err?: Error): void }
type PgPool = PgClient & {
  connect(): Promise<PgPoolClient>
  end(): Promise<void>
  totalCount: number
  idleCount: number
  waitingCount: number
  on(event: 'error', listener: (error: Error) => void): unknown
}
type PgModule = { Pool: new (options: { connectionString: string; max?: number }) => PgPool }

function wrap(client: PgClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query(sql, params)
      return { rows: result.rows as T[] }
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await client.query(sql)
    },
  }
}

/**
 * A real Postgres reached through `DATABASE_URL`, using the `pg` package. `pg` is loaded on demand
 * so the embedded default needs nothing else; when it is missing this throws a clear error.
 */
export async function openPostgres(connectionString: string): Promise<Database> {
  const specifier = 'pg'
  let mod: { default?: PgModule } & Partial<PgModule>
  try {
    mod = (await import(specifier)) as typeof mod
  } catch (cause) {
    throw new Error("DATABASE_URL is set but the 'pg' package is not installed; add it to @portico/server", { cause })
  }
  const Pool = mod.Pool ?? mod.default?.Pool
  if (Pool === undefined) throw new Error("The 'pg' package does not export Pool")
  const pool = new Pool({ connectionString, max: 10 })
  // An idle connection the server cuts (a restart, a failover) is an 'error' of the pool: unheard,
  // it would crash the process. The pool drops that connection and opens a new one when needed;
  // the requests of the outage get their own errors (503, app.ts).
  pool.on('error', () => undefined)
  return {
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        client.release()
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        client.release(error instanceof Error ? error : undefined)
        throw error
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  }
}
