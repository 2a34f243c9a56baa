import { Hono } from 'hono'
import { loadMigrations } from '../db/migrate.ts'
import type { RouteModule } from './context.ts'

/** The probes' paths: answered without CORS headers or rate limits (app.ts), logged at debug level only. */
export const HEALTH_PATHS: readonly string[] = ['/healthz', '/readyz']

/** Longest wait for the database in GET /readyz; slower counts as not ready. */
export const READY_TIMEOUT_MS = 2000

export type ReadyAnswer = { status: 'ready' } | { status: 'unavailable'; reason: string; pending?: string[] }

/** GET /readyz's reason while the instance drains before it stops (SIGTERM). */
export const SHUTTING_DOWN = 'shutting down'

class TimedOut extends Error {}

/**
 * GET /healthz: the process is up and serves HTTP (200 `{ status: 'ok' }`, nothing else is asked:
 * a liveness probe that fails only when the instance should be restarted).
 * GET /readyz: the instance can serve: the database answers `SELECT 1` within READY_TIMEOUT_MS and
 * records every migration this build ships (200 `{ status: 'ready' }`); otherwise 503 with the
 * reason, or 503 `shutting down` once the instance drains (SIGTERM). Concurrent probes share one
 * check, so a dead database does not pile up waiting queries.
 */
export const healthRoutes: RouteModule = (ctx) => {
  const shipped = loadMigrations().map((migration) => migration.version)
  let inFlight: Promise<ReadyAnswer> | undefined

  async function check(): Promise<ReadyAnswer> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimedOut()), READY_TIMEOUT_MS)
    })
    try {
      const applied = await Promise.race([
        (async () => {
          await ctx.db.query('SELECT 1')
          return ctx.db.query<{ version: string }>('SELECT version FROM schema_migrations')
        })(),
        timeout,
      ])
      const recorded = new Set(applied.rows.map((row) => row.version))
      const pending = shipped.filter((version) => !recorded.has(version))
      if (pending.length > 0) return { status: 'unavailable', reason: 'migrations pending', pending }
      return { status: 'ready' }
    } catch (error) {
      // The driver's message may name hosts and users: the answer only says which way it failed.
      if (error instanceof TimedOut) return { status: 'unavailable', reason: `database did not answer within ${READY_TIMEOUT_MS} ms` }
      return { status: 'unavailable', reason: 'database unreachable' }
    } finally {
      clearTimeout(timer)
    }
  }

  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' as const }, 200, { 'Cache-Control': 'no-store' }))
    .get('/readyz', async (c) => {
      if (ctx.draining())
        return c.json({ status: 'unavailable', reason: SHUTTING_DOWN } satisfies ReadyAnswer, 503, { 'Cache-Control': 'no-store' })
      inFlight ??= check().finally(() => {
        inFlight = undefined
      })
      const answer = await inFlight
      return c.json(answer, answer.status === 'ready' ? 200 : 503, { 'Cache-Control': 'no-store' })
    })
}
