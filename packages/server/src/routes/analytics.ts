import type { AnalyticsConfig } from '@portico/protocol/explorer'
import { Hono } from 'hono'
import type { RouteModule } from './context.ts'

/** GET /getAnalyticsConfig: this server collects no analytics. */
export const analyticsRoutes: RouteModule = () =>
  new Hono().get('/getAnalyticsConfig', (c) => c.json({ isAnalyticsEnabled: false } satisfies AnalyticsConfig))
