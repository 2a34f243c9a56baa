import { revokeRequestSchema } from '@portico/protocol/auth'
import { Hono } from 'hono'
import { AuthError } from '../auth/errors.ts'
import { jsonBody, stamped, withAuthErrors } from '../auth/http.ts'
import type { RouteModule } from './context.ts'

const SESSION_ID = /^[A-Za-z0-9_-]{16,128}$/

function sessionId(id: string): string {
  if (!SESSION_ID.test(id)) throw new AuthError(404, 'Session not found')
  return id
}

/**
 * SPEC §7 session calls: GET /v1/sessions/{id} (stamped by a live session of the same user) and
 * POST /v1/sessions/{id}/revoke { pci, signature } (signed by session `pci`'s key). Present only
 * with an `auth` config.
 */
export const sessionsRoutes: RouteModule = (ctx) => {
  const app = withAuthErrors(new Hono())
  const auth = ctx.auth
  if (auth === undefined) return app
  const { service } = auth

  app.get('/v1/sessions/:id', async (c) => {
    const { caller } = await stamped(c, service)
    return c.json(await service.sessionInfo(caller, sessionId(c.req.param('id'))))
  })

  app.post('/v1/sessions/:id/revoke', async (c) => {
    const id = sessionId(c.req.param('id'))
    const input = await jsonBody(c, revokeRequestSchema)
    return c.json(await service.revoke(id, input))
  })

  return app
}
