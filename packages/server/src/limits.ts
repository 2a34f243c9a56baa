/**
 * The request limits of the public routes (issue 24 §2), kept in the database so that they hold
 * across every instance (db/rate-limits.ts):
 * - per project, for registered projects only (a row in portico_projects.projects, written by the
 *   admin CLI); every project id that is not registered shares ONE bucket, so inventing ids buys
 *   nothing;
 * - per client address, when the server knows it (AppConfig.clientAddress);
 * - for the whole server, at ten times the per-project numbers.
 * A request is refused by the first bucket that is empty; each answer says which.
 */
import type { Context } from 'hono'
import { PROJECT_ID, type ProjectsRepository } from './db/projects.ts'
import { type RateLimit, rateBuckets } from './db/rate-limits.ts'
import type { Queryable } from './db/types.ts'

/** The bucket every unregistered project id shares (not a valid project id itself). */
export const UNREGISTERED_PROJECTS = '(unregistered)'
/** The whole server's bucket holds this many times a project's. */
export const GLOBAL_LIMIT_FACTOR = 10
/** How long an instance trusts what it read of a project's registration. */
export const PROJECT_CACHE_MS = 30_000

export type LimitRefusal = { wait: number; by: 'project' | 'unregistered' | 'address' | 'server' }

export interface RequestLimits {
  /** Take `cost` from each bucket of the request: undefined when granted, else which bucket refused and the wait. */
  take(c: Context, projectId: string, cost?: number): Promise<LimitRefusal | undefined>
}

/** Whether a project id is registered, remembered PROJECT_CACHE_MS per instance (at most 10 000 ids). */
export function registeredProjects(projects: ProjectsRepository, now: () => number): (id: string) => Promise<boolean> {
  const seen = new Map<string, { registered: boolean; at: number }>()
  return async (id) => {
    if (!PROJECT_ID.test(id)) return false
    const t = now()
    const hit = seen.get(id)
    if (hit !== undefined && t - hit.at < PROJECT_CACHE_MS) return hit.registered
    const registered = (await projects.get(id)) !== undefined
    seen.delete(id)
    seen.set(id, { registered, at: t })
    if (seen.size > 10_000) seen.delete(seen.keys().next().value as string)
    return registered
  }
}

export function requestLimits(
  ctx: { db: Queryable; projects: ProjectsRepository; clientAddress(c: Context): string | undefined; now(): number },
  scope: string,
  limit: RateLimit,
): RequestLimits {
  const now = () => ctx.now()
  const perProject = rateBuckets(ctx.db, `${scope}:project`, limit, now)
  const perAddress = rateBuckets(ctx.db, `${scope}:address`, limit, now)
  const server = rateBuckets(
    ctx.db,
    `${scope}:server`,
    { perSecond: limit.perSecond * GLOBAL_LIMIT_FACTOR, burst: limit.burst * GLOBAL_LIMIT_FACTOR },
    now,
  )
  const isRegistered = registeredProjects(ctx.projects, now)
  return {
    async take(c, projectId, cost = 1) {
      const registered = await isRegistered(projectId)
      const projectWait = await perProject.take(registered ? projectId : UNREGISTERED_PROJECTS, cost)
      if (projectWait > 0) return { wait: projectWait, by: registered ? 'project' : 'unregistered' }
      const address = ctx.clientAddress(c)
      if (address !== undefined) {
        const wait = await perAddress.take(address, cost)
        if (wait > 0) return { wait, by: 'address' }
      }
      const wait = await server.take('all', cost)
      return wait > 0 ? { wait, by: 'server' } : undefined
    },
  }
}
