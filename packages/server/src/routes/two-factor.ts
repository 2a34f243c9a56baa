import {
  passkeyStepUpOptionsRequestSchema,
  passkeyStepUpRequestSchema,
  totpCodeRequestSchema,
  totpEnrollRequestSchema,
} from '@portico/protocol/two-factor'
import { Hono } from 'hono'
import { AuthError } from '../auth/errors.ts'
import { jsonBody, stamped, withAuthErrors } from '../auth/http.ts'
import type { Caller } from '../auth/service.ts'
import type { TwoFactorCaller } from '../auth/two-factor.ts'
import type { RouteModule } from './context.ts'

/** The user and session of a stamped request, and the name an authenticator app shows for it. */
const twoFactorCaller = ({ user, session }: Caller): TwoFactorCaller => ({
  userId: user.userId,
  sessionId: session.id,
  label: user.email ?? user.userName ?? user.evmAddress,
})

/**
 * The second factor's routes (@portico/protocol/two-factor), all stamped by the session key.
 * Present only with the auth service; CORS (the frame origins only) as for every /v1/auth/ route.
 */
export const twoFactorRoutes: RouteModule = (ctx) => {
  const app = withAuthErrors(new Hono())
  const auth = ctx.auth
  if (auth === undefined) return app
  const { service } = auth
  const { twoFactor } = service

  app.get('/v1/auth/2fa', async (c) => {
    const { caller } = await stamped(c, service)
    return c.json(await twoFactor.status(twoFactorCaller(caller)))
  })

  app.post('/v1/auth/2fa/totp/enroll', async (c) => {
    const { caller, body } = await stamped(c, service)
    await jsonBody(c, totpEnrollRequestSchema, body)
    return c.json(await twoFactor.enroll(twoFactorCaller(caller)))
  })

  for (const action of ['confirm', 'verify', 'remove'] as const) {
    app.post(`/v1/auth/2fa/totp/${action}`, async (c) => {
      const { caller, body } = await stamped(c, service)
      const { code } = await jsonBody(c, totpCodeRequestSchema, body)
      return c.json(await twoFactor[action](twoFactorCaller(caller), code))
    })
  }

  // A passkey steps up as a TOTP code does (the passkey service verifies it). 404 when `auth.passkeys` is false.
  const passkeys = () => {
    if (!auth.passkeys) throw new AuthError(404, 'Passkey sign-in is not configured')
    return auth.passkeys
  }

  app.post('/v1/auth/2fa/passkey/options', async (c) => {
    const service = passkeys()
    const { caller, body } = await stamped(c, auth.service)
    await jsonBody(c, passkeyStepUpOptionsRequestSchema, body || '{}')
    return c.json(await service.stepUpOptions(caller, c.req.header('origin')))
  })

  app.post('/v1/auth/2fa/passkey/verify', async (c) => {
    const service = passkeys()
    const { caller, body } = await stamped(c, auth.service)
    const { response } = await jsonBody(c, passkeyStepUpRequestSchema, body)
    await service.stepUp(caller, response)
    return c.json(await twoFactor.status(twoFactorCaller(caller)))
  })

  return app
}
