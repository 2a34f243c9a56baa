/**
 * Prometheus metrics (prom-client), off by default. One registry per app (createMetrics), never
 * prom-client's global one, so a process may run several apps (tests). startServer serves it on a
 * listener of its own (StartServerOptions.metrics: 127.0.0.1 unless told otherwise), apart from
 * the public API; an app made with createApp gets `metrics` in its config and its owner serves
 * `registry.metrics()` where it likes (metricsApp).
 */
import { Hono } from 'hono'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { MailProvider } from './auth/mail.ts'
import type { Database, Queryable } from './db/types.ts'

export type PorticoMetrics = {
  registry: Registry
  /** portico_http_requests_total{method, route, status}: route is the matched pattern, never the raw path. */
  requests: Counter<'method' | 'route' | 'status'>
  /** portico_http_request_duration_seconds{method, route, status}. */
  duration: Histogram<'method' | 'route' | 'status'>
  /** portico_rate_limit_refusals_total{limit, bucket}: answers 429 by the limit that refused them. */
  rateLimited: Counter<'limit' | 'bucket'>
  /** portico_mail_sends_total{outcome}: mails handed to the auth service's mail provider (sent / failed). */
  mailSends: Counter<'outcome'>
  /** portico_db_errors_total{code}: statements that failed (SQLSTATE, or the driver's error code). */
  dbErrors: Counter<'code'>
  /** portico_indexer_head_block / _indexed_block / _lag_blocks {chain}: the history indexer's progress. */
  indexerHead: Gauge<'chain'>
  indexerIndexed: Gauge<'chain'>
  indexerLag: Gauge<'chain'>
  /** Pools whose use portico_db_pool_connections{state} reports (Database.poolStats). */
  watchPool(db: Database): void
}

/** A database driver error's code as a label: SQLSTATE (23505) or a Node code (ECONNREFUSED), else 'other'. */
function codeOf(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code) ? code : 'other'
}

/** A new registry with Portico's metrics; `processMetrics` adds prom-client's process and Node metrics. */
export function createMetrics(options: { processMetrics?: boolean } = {}): PorticoMetrics {
  const registry = new Registry()
  const labels = ['method', 'route', 'status'] as const
  const pools = new Set<Database>()
  const metrics: PorticoMetrics = {
    registry,
    requests: new Counter({
      name: 'portico_http_requests_total',
      help: 'HTTP requests answered',
      labelNames: labels,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'portico_http_request_duration_seconds',
      help: 'Time to answer an HTTP request',
      labelNames: labels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'portico_rate_limit_refusals_total',
      help: 'Requests refused (429) by a rate limit, by limit and by the bucket that was empty',
      labelNames: ['limit', 'bucket'],
      registers: [registry],
    }),
    mailSends: new Counter({
      name: 'portico_mail_sends_total',
      help: 'Mails handed to the mail provider, by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    dbErrors: new Counter({
      name: 'portico_db_errors_total',
      help: 'Database statements that failed, by error code',
      labelNames: ['code'],
      registers: [registry],
    }),
    indexerHead: new Gauge({
      name: 'portico_indexer_head_block',
      help: "A chain's head as last seen",
      labelNames: ['chain'],
      registers: [registry],
    }),
    indexerIndexed: new Gauge({
      name: 'portico_indexer_indexed_block',
      help: 'The last block the history indexer stored',
      labelNames: ['chain'],
      registers: [registry],
    }),
    indexerLag: new Gauge({
      name: 'portico_indexer_lag_blocks',
      help: 'Blocks between the head and the last block stored',
      labelNames: ['chain'],
      registers: [registry],
    }),
    watchPool: (db) => {
      pools.add(db)
    },
  }
  new Gauge({
    name: 'portico_db_pool_connections',
    help: 'Connections of the Postgres pool (DATABASE_URL) by state: total, idle, waiting (clients queued for one)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset()
      for (const db of pools) {
        const stats = db.poolStats?.()
        if (stats === undefined) continue
        this.inc({ state: 'total' }, stats.total)
        this.inc({ state: 'idle' }, stats.idle)
        this.inc({ state: 'waiting' }, stats.waiting)
      }
    },
  })
  if (options.processMetrics) collectDefaultMetrics({ register: registry })
  return metrics
}

/** `db` whose failing statements (in or out of a transaction) count in portico_db_errors_total. */
export function instrumentDatabase(db: Database, metrics: PorticoMetrics): Database {
  const counted = (target: Queryable): Queryable => ({
    async query(sql, params) {
      try {
        return await target.query(sql, params)
      } catch (error) {
        metrics.dbErrors.inc({ code: codeOf(error) })
        throw error
      }
    },
    async exec(sql) {
      try {
        await target.exec(sql)
      } catch (error) {
        metrics.dbErrors.inc({ code: codeOf(error) })
        throw error
      }
    },
  })
  metrics.watchPool(db)
  return {
    ...counted(db),
    transaction: (fn) => db.transaction((tx) => fn(counted(tx))),
    close: () => db.close(),
    ...(db.poolStats ? { poolStats: () => db.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 } } : {}),
  }
}

/** `mail` counted in portico_mail_sends_total (sent / failed). */
export function countMail(mail: MailProvider, metrics: PorticoMetrics): MailProvider {
  return {
    async send(message) {
      try {
        await mail.send(message)
      } catch (error) {
        metrics.mailSends.inc({ outcome: 'failed' })
        throw error
      }
      metrics.mailSends.inc({ outcome: 'sent' })
    },
  }
}

/** GET /metrics in the Prometheus text format; nothing else (404). */
export function metricsApp(metrics: PorticoMetrics, path = '/metrics') {
  return new Hono().get(path, async () => {
    const body = await metrics.registry.metrics()
    return new Response(body, { headers: { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' } })
  })
}
