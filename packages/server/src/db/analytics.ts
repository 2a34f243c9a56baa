import type { Database, Queryable } from './types.ts'

/** One event to store (POST /batch), already validated and cleaned. */
export type StoredEvent = { eventId: string; event: string; properties?: unknown; occurredAt: number }
/** One error report to store (POST /e). */
export type StoredErrorReport = { name: string; message: string; stack?: string; properties?: unknown; occurredAt: number }

const DAY_MS = 24 * 60 * 60 * 1000

/** Analytics storage (migration 010): events deduplicated by eventId, and error reports. */
export interface AnalyticsRepository {
  /** Store the events not stored yet (by eventId); resolves with how many were new. */
  storeEvents(projectId: string, events: readonly StoredEvent[], receivedAt: number): Promise<number>
  /** Store one error report (its limit is the route's, routes/analytics.ts). */
  storeErrorReport(projectId: string, report: StoredErrorReport, receivedAt: number): Promise<void>
}

export function createAnalyticsRepository(db: Database): AnalyticsRepository {
  return {
    async storeEvents(projectId, events, receivedAt) {
      if (events.length === 0) return 0
      const rows = events.map((e) => ({ event_id: e.eventId, event: e.event, properties: e.properties ?? null, occurred_at: e.occurredAt }))
      const { rows: inserted } = await db.query<{ event_id: string }>(
        `INSERT INTO portico_analytics.events (event_id, project_id, event, properties, occurred_at, received_at)
         SELECT r.event_id, $1, r.event, r.properties, to_timestamp(r.occurred_at / 1000.0), to_timestamp($3 / 1000.0)
         FROM jsonb_to_recordset($2::jsonb) AS r(event_id text, event text, properties jsonb, occurred_at double precision)
         ON CONFLICT (event_id) DO NOTHING
         RETURNING event_id`,
        [projectId, JSON.stringify(rows), receivedAt],
      )
      return inserted.length
    },
    async storeErrorReport(projectId, report, receivedAt) {
      await db.query(
        `INSERT INTO portico_analytics.errors (project_id, name, message, stack, properties, occurred_at, received_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, to_timestamp($6 / 1000.0), to_timestamp($7 / 1000.0))`,
        [
          projectId,
          report.name,
          report.message,
          report.stack ?? null,
          report.properties === undefined ? null : JSON.stringify(report.properties),
          report.occurredAt,
          receivedAt,
        ],
      )
    },
  }
}

/**
 * The retention sweep: delete the events and error reports received more than `retentionDays` days
 * before `now`. Returns how many rows of each went.
 */
export async function sweepAnalytics(db: Queryable, retentionDays: number, now: number): Promise<{ events: number; errors: number }> {
  const cutoff = now - retentionDays * DAY_MS
  const events = await db.query<{ n: number | string }>(
    'WITH gone AS (DELETE FROM portico_analytics.events WHERE received_at < to_timestamp($1 / 1000.0) RETURNING 1) SELECT count(*) AS n FROM gone',
    [cutoff],
  )
  const errors = await db.query<{ n: number | string }>(
    'WITH gone AS (DELETE FROM portico_analytics.errors WHERE received_at < to_timestamp($1 / 1000.0) RETURNING 1) SELECT count(*) AS n FROM gone',
    [cutoff],
  )
  return { events: Number(events.rows[0]?.n ?? 0), errors: Number(errors.rows[0]?.n ?? 0) }
}
