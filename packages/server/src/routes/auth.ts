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
import { escapeHtml, mailTime } from '../auth/mail.ts'
import { REVOKE_PATH } from '../auth/notices.ts'
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
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
}

/**
 * A confirmation page: what the link is for, and one button that POSTs the token back to the same
 * URL. Opening the link (a mail scanner prefetching it) changes nothing; only the button does.
 * `lines` are text (escaped here).
 */
const confirmPage = (title: string, lines: string[], token: string, button: string, note: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0"><main style="max-width:28rem;padding:0 16px">` +
  `<h1 style="font-size:20px">${title}</h1><ul style="padding-left:20px">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
  `<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
  `<button type="submit" style="font:inherit;font-weight:600;padding:10px 16px;border-radius:8px;border:0;background:#1f6feb;color:#fff;cursor:pointer">${button}</button></form>` +
  `<p style="color:#555">${note}</p></main></body></html>`

const unusableLink = () =>
  page('This link can not be used', 'The link is invalid, was already used or has expired. Sign in again to get a new one.')

/**
 * A form POST of a confirmation page: the token from the form, and only from a page of this origin
 * (a browser says so in Sec-Fetch-Site; another site's form can not pass). The token is the secret.
 */
async function formToken(c: Context): Promise<string | null> {
  const site = c.req.header('sec-fetch-site')
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return null
  const type = c.req.header('content-type') ?? ''
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null
  let token: unknown
  try {
    token = (await c.req.parseBody()).token
  } catch {
    return null // a malformed form: no token
  }
  const query = tokenQuery.safeParse({ token })
  return query.success ? query.data.token : null
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
    return c.json(await service.connect(input, auth.clientIp(c), c.req.header('user-agent') ?? null))
  })

  app.post('/v1/auth/email/device', async (c) => {
    const input = normalEmail(await jsonBody(c, deviceRequestSchema))
    const answer = await service.device(input, auth.clientIp(c), c.req.raw.signal)
    // Not approved within one ask: 202, and the frame asks again.
    return 'state' in answer ? c.json(answer, 202) : c.json(answer)
  })

  // The mailed approval link opens a page naming the request; its button approves (a POST).
  app.get('/v1/auth/device/approve', async (c) => {
    const query = tokenQuery.safeParse({ token: c.req.query('token') })
    const request = query.success ? await service.approvalRequest(query.data.token) : null
    if (!query.success || request === null) return c.html(unusableLink(), 400, HTML_HEADERS)
    const lines = [
      `Site: ${request.site ?? 'not known'}`,
      `Browser: ${request.browser ?? 'not known'}`,
      `Time: ${request.time === null ? 'not known' : mailTime(request.time)}`,
    ]
    return c.html(
      confirmPage(
        'Approve this device?',
        lines,
        query.data.token,
        'Approve this device',
        'A new device asked to sign in to your Portico wallet. If it was not you, close this page: nothing is approved unless you press the button.',
      ),
      200,
      HTML_HEADERS,
    )
  })

  app.post('/v1/auth/device/approve', async (c) => {
    const token = await formToken(c)
    if (token === null || !(await service.approve(token))) return c.html(unusableLink(), 400, HTML_HEADERS)
    return c.html(page('Device approved', 'Device approved. You can close this tab.'), 200, HTML_HEADERS)
  })

  // The notices' revocation links: a page naming what goes; its button revokes (a POST).
  app.get(REVOKE_PATH, async (c) => {
    const query = tokenQuery.safeParse({ token: c.req.query('token') })
    const pending = query.success ? await service.notices.pending(query.data.token) : null
    if (!query.success || pending === null) return c.html(unusableLink(), 400, HTML_HEADERS)
    const [title, what] =
      pending.scope === 'one'
        ? ['Sign this session out?', 'The session of the sign-in the mail reported ends: that browser can no longer use your wallet.']
        : pending.scope === 'others'
          ? ['Sign out every other session?', 'Every session of your wallet ends, except the one that changed its email.']
          : ['Sign out every session?', 'Every session of your wallet ends, on every device.']
    return c.html(
      confirmPage(title, [what], query.data.token, 'Sign out', 'Nothing changes unless you press the button.'),
      200,
      HTML_HEADERS,
    )
  })

  app.post(REVOKE_PATH, async (c) => {
    const token = await formToken(c)
    const revoked = token === null ? null : await service.notices.revoke(token)
    if (revoked === null) return c.html(unusableLink(), 400, HTML_HEADERS)
    return c.html(
      page('Signed out', `${revoked === 1 ? '1 session was' : `${revoked} sessions were`} signed out. You can close this tab.`),
      200,
      HTML_HEADERS,
    )
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
