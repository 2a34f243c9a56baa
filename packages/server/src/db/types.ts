/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  /** One statement with `$1…` parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** A script of several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>
}

/**
 * The driver-agnostic database the repositories use. Implemented over PGlite (embedded, the
 * default) and over node-postgres for `DATABASE_URL`.
 */
export interface Database extends Queryable {
  /** Run `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** A connection pool's use (node-postgres, DATABASE_URL): open connections, idle ones, clients waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number }
}
