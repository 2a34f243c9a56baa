import { createHash, randomBytes } from 'node:crypto'
import { type EmailCaptureConfirmResponse, emailCaptureRequestSchema, type EmailCaptureResponse } from '@portico/protocol/capture'
import { Hono, type Context } from 'hono'
import { accepts } from 'hono/accepts'
import { z } from 'zod'
import type { MailMessage } from '../auth/mail.ts'
import { effectiveFeatures, projectIdSchema } from '../db/projects.ts'
import { HttpError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import type { RouteModule } from './context.ts'

/** Email capture's limits: confirmation mails per address an hour, and how long a link works. */
export const EMAIL_CAPTURE_LIMITS = { mailsPerEmailPerHour: 3, linkTtlMs: 24 * 60 * 60 * 1000 } as const

export const EMAIL_CAPTURE_ERRORS = {
  off: 'Email capture is off for this project (feature flag emailCapture)',
  noMail: "Email capture needs the server's mail: configure the auth service's SMTP (SMTP_URL)",
  rateLimited: `Too many confirmation mails to this address: at most ${EMAIL_CAPTURE_LIMITS.mailsPerEmailPerHour} an hour`,
  mailFailed: 'Could not send the confirmation mail',
  linkInvalid: 'The link is invalid or has expired',
} as const

const HOUR_MS = 60 * 60 * 1000
const CAIP10 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/
const requestSchema = z.object({
  email: emailCaptureRequestSchema.shape.email,
  account: z.string().regex(CAIP10, { error: 'account must be a CAIP-10 account id such as eip155:1:0xabc…' }),
})
const tokenQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) })
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)

/** The double opt-in mail. */
export function captureMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your email',
    text: `This email was left on a site using Portico after connecting a wallet.\n\nConfirm it by opening this link:\n${link}\n\nThe link expires in 24 hours. If it was not you, ignore this mail: nothing is kept without confirmation.\n`,
    html: `<p>This email was left on a site using Portico after connecting a wallet.</p><p><a href="${escapeHtml(link)}">Confirm this email</a></p><p>The link expires in 24 hours. If it was not you, ignore this mail: nothing is kept without confirmation.</p>`,
  }
}

const HTML_HEADERS = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'referrer-policy': 'no-referrer',
}
const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0"><main><h1 style="font-size:20px">${title}</h1><p>${text}</p></main></body></html>`

async function jsonOf(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text())
  } catch {
    throw new HttpError(400, 'The body must be JSON')
  }
}

/**
 * Email capture (SPEC §1, @portico/protocol/capture): POST /v1/email-capture stores the email
 * unconfirmed for the project and account and mails a confirmation link through the auth service's
 * mailer; GET /v1/email-capture/confirm?token= confirms it. Only for projects whose emailCapture flag is on.
 */
