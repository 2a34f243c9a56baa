import { FARCASTER_ERRORS, farcasterStartRequestSchema, farcasterStatusRequestSchema } from '@portico/protocol/auth'
import { Hono } from 'hono'
import { jsonBody, loginProof, withAuthErrors } from '../auth/http.ts'
import { AuthError } from '../auth/errors.ts'
import { originMatcher } from '../cors.ts'
import type { RouteModule } from './context.ts'

/**
 * Sign In With Farcaster (documented in @portico/protocol/auth): the frame opens a relay channel,
 * shows its URL, then polls until the signed message is verified and a session is made. The routes
 * answer 404 'Farcaster sign-in is not configured' without `auth.farcaster`; CORS as every
 * /v1/auth/* route (the frame's origins only).
 */
export const farcasterRoutes: RouteModule = (ctx) => {
  const app = withAuthErrors(new Hono())
  const auth = ctx.auth
  if (auth === undefined) return app
  const isAllowedHost = originMatcher(ctx.allowedOrigins)
  const farcaster = () => {
    if (!auth.farcaster) throw new AuthError(404, FARCASTER_ERRORS.unavailable)
    return auth.farcaster
  }

  app.post('/v1/auth/farcaster/start', async (c) => {
    const service = farcaster()
    const input = await jsonBody(c, farcasterStartRequestSchema)
    // The message will name this page to the user: it must be one of the app origins the frame accepts.
    if (input.hostOrigin !== undefined && !isAllowedHost(input.hostOrigin)) throw new AuthError(400, 'hostOrigin is not an allowed origin')
    return c.json(await service.start(input))
  })

  app.post('/v1/auth/farcaster/status', async (c) => {
    const service = farcaster()
    const proof = await loginProof(c)
    const input = await jsonBody(c, farcasterStatusRequestSchema, proof.body)
    const answer = await service.status(input, c.req.header('user-agent')?.slice(0, 200) ?? null, proof)
    return 'state' in answer ? c.json(answer, 202) : c.json(answer)
  })

  return app
}
