import { policySpendRequestSchema } from '@portico/protocol/confirm-policy'
import { Hono } from 'hono'
import { createPolicySpend } from '../auth/policy-spend.ts'
import { jsonBody, stamped, withAuthErrors } from '../auth/http.ts'
import type { RouteModule } from './context.ts'

/**
 * The confirmation policy's per-day tally (../auth/policy-spend.ts), stamped by the session key. Present only
 * with the auth service; CORS (the frame origins only) as for every /v1/auth/ route.
 */
export const policyRoutes: RouteModule = (ctx) => {
  const app = withAuthErrors(new Hono())
  const auth = ctx.auth
  if (auth === undefined) return app
  const spend = createPolicySpend({ db: ctx.db, projects: ctx.projects, ...(auth.now ? { now: auth.now } : {}) })

  app.post('/v1/auth/policy/spend', async (c) => {
    const { caller, body } = await stamped(c, auth.service)
    const request = await jsonBody(c, policySpendRequestSchema, body)
    return c.json(await spend.reserve(caller.user.userId, request))
  })

  return app
}
