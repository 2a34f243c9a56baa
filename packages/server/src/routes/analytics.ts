import { analyticsBatchSchema, errorReportSchema } from '@portico/protocol/analytics'
import type { AnalyticsConfig } from '@portico/protocol/explorer'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { createAnalyticsRepository, type StoredEvent } from '../db/analytics.ts'
import { GLOBAL_LIMIT_FACTOR, type LimitRefusal, requestLimits } from '../limits.ts'
import { projectIdSchema } from '../db/projects.ts'
import { HttpError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import type { RouteModule } from './context.ts'

/** Server-side bounds of what the analytics routes store. */
export const ANALYTICS_SERVER_LIMITS = {
  /**
   * Error reports a project may store (SPEC §8: 5 a minute): a token bucket of 5 refilled at 5 a
   * minute, kept in Postgres (limits.ts) so it holds across instances; more get 429.
   */
  errorReportsPerMinute: 5,
  /** Events in one batch. */
  eventsPerBatch: 1_000,
  /** Nesting of event properties. */
  propertiesDepth: 8,
} as const

/** POST /batch's default limit: batches a second per registered project, per client address, and ten times that per server. */
export const DEFAULT_ANALYTICS_RATE_LIMIT = { requestsPerSecond: 100, burst: 200 } as const

export const ANALYTICS_ERRORS = {
  off: 'Analytics are off on this server (GET /getAnalyticsConfig says isAnalyticsEnabled: false)',
  rateLimited: `Too many error reports: at most ${ANALYTICS_SERVER_LIMITS.errorReportsPerMinute} a minute per project`,
  batchesLimited: 'Too many analytics batches',
} as const

/** Who ran out, in a 429's message. */
const refusedBy: Record<LimitRefusal['by'], string> = {
  project: 'for this project',
  unregistered: 'for unregistered projects (all of them together)',
  address: 'from your address',
  server: 'for this server',
}

const projectQuery = z.object({ projectId: projectIdSchema })

/** A timestamp in milliseconds that Postgres can store (year 1970 to 9999). */
const timestamp = z
  .number()
  .int({ error: 'timestamp must be whole milliseconds since the epoch' })
  .min(0)
  .max(253_402_300_799_999, { error: 'timestamp is out of range' })
const eventChecks = z.object({
  eventId: z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, { error: 'eventId must be 1-128 letters, digits, ".", "_", ":" or "-"' }),
  event: z.string().min(1, { error: 'event must not be empty' }).max(100, { error: 'event must be at most 100 characters' }),
  timestamp,
})

/** Text fit for Postgres: no NUL, no lone surrogate. */
const NUL = '\\u0000'
const NUL_OR_LONE_SURROGATE = new RegExp(`${NUL}|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`, 'g')
const cleanText = (text: string) => text.replace(NUL_OR_LONE_SURROGATE, '\ufffd')

/** A JSON value with its strings (keys too) fit for jsonb; 400 past the nesting limit. */
function cleanJson(value: unknown, depth = 0): unknown {
  if (depth > ANALYTICS_SERVER_LIMITS.propertiesDepth)
    throw new HttpError(400, `properties must not nest deeper than ${ANALYTICS_SERVER_LIMITS.propertiesDepth} levels`)
  if (typeof value === 'string') return cleanText(value)
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, depth + 1))
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanText(k), cleanJson(v, depth + 1)]))
  return value
}

/** The body as JSON, whatever its content type (a beacon sends text/plain). */
async function textJson(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text())
  } catch {
    throw new HttpError(400, 'The body must be JSON')
  }
}

/**
 * Self-hosted analytics (SPEC §7): GET /getAnalyticsConfig says whether they are on (server config
 * `analytics.enabled`, off by default); POST /batch stores events (deduplicated by eventId) and
 * POST /e error reports in Postgres. Both are limited per registered project (unregistered ids share
 * one budget), per client address and per server, in Postgres (limits.ts): POST /batch by
 * `analytics.rateLimit`, POST /e at 5 a minute. Off, both answer 404.
 */
