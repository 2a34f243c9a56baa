import { keyShareRequestSchema, keysDeviceSchema, keysUploadSchema, relayRequestSchema } from '@portico/protocol/auth'
import { Hono } from 'hono'
import { z } from 'zod'
import { jsonBody, stamped, withAuthErrors } from '../auth/http.ts'
import type { RouteModule } from './context.ts'

/**
 * Key shares (issue 22 §1; @portico/protocol/auth documents the wire): the key status, the frame's
 * upload of auth shares and recovery blobs, the auth share (and a legacy user's whole keys, once per
 * session) sealed to the session's ECDH key, a new device's recovery (the recovery blobs, then its own
 * split), and the relay of transactions the frame signed. All
 * stamped; present with the auth service.
 */
export const keysRoutes: RouteModule = (ctx) => {
  const app = withAuthErrors(new Hono())
  const auth = ctx.auth
  if (auth === undefined) return app
  const { service } = auth
  const shares = service.keyShares

  app.get('/v1/auth/keys', async (c) => {
    const { caller } = await stamped(c, service)
    return c.json(await shares.status(caller))
  })

  app.post('/v1/auth/keys', async (c) => {
    const { caller, body } = await stamped(c, service)
    return c.json(await shares.upload(caller, await jsonBody(c, keysUploadSchema, body)))
  })

  app.post('/v1/auth/keys/share', async (c) => {
    const { caller, body } = await stamped(c, service)
    const { kind, split } = await jsonBody(c, keyShareRequestSchema, body)
    return c.json(await shares.share(caller, kind, split))
  })

  app.post('/v1/auth/keys/recovery', async (c) => {
    const { caller, body } = await stamped(c, service)
    await jsonBody(c, z.object({}), body)
    return c.json(await shares.recovery(caller))
  })

  app.post('/v1/auth/keys/escrow', async (c) => {
    const { caller, body } = await stamped(c, service)
    await jsonBody(c, z.object({}), body)
    // Recovery adds a device: with a second factor, this session must have verified it just now.
    await service.twoFactor.requireStepUpIfEnabled({ userId: caller.user.userId, sessionId: caller.session.id })
    return c.json(await shares.escrow(caller))
  })

  app.post('/v1/auth/keys/devices', async (c) => {
    const { caller, body } = await stamped(c, service)
    const input = await jsonBody(c, keysDeviceSchema, body)
    // A new device is a sensitive action: with a second factor, this session must have verified it just now.
    await service.twoFactor.requireStepUpIfEnabled({ userId: caller.user.userId, sessionId: caller.session.id })
    return c.json(await shares.addDevice(caller, input))
  })

  app.post('/v1/auth/keys/legacy', async (c) => {
    const { caller, body } = await stamped(c, service)
    await jsonBody(c, z.object({}), body)
    return c.json(await shares.releaseLegacy(caller))
  })

  app.post('/v1/auth/relay', async (c) => {
    const { caller, body } = await stamped(c, service)
    return c.json(await shares.relay(caller.user, await jsonBody(c, relayRequestSchema, body)))
  })

  return app
}
