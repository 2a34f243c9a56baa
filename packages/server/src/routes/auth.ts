import {
  deviceRequestSchema,
  emailConnectRequestSchema,
  otpRequestSchema,
  preferredAccountRequestSchema,
  rpcRequestSchema,
  updateEmailOtpRequestSchema,
  updateEmailRequestSchema,
} from '@portico/protocol/auth'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { jsonBody, loginProof, stamped, withAuthErrors } from '../auth/http.ts'
import type { RouteModule } from './context.ts'

/** Emails are compared and stored lower-cased and trimmed. */
const normalEmail = <T extends { email: string }>(input: T): T => ({ ...input, email: input.email.trim().toLowerCase() })

const tokenQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) })

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0"><main><h1 style="font-size:20px">${title}</h1><p>${text}</p></main></body></html>`

const HTML_HEADERS = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'referrer-policy': 'no-referrer',
}

/** The user agent, shortened, as the session's device description. */
const deviceOf = (c: Context) => c.req.header('user-agent')?.slice(0, 200) ?? null

/**
 * The auth service's routes (documented in @portico/protocol/auth). Present only when the app has
 * an `auth` config; CORS for them (the frame origins only) is set up in app.ts.
 */
export const authRoutes: RouteModule = (ctx) => {
  const app = withAuthErrors(new Hono())
  const auth = ctx.auth
  if (auth === undefined) return app
  const { service } = auth

  app.post('/v1/auth/email/connect', async (c) => {
    const input = normalEmail(await jsonBody(c, emailConnectRequestSchema))
    return c.json(await service.connect(input, auth.clientIp(c)))
  })

  app.post('/v1/auth/email/device', async (c) => {
    const input = normalEmail(await jsonBody(c, deviceRequestSchema))
    return c.json(await service.device(input, auth.clientIp(c), c.req.raw.signal))
  })

  app.get('/v1/auth/device/approve', async (c) => {
    const query = tokenQuery.safeParse({ token: c.req.query('token') })
    const approved = query.success && (await service.approve(query.data.token))
    if (!approved)
      return c.html(
        page('This link can not be used', 'The link is invalid, was already used or has expired. Sign in again to get a new one.'),
        400,
        HTML_HEADERS,
      )
    return c.html(page('Device approved', 'Device approved. You can close this tab.'), 200, HTML_HEADERS)
  })

  app.post('/v1/auth/email/otp', async (c) => {
    const proof = await loginProof(c)
    const input = normalEmail(await jsonBody(c, otpRequestSchema, proof.body))
    return c.json(await service.verifyOtp(input, deviceOf(c), proof))
  })

  // ---- stamped routes
  app.get('/v1/auth/user', async (c) => {
    const { caller } = await stamped(c, service)
    const chainId = c.req.query('chainId')
    return c.json(await service.user(caller, chainId === undefined ? undefined : chainId.slice(0, 32)))
  })

  app.get('/v1/auth/sessions', async (c) => {
    const { caller } = await stamped(c, service)
    return c.json(await service.sessions(caller))
  })

  app.post('/v1/auth/sign-out', async (c) => {
    const { caller } = await stamped(c, service)
    return c.json(await service.signOut(caller))
  })

  app.post('/v1/auth/rpc', async (c) => {
    const { caller, body } = await stamped(c, service)
    const request = await jsonBody(c, rpcRequestSchema, body)
    return c.json(await service.rpc(caller, request))
  })

  app.post('/v1/auth/preferred-account', async (c) => {
    const { caller, body } = await stamped(c, service)
    const { type, chainId } = await jsonBody(c, preferredAccountRequestSchema, body)
    return c.json(await service.setPreferredAccount(caller, type, chainId))
  })

  app.post('/v1/auth/email/update', async (c) => {
    const { caller, body } = await stamped(c, service)
    const { email } = normalEmail(await jsonBody(c, updateEmailRequestSchema, body))
    return c.json(await service.updateEmail(caller, email, auth.clientIp(c)))
  })

  app.post('/v1/auth/email/update/primary', async (c) => {
    const { caller, body } = await stamped(c, service)
    const { otp } = await jsonBody(c, updateEmailOtpRequestSchema, body)
    return c.json(await service.updateEmailPrimary(caller, otp, auth.clientIp(c)))
  })

  app.post('/v1/auth/email/update/secondary', async (c) => {
    const { caller, body } = await stamped(c, service)
    const { otp } = await jsonBody(c, updateEmailOtpRequestSchema, body)
    return c.json(await service.updateEmailSecondary(caller, otp))
  })

  return app
}
