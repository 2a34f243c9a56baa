/**
 * What every request leaves for the operator: a request id (X-Request-Id, echoed), one structured
 * log line (pino) and the request metrics (metrics.ts). A line names the route pattern
 * (`/v1/sessions/:id`), never the path, and holds no query but `projectId`, no body and no header
 * but the user agent: ids, codes, tokens and emails travel in paths, queries, bodies and headers.
 */
import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { Logger } from 'pino'
import { PROJECT_ID } from './db/projects.ts'
import { preview } from './errors.ts'
import type { PorticoMetrics } from './metrics.ts'
import { HEALTH_PATHS } from './routes/health.ts'

/** A request id a client may choose: a plain token of at most 128 characters. */
export const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/
export const REQUEST_ID_HEADER = 'X-Request-Id'

const requestIds = new WeakMap<Context, string>()
/** The methods named in logs and labels; any other is OTHER (labels stay a bounded set). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The request's id (set by observeRequests), or undefined outside it. */
export const requestIdOf = (c: Context): string | undefined => requestIds.get(c)

const isMiddleware = (route: { method: string; path: string }) => route.method === 'ALL' && route.path.endsWith('*')

/**
 * The route pattern that answered (`/v1/account/:address/history`): the handler that ran, else the
 * first route matched (a body too large is refused before its handler), else `(not found)` /
 * `(middleware)` (a CORS preflight). Never the raw path, so labels and logs stay bounded and free
 * of the ids in paths.
 */
export function routeOf(c: Context): string {
  let routes: { method: string; path: string }[]
  try {
    routes = matchedRoutes(c)
  } catch {
    return '(unmatched)'
  }
  const responder = routes[c.req.routeIndex]
  if (responder !== undefined && !isMiddleware(responder)) return responder.path
  const handler = routes.find((route) => !isMiddleware(route))
  if (handler !== undefined) return handler.path
  return c.res.status === 404 ? '(not found)' : '(middleware)'
}

/** The request id, its log line and its metrics. Mounted first, so every answer (404, 413, preflight) is seen. */
export function observeRequests(options: { logger?: Logger; metrics?: PorticoMetrics }): MiddlewareHandler {
  const { logger, metrics } = options
  return async (c, next) => {
    const start = performance.now()
    const given = c.req.header(REQUEST_ID_HEADER)
    const requestId = given !== undefined && REQUEST_ID.test(given) ? given : randomUUID()
    requestIds.set(c, requestId)
    await next()
    try {
      c.res.headers.set(REQUEST_ID_HEADER, requestId)
    } catch {
      // A Response whose headers are immutable (one from fetch): a copy carries the id.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set(REQUEST_ID_HEADER, requestId)
    }
    const ms = performance.now() - start
    const route = routeOf(c)
    const status = c.res.status
    const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER'
    if (metrics) {
      const labels = { method, route, status: String(status) }
      metrics.requests.inc(labels)
      metrics.duration.observe(labels, ms / 1000)
    }
    if (logger) {
      const projectId = c.req.query('projectId')
      const userAgent = c.req.header('user-agent')
      const line = {
        requestId,
        method,
        route,
        status,
        ms: Math.round(ms * 10) / 10,
        ...(projectId === undefined ? {} : { projectId: PROJECT_ID.test(projectId) ? projectId : '(invalid)' }),
        ...(userAgent === undefined ? {} : { userAgent: preview(userAgent, 200) }),
      }
      // Probes come every few seconds: seen at debug level only.
      if (HEALTH_PATHS.includes(route)) logger.debug(line, 'request')
      else if (status >= 500) logger.warn(line, 'request')
      else logger.info(line, 'request')
    }
  }
}