export const analyticsRoutes: RouteModule = (ctx) => {
  const repo = createAnalyticsRepository(ctx.db)
  const batchLimit = ctx.analytics.rateLimit
  const batchLimits =
    batchLimit === false
      ? undefined
      : requestLimits(ctx, 'analytics-batch', {
          perSecond: batchLimit.requestsPerSecond,
          burst: batchLimit.burst ?? Math.max(1, Math.ceil(batchLimit.requestsPerSecond * 2)),
        })
  const reportsPerMinute = ANALYTICS_SERVER_LIMITS.errorReportsPerMinute
  const reportLimits = requestLimits(ctx, 'error-reports', { perSecond: reportsPerMinute / 60, burst: reportsPerMinute })
  const enabled = () => {
    if (!ctx.analytics.enabled) throw new HttpError(404, ANALYTICS_ERRORS.off)
  }
  return new Hono()
    .get('/getAnalyticsConfig', (c) => c.json({ isAnalyticsEnabled: ctx.analytics.enabled } satisfies AnalyticsConfig))
    .post('/batch', async (c) => {
      enabled()
      const { projectId } = parseInput(projectQuery, { projectId: c.req.query('projectId') })
      const refused = await batchLimits?.take(c, projectId)
      if (refused) {
        ctx.metrics?.rateLimited.inc({ limit: 'analytics-batch', bucket: refused.by })
        return c.json({ error: `${ANALYTICS_ERRORS.batchesLimited} ${refusedBy[refused.by]}: retry in ${refused.wait} s` }, 429, {
          'retry-after': String(refused.wait),
        })
      }
      const batch = parseInput(analyticsBatchSchema, await textJson(c))
      if (batch.events.length > ANALYTICS_SERVER_LIMITS.eventsPerBatch)
        throw new HttpError(400, `A batch holds at most ${ANALYTICS_SERVER_LIMITS.eventsPerBatch} events`)
      const events: StoredEvent[] = batch.events.map((e, i) => {
        const checked = eventChecks.safeParse(e)
        if (!checked.success) throw new HttpError(400, `events.${i}: ${checked.error.issues[0]?.message ?? 'invalid event'}`)
        return {
          eventId: e.eventId,
          event: cleanText(e.event),
          occurredAt: e.timestamp,
          ...(e.properties ? { properties: cleanJson(e.properties) } : {}),
        }
      })
      await repo.storeEvents(projectId, events, ctx.now())
      return c.body(null, 204)
    })
    .post('/e', async (c) => {
      enabled()
      const { projectId } = parseInput(projectQuery, { projectId: c.req.query('projectId') })
      const report = parseInput(errorReportSchema, await textJson(c))
      parseInput(z.object({ timestamp }), { timestamp: report.timestamp })
      const refused = await reportLimits.take(c, projectId)
      if (refused) {
        ctx.metrics?.rateLimited.inc({ limit: 'error-reports', bucket: refused.by })
        const message =
          refused.by === 'project'
            ? ANALYTICS_ERRORS.rateLimited
            : `Too many error reports ${refusedBy[refused.by]}: at most ${refused.by === 'server' ? reportsPerMinute * GLOBAL_LIMIT_FACTOR : reportsPerMinute} a minute`
        return c.json({ error: message }, 429, { 'retry-after': String(refused.wait) })
      }
      await repo.storeErrorReport(
        projectId,
        {
          name: cleanText(report.name.slice(0, 200)),
          message: cleanText(report.message.slice(0, 4_000)),
          ...(report.stack !== undefined ? { stack: cleanText(report.stack.slice(0, 16_000)) } : {}),
          ...(report.properties ? { properties: cleanJson(report.properties) } : {}),
          occurredAt: report.timestamp,
        },
        ctx.now(),
      )
      return c.body(null, 204)
    })
}