export const captureRoutes: RouteModule = (ctx) =>
  new Hono()
    .post('/v1/email-capture', async (c) => {
      const { projectId } = parseInput(z.object({ projectId: projectIdSchema }), { projectId: c.req.query('projectId') })
      const features = effectiveFeatures(ctx.features, await ctx.projects.get(projectId))
      if (!features.emailCapture) throw new HttpError(403, EMAIL_CAPTURE_ERRORS.off)
      const mail = ctx.mail
      if (!mail) throw new HttpError(503, EMAIL_CAPTURE_ERRORS.noMail)
      const raw = await jsonOf(c)
      // Emails are compared and stored trimmed and lower-cased.
      const trimmed =
        raw !== null && typeof raw === 'object' && 'email' in raw && typeof raw.email === 'string'
          ? { ...raw, email: raw.email.trim() }
          : raw
      const input = parseInput(requestSchema, trimmed)
      const email = input.email.toLowerCase()
      const now = ctx.now()
      const token = randomBytes(32).toString('base64url')

      const outcome = await ctx.db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('portico.email_capture:' || $1))", [email])
        const existing = await tx.query<{ confirmed_at: unknown }>(
          'SELECT confirmed_at FROM portico_capture.emails WHERE project_id = $1 AND account = $2 AND email = $3',
          [projectId, input.account, email],
        )
        if (existing.rows[0]?.confirmed_at) return { status: 'confirmed' as const }
        const sent = await tx.query<{ n: number | string; oldest: Date | string | null }>(
          'SELECT count(*) AS n, min(sent_at) AS oldest FROM portico_capture.mail_log WHERE email = $1 AND sent_at > to_timestamp($2 / 1000.0)',
          [email, now - HOUR_MS],
        )
        if (Number(sent.rows[0]?.n ?? 0) >= EMAIL_CAPTURE_LIMITS.mailsPerEmailPerHour) {
          const oldest = sent.rows[0]?.oldest ? new Date(sent.rows[0].oldest).getTime() : now
          return { status: 'limited' as const, retryAfter: Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 1000)) }
        }
        await tx.query(
          `INSERT INTO portico_capture.emails (project_id, account, email, token_hash, token_expires_at, created_at)
           VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0))
           ON CONFLICT (project_id, account, email) DO UPDATE SET token_hash = EXCLUDED.token_hash, token_expires_at = EXCLUDED.token_expires_at`,
          [projectId, input.account, email, hashToken(token), now + EMAIL_CAPTURE_LIMITS.linkTtlMs, now],
        )
        await tx.query('INSERT INTO portico_capture.mail_log (email, sent_at) VALUES ($1, to_timestamp($2 / 1000.0))', [email, now])
        return { status: 'pending' as const }
      })
      if (outcome.status === 'limited') {
        ctx.metrics?.rateLimited.inc({ limit: 'email-capture', bucket: 'email' })
        return c.json({ error: EMAIL_CAPTURE_ERRORS.rateLimited }, 429, { 'retry-after': String(outcome.retryAfter) })
      }
      if (outcome.status === 'pending') {
        try {
          await mail.send(captureMail(email, ctx.assetUrl(`/v1/email-capture/confirm?token=${token}`)))
        } catch (error) {
          throw new HttpError(502, EMAIL_CAPTURE_ERRORS.mailFailed, { cause: error })
        }
      }
      return c.json({ status: outcome.status } satisfies EmailCaptureResponse)
    })
    .get('/v1/email-capture/confirm', async (c) => {
      // A link in a mail: a browser gets a page; a client that asks for JSON (Accept) gets JSON.
      const json =
        accepts(c, { header: 'Accept', supports: ['text/html', 'application/json'], default: 'text/html' }) === 'application/json'
      const query = tokenQuery.safeParse({ token: c.req.query('token') })
      const invalid = () =>
        json
          ? c.json({ error: EMAIL_CAPTURE_ERRORS.linkInvalid }, 400, { 'cache-control': 'no-store' })
          : c.html(
              page('This link can not be used', `${EMAIL_CAPTURE_ERRORS.linkInvalid}. Leave your email again to get a new one.`),
              400,
              HTML_HEADERS,
            )
      if (!query.success) return invalid()
      const { rows } = await ctx.db.query<{ email: string }>(
        `UPDATE portico_capture.emails SET confirmed_at = COALESCE(confirmed_at, to_timestamp($2 / 1000.0))
         WHERE token_hash = $1 AND (confirmed_at IS NOT NULL OR token_expires_at > to_timestamp($2 / 1000.0))
         RETURNING email`,
        [hashToken(query.data.token), ctx.now()],
      )
      if (!rows[0]) return invalid()
      if (json)
        return c.json({ status: 'confirmed', email: rows[0].email } satisfies EmailCaptureConfirmResponse, 200, {
          'cache-control': 'no-store',
        })
      return c.html(page('Email confirmed', `${escapeHtml(rows[0].email)} is confirmed. You can close this tab.`), 200, HTML_HEADERS)
    })
