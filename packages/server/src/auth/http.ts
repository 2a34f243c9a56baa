import { AUTH_ERRORS, STAMP_HEADERS } from '@portico/protocol/auth'
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type * as core from 'zod/v4/core'
import { HttpError } from '../errors.ts'
import { AuthError } from './errors.ts'
import type { LoginProof } from './login-binding.ts'
import type { AuthService, Caller } from './service.ts'

const jsonType = /^application\/json\s*(;|$)/i

/** The request's JSON body, parsed with `schema`; 415/400 with a clear message otherwise. */
export async function jsonBody<S extends core.$ZodType>(c: Context, schema: S, text?: string): Promise<core.output<S>> {
  if (!jsonType.test(c.req.header('content-type') ?? '')) throw new AuthError(400, 'Content-Type must be application/json')
  let raw: unknown
  try {
    raw = JSON.parse(text ?? (await c.req.text()))
  } catch {
    throw new AuthError(400, 'Invalid JSON body')
  }
  return parseBody(schema, raw)
}

export function parseBody<S extends core.$ZodType>(schema: S, raw: unknown): core.output<S> {
  const result = z.safeParse(schema, raw)
  if (!result.success) {
    const issue = result.error.issues[0]
    const exact = (Object.values(AUTH_ERRORS) as string[]).includes(issue?.message ?? '')
    const where = issue && issue.path.length > 0 && !exact ? `${issue.path.join('.')}: ` : ''
    throw new AuthError(
      400,
      issue?.code === 'invalid_type' && issue.path.length === 0
        ? 'The body must be a JSON object'
        : `${where}${issue?.message ?? 'Invalid request'}`,
    )
  }
  return result.data
}

/** The caller of a stamped request (401 unless the stamp and the session check out), and the body text it signed. */
export async function stamped(c: Context, service: AuthService): Promise<{ caller: Caller; body: string }> {
  const body = c.req.method === 'GET' ? '' : await c.req.text()
  const url = new URL(c.req.url)
  const caller = await service.authenticate({
    method: c.req.method,
    // The stamp covers the query string too (GET /v1/auth/user?chainId=…).
    path: `${url.pathname}${url.search}`,
    body,
    sessionId: c.req.header(STAMP_HEADERS.session),
    timestamp: c.req.header(STAMP_HEADERS.timestamp),
    stamp: c.req.header(STAMP_HEADERS.stamp),
  })
  return { caller, body }
}

/** A login finish's proof (login-binding.ts): what its stamp covers and the stamp headers, as received. */
export async function loginProof(c: Context): Promise<LoginProof> {
  const url = new URL(c.req.url)
  return {
    method: c.req.method,
    path: `${url.pathname}${url.search}`,
    body: c.req.method === 'GET' ? '' : await c.req.text(),
    timestamp: c.req.header(STAMP_HEADERS.timestamp),
    stamp: c.req.header(STAMP_HEADERS.stamp),
  }
}

/** AuthErrors become `{ error }` answers; a 502 goes on to the app's reporter; anything else is a 500 there. */
export function withAuthErrors(app: Hono): Hono {
  app.onError((error, c) => {
    if (error instanceof AuthError) {
      if (error.status === 502) throw new HttpError(502, error.message, { cause: error })
      return c.json({ error: error.message }, error.status, error.headers)
    }
    throw error
  })
  return app
}
