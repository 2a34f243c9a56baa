/**
 * Analytics host (SPEC §7): batched events sent by beacon to /batch, error reports by POST /e.
 * Bodies are sent as text/plain JSON (a beacon cannot set another content type without a preflight);
 * the server parses the text with these schemas.
 */
import { z } from 'zod/mini'

/** One tracked event (swap or approval failure, modal opened …). */
export const analyticsEventSchema = z.object({
  /** Random id, so a batch sent twice (beacon then fetch) is counted once. */
  eventId: z.string(),
  /** Milliseconds since the epoch. */
  timestamp: z.number(),
  type: z.literal('track'),
  event: z.string(),
  properties: z.optional(z.record(z.string(), z.unknown())),
})
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>

/** POST /batch body. */
export const analyticsBatchSchema = z.object({ events: z.array(analyticsEventSchema) })
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>

/** POST /e body: one error report. */
export const errorReportSchema = z.object({
  type: z.literal('error'),
  timestamp: z.number(),
  name: z.string(),
  message: z.string(),
  stack: z.optional(z.string()),
  properties: z.optional(z.record(z.string(), z.unknown())),
})
export type ErrorReport = z.infer<typeof errorReportSchema>
