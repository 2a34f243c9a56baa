import type { RemoteFeatures } from '@portico/protocol/common'
import type { OriginsResponse } from '@portico/protocol/explorer'
import { Hono } from 'hono'
import type { RouteModule } from './context.ts'

/** The project's remote config: its feature flags and the origins it may be embedded on. */
export const projectRoutes: RouteModule = (ctx) =>
  new Hono()
    .get('/appkit/v1/config', (c) => c.json({ features: ctx.features } satisfies { features: RemoteFeatures }))
    .get('/projects/v1/origins', (c) => c.json({ allowedOrigins: [...ctx.allowedOrigins] } satisfies OriginsResponse))
