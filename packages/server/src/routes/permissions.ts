import { permissionExecuteRequestSchema } from '@portico/protocol/auth'
import { Hono } from 'hono'
import { jsonBody, withAuthErrors } from '../auth/http.ts'
import type { RouteModule } from './context.ts'

/**
 * POST /v1/permissions/execute (ERC-7715, see @portico/protocol/auth): the signer an embedded-wallet
 * user granted permissions to runs calls within the grant. No session: the EIP-712 signature of the
 * granted signer is the credential. Present only with an `auth` config.
 */
export const permissionsRoutes: RouteModule = (ctx) => {
  const app = withAuthErrors(new Hono())
  const auth = ctx.auth
  if (auth === undefined) return app
  app.post('/v1/permissions/execute', async (c) =>
    c.json(await auth.service.executePermission(await jsonBody(c, permissionExecuteRequestSchema))),
  )
  return app
}
