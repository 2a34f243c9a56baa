import type { RemoteFeatures } from '@portico/protocol/common'
import { RESTRICTABLE_FEATURES, type ConfigResponse, type OriginsResponse, type RestrictableFeature } from '@portico/protocol/explorer'
import type { ConfirmPolicyResponse } from '@portico/protocol/confirm-policy'
import { Hono } from 'hono'
import { z } from 'zod'
import { effectiveFeatures, projectIdSchema } from '../db/projects.ts'
import { parseInput } from '../validation.ts'
import type { AppContext, RouteModule } from './context.ts'

/** An IANA time zone name as browsers report it (`Europe/Paris`, `America/Argentina/Buenos_Aires`, `UTC`, `Etc/GMT+3`). */
export const timeZoneSchema = z
  .string()
  .max(64, { error: 'tz must be an IANA time zone such as Europe/Paris' })
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,3}$/, { error: 'tz must be an IANA time zone such as Europe/Paris' })

/** The SPEC §7 query parameters (projectId optional here: without it, the server's own config). */
const configQuery = z.object({
  projectId: projectIdSchema.optional(),
  st: z.string().max(64, { error: 'st must be at most 64 characters' }).optional(),
  sv: z.string().max(64, { error: 'sv must be at most 64 characters' }).optional(),
  tz: timeZoneSchema.optional(),
})

/** The project's flags, with the restrictable ones off when the visitor's time zone is restricted (SPEC §6). */
export function applyRegionRestriction(features: RemoteFeatures, tz: string | undefined, restricted: ReadonlySet<string>): ConfigResponse {
  if (tz === undefined || !restricted.has(tz.toLowerCase())) return { features }
  const off: RestrictableFeature[] = RESTRICTABLE_FEATURES.filter((key) => features[key])
  if (off.length === 0) return { features }
  const out: RemoteFeatures = { ...features }
  for (const key of off) out[key] = false
  return { features: out, restricted: off }
}

const query = (c: { req: { query(name: string): string | undefined } }) =>
  parseInput(configQuery, { projectId: c.req.query('projectId'), st: c.req.query('st'), sv: c.req.query('sv'), tz: c.req.query('tz') })

/** GET /projects/v1/confirm-policy: the project is required (a policy is the project's, never the server's). */
const policyQuery = z.object({ projectId: projectIdSchema })

const projectOf = (ctx: AppContext, id: string | undefined) => (id === undefined ? Promise.resolve(undefined) : ctx.projects.get(id))

/**
 * The project's remote config: its feature flags and the origins it may be embedded on, from its row
 * in `projects` (set with `portico-api project …`), the server's config for what the project does not set.
 */
export const projectRoutes: RouteModule = (ctx) =>
  new Hono()
    .get('/appkit/v1/config', async (c) => {
      const q = query(c)
      const project = await projectOf(ctx, q.projectId)
      return c.json(
        applyRegionRestriction(effectiveFeatures(ctx.features, project), q.tz, ctx.restrictedTimezones) satisfies ConfigResponse,
      )
    })
    .get('/projects/v1/origins', async (c) => {
      const q = query(c)
      const project = await projectOf(ctx, q.projectId)
      return c.json({ allowedOrigins: [...(project?.allowedOrigins ?? ctx.allowedOrigins)] } satisfies OriginsResponse)
    })
    /**
     * The embedded wallet's confirmation policy of the project (`portico-api project set-policy`), read by the
     * frame from its own API; `null`: none (the frame asks the user for every unsafe request).
     */
    .get('/projects/v1/confirm-policy', async (c) => {
      const { projectId } = parseInput(policyQuery, { projectId: c.req.query('projectId') })
      const project = await ctx.projects.get(projectId)
      return c.json({ policy: project?.confirmPolicy ?? null } satisfies ConfirmPolicyResponse)
    })
