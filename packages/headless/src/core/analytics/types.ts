/** The instance's analytics as the flows see them (its own module: host.ts names it, analytics.ts needs host.ts). */
export interface AnalyticsSession {
  /** Track an event: sent when analytics are on, kept until the server answers, dropped when off. */
  track(event: string, properties?: Record<string, unknown>): void
  /** 'unknown' until GET /getAnalyticsConfig answers (asked at the first modal open). */
  status(): 'unknown' | 'on' | 'off'
}
