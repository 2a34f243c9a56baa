import { analyticsBatchSchema, errorReportSchema } from '@portico/protocol/analytics'
import type { AnalyticsConfig } from '@portico/protocol/explorer'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { createAnalyticsRepository, type StoredEvent } from '../db/analytics.ts'
import { projectIdSchema } from '../db/projects.ts'
import { HttpError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import type { RouteModule } from './context.ts'

/** Server-side bounds of what the analytics routes store. */
export const ANALYTICS_SERVER_LIMITS = {
  /** Error reports stored per project in a rolling minute (SPEC §8); more get 429. */
  errorReportsPerMinute: 5,
  /** Events in one batch. */
  eventsPerBatch: 1_000,
  /** Nesting of event properties. */
  propertiesDepth: 8,
} as const

export const ANALYTICS_ERRORS = {
  off: 'Analytics are off on this server (GET /getAnalyticsConfig says isAnalyticsEnabled: false)',
  rateLimited: `Too many error reports: at most ${ANALYTICS_SERVER_LIMITS.errorReportsPerMinute} a minute per project`,
} as const

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
 * POST /e error reports (5 a minute per project) in Postgres. Off, both answer 404.
 */
export const analyticsRoutes: RouteModule = (ctx) => {
  const repo = createAnalyticsRepository(ctx.db)
  const enabled = () => {
    if (!ctx.analytics.enabled) throw new HttpError(404, ANALYTICS_ERRORS.off)
  }
  return new Hono()
    .get('/getAnalyticsConfig', (c) => c.json({ isAnalyticsEnabled: ctx.analytics.enabled } satisfies AnalyticsConfig))
    .post('/batch', async (c) => {
      enabled()
      const { projectId } = parseInput(projectQuery, { projectId: c.req.query('projectId') })
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
      const stored = await repo.storeErrorReport(
        projectId,
        {
          name: cleanText(report.name.slice(0, 200)),
          message: cleanText(report.message.slice(0, 4_000)),
          ...(report.stack !== undefined ? { stack: cleanText(report.stack.slice(0, 16_000)) } : {}),
          ...(report.properties ? { properties: cleanJson(report.properties) } : {}),
          occurredAt: report.timestamp,
        },
        ctx.now(),
        ANALYTICS_SERVER_LIMITS.errorReportsPerMinute,
      )
      if (!stored) {
        ctx.metrics?.rateLimited.inc({ limit: 'error-reports', bucket: 'project' })
        return c.json({ error: ANALYTICS_ERRORS.rateLimited }, 429, { 'retry-after': '60' })
      }
      return c.body(null, 204)
    })
}
