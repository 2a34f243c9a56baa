/**
 * Token buckets kept in the database (issue 24 §2), so that a limit holds whatever instance a
 * request reaches. Each bucket holds up to `burst` tokens and refills at `perSecond`; a take of
 * `cost` tokens is one INSERT … ON CONFLICT DO UPDATE statement: the row lock it takes orders
 * concurrent takes of one bucket, on one instance or many, so together they never get more than the
 * bucket holds.
 *
 * A bucket that has been full for a while is the same as no row: `prune` deletes those.
 */
import type { Queryable } from './types.ts'

export interface RateLimit {
  perSecond: number
  burst: number
}

export interface RateBuckets {
  /** Take `cost` tokens from `key`'s bucket: 0 when taken, else the whole seconds until they are there. */
  take(key: string, cost?: number): Promise<number>
}

const TAKE = `
INSERT INTO portico_limits.rate_buckets AS b (scope, key, tokens, at_ms, granted)
VALUES ($1, $2, CASE WHEN $5::float8 <= $4::float8 THEN $4::float8 - $5::float8 ELSE $4::float8 END, $6::bigint, $5::float8 <= $4::float8)
ON CONFLICT (scope, key) DO UPDATE SET
  tokens = LEAST($4::float8, b.tokens + GREATEST(0, $6::bigint - b.at_ms) / 1000.0 * $3::float8)
    - CASE WHEN LEAST($4::float8, b.tokens + GREATEST(0, $6::bigint - b.at_ms) / 1000.0 * $3::float8) >= $5::float8 THEN $5::float8 ELSE 0 END,
  at_ms = GREATEST(b.at_ms, $6::bigint),
  granted = LEAST($4::float8, b.tokens + GREATEST(0, $6::bigint - b.at_ms) / 1000.0 * $3::float8) >= $5::float8
RETURNING granted, tokens`

/** The buckets of one limit (`scope`: e.g. 'rpc:project'), in `db`. */
export function rateBuckets(db: Queryable, scope: string, limit: RateLimit, now: () => number = Date.now): RateBuckets {
  return {
    async take(key, cost = 1) {
      const want = Math.min(cost, limit.burst)
      const { rows } = await db.query<{ granted: boolean; tokens: number }>(TAKE, [
        scope,
        key.slice(0, 200),
        limit.perSecond,
        limit.burst,
        want,
        Math.floor(now()),
      ])
      const row = rows[0]
      if (row === undefined || row.granted) return 0
      return Math.max(1, Math.ceil((want - Number(row.tokens)) / limit.perSecond))
    },
  }
}

/** Delete the buckets untouched for `idleMs` (full again by then for every limit that refills within it). */
export async function pruneRateBuckets(db: Queryable, idleMs: number, now: () => number = Date.now): Promise<void> {
  await db.query('DELETE FROM portico_limits.rate_buckets WHERE at_ms < $1', [Math.floor(now() - idleMs)])
}
