import { AUTH_ERRORS, socialFinishRequestSchema, socialStartRequestSchema } from '@portico/protocol/auth'
import { Hono, type Context } from 'hono'
import { jsonBody, loginProof, withAuthErrors } from '../auth/http.ts'
import { AuthError } from '../auth/errors.ts'
import { SOCIAL_CALLBACK_PATH, type SocialService } from '../auth/social.ts'
import { socialErrorPage, socialResultMessage, socialResultPage } from '../auth/social-page.ts'
import { originMatcher } from '../cors.ts'
import type { RouteModule } from './context.ts'

const deviceOf = (c: Context) => c.req.header('user-agent')?.slice(0, 200) ?? null
const param = (value: unknown) => (typeof value === 'string' && value.length <= 4096 ? value : undefined)

/**
 * Social login (documented in @portico/protocol/auth): start (the provider's authorization URL),
 * the popup's callback page, finish (a session for the frame's key). Present with the auth service;
 * without `auth.social` start answers 400 'Failed to initiate social connection'.
 */
export const socialRoutes: RouteModule = (ctx) => {
  const app = withAuthErrors(new Hono())
  const auth = ctx.auth
  if (auth === undefined) return app
  const isAllowedHost = originMatcher(ctx.allowedOrigins)
  const social = (): SocialService => {
    if (auth.social === undefined) throw new AuthError(400, AUTH_ERRORS.socialNotConfigured)
    return auth.social
  }

  app.post('/v1/auth/social/start', async (c) => {
    const input = await jsonBody(c, socialStartRequestSchema)
    // The result is posted to this origin: it must be one of the app origins the frame accepts.
    if (!isAllowedHost(input.hostOrigin)) throw new AuthError(400, 'hostOrigin is not an allowed origin')
    // The frame starts a social login (its origin is where the result goes): the service checks the Origin.
    return c.json(await social().start({ ...input, frameOrigin: c.req.header('origin') }))
  })

  const answer = async (c: Context, params: { state?: string | undefined; code?: string | undefined; error?: string | undefined }) => {
    const outcome = auth.social === undefined ? ({ ok: false } as const) : await auth.social.callback(params)
    if (!outcome.ok) {
      const page = socialErrorPage('The sign-in is unknown, was already used or has expired. Close this window and try again.')
      return c.html(page.html, 400, page.headers)
    }
    const page = socialResultPage(socialResultMessage(outcome.resultUri, outcome.error), outcome.frameOrigin)
    return c.html(page.html, 200, page.headers)
  }

  app.get(SOCIAL_CALLBACK_PATH, (c) =>
    answer(c, { state: param(c.req.query('state')), code: param(c.req.query('code')), error: param(c.req.query('error')) }),
  )

  // Providers that answer with response_mode=form_post (Apple).
  app.post(SOCIAL_CALLBACK_PATH, async (c) => {
    let form: Record<string, unknown> = {}
    if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
      try {
        form = Object.fromEntries(new URLSearchParams(await c.req.text()))
      } catch {
        form = {}
      }
    }
    return answer(c, { state: param(form.state), code: param(form.code), error: param(form.error) })
  })

  app.post('/v1/auth/social/finish', async (c) => {
    const proof = await loginProof(c)
    const input = await jsonBody(c, socialFinishRequestSchema, proof.body)
    return c.json(await social().finish(input, deviceOf(c), proof))
  })

  return app
}
