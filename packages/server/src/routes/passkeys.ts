import {
  passkeyAddRequestSchema,
  passkeyRemoveRequestSchema,
  passkeySignInOptionsRequestSchema,
  passkeySignInRequestSchema,
  passkeySignUpOptionsRequestSchema,
  passkeySignUpRequestSchema,
} from '@portico/protocol/auth'
import { Hono } from 'hono'
import { z } from 'zod'
import { AuthError } from '../auth/errors.ts'
import { jsonBody, loginProof, stamped, withAuthErrors } from '../auth/http.ts'
import type { RouteModule } from './context.ts'

const deviceOf = (userAgent: string | undefined) => userAgent?.slice(0, 200) ?? null

/**
 * Passkey login and a signed-in user's passkeys (documented in @portico/protocol/auth, "Passkeys").
 * CORS as every /v1/auth/* route: the frame's origins only. The options routes take the RP id from
 * the request's Origin, which must be a frame origin. 404 when `auth.passkeys` is false.
 */
export const passkeyRoutes: RouteModule = (ctx) => {
  const app = withAuthErrors(new Hono())
  const auth = ctx.auth
  if (auth === undefined) return app
  const passkeys = () => {
    if (!auth.passkeys) throw new AuthError(404, 'Passkey sign-in is not configured')
    return auth.passkeys
  }

  app.post('/v1/auth/passkey/sign-up/options', async (c) => {
    const service = passkeys()
    const input = await jsonBody(c, passkeySignUpOptionsRequestSchema)
    return c.json(await service.signUpOptions(input, c.req.header('origin')))
  })

  app.post('/v1/auth/passkey/sign-up', async (c) => {
    const service = passkeys()
    const proof = await loginProof(c)
    const input = await jsonBody(c, passkeySignUpRequestSchema, proof.body)
    return c.json(await service.signUp(input, deviceOf(c.req.header('user-agent')), proof))
  })

  app.post('/v1/auth/passkey/sign-in/options', async (c) => {
    const service = passkeys()
    const input = await jsonBody(c, passkeySignInOptionsRequestSchema)
    return c.json(await service.signInOptions(input, c.req.header('origin')))
  })

  app.post('/v1/auth/passkey/sign-in', async (c) => {
    const service = passkeys()
    const proof = await loginProof(c)
    const input = await jsonBody(c, passkeySignInRequestSchema, proof.body)
    return c.json(await service.signIn(input, deviceOf(c.req.header('user-agent')), proof))
  })

  // ---- stamped: a signed-in user's passkeys
  app.post('/v1/auth/passkeys/options', async (c) => {
    const service = passkeys()
    const { caller, body } = await stamped(c, auth.service)
    await jsonBody(c, z.object({}).strict(), body || '{}')
    return c.json(await service.addOptions(caller, c.req.header('origin')))
  })

  app.post('/v1/auth/passkeys', async (c) => {
    const service = passkeys()
    const { caller, body } = await stamped(c, auth.service)
    return c.json(await service.add(caller, await jsonBody(c, passkeyAddRequestSchema, body)))
  })

  app.get('/v1/auth/passkeys', async (c) => {
    const service = passkeys()
    const { caller } = await stamped(c, auth.service)
    return c.json(await service.list(caller))
  })

  app.post('/v1/auth/passkeys/remove', async (c) => {
    const service = passkeys()
    const { caller, body } = await stamped(c, auth.service)
    const { id } = await jsonBody(c, passkeyRemoveRequestSchema, body)
    return c.json(await service.remove(caller, id))
  })

  return app
}
