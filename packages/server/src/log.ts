import type { Logger } from 'pino'
import { HttpError, preview } from './errors.ts'

/**
 * Where and how an error surfaced. `suppressed`: like reports dropped since this kind was last
 * reported. A request's report also has its route pattern and request id (observe.ts).
 */
export type ErrorContext = { method: string; path: string; status: 500 | 502; suppressed: number; route?: string; requestId?: string }

/** Receives the reports that pass the rate limit. */
export type ErrorSink = (error: unknown, context: ErrorContext) => void

export type ErrorLogLimits = {
  /** Length of one window. @default 60_000 */
  windowMs?: number
  /** Reports passed on per window, over every kind together. @default 10 */
  maxPerWindow?: number
  /** Kinds of error tracked at once; further kinds share one bucket. @default 256 */
  maxKinds?: number
  /** Clock, for tests. @default Date.now */
  now?: () => number
}

export const DEFAULT_ERROR_LOG_LIMITS = { windowMs: 60_000, maxPerWindow: 10, maxKinds: 256 } as const

/** The default sink: one line per report, with the stack for unexpected (500) errors only. */
export function consoleErrorSink(error: unknown, context: ErrorContext): void {
  const where = `${context.status} ${context.method} ${context.path}`
  const more = context.suppressed > 0 ? ` (+${context.suppressed} like it suppressed)` : ''
  if (context.status === 502 && error instanceof HttpError) {
    const cause = error.cause instanceof Error ? `: ${preview(error.cause.message, 300)}` : ''
    console.error(`[portico-server] ${where}: ${error.message}${cause}${more}`)
    return
  }
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : preview(error, 300)
  console.error(`[portico-server] ${where}${more}: ${detail}`)
}

// Anything shaped like an email address, in an error's message or stack (an SMTP refusal names its recipient).
const EMAIL_LIKE = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g
const scrub = (text: string, max: number) => preview(text, max).replace(EMAIL_LIKE, '[email]')

/**
 * The sink of a server with a pino logger (AppConfig.logger): one JSON line at level error, with
 * the route pattern rather than the path when the report comes from a request (paths hold session
 * ids), the request id, `error` (not pino's `err`, whose serializer copies every property), and the error's message and stack with email-like text blanked out.
 */
export function pinoErrorSink(logger: Logger): ErrorSink {
  return (error, context) => {
    const cause = error instanceof HttpError && error.cause instanceof Error ? scrub(error.cause.message, 300) : undefined
    const line = {
      method: context.method,
      ...(context.route === undefined ? { path: context.path } : { route: context.route }),
      status: context.status,
      ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
      ...(context.suppressed > 0 ? { suppressed: context.suppressed } : {}),
      error:
        error instanceof Error
          ? {
              type: error.name,
              message: scrub(error.message, 500),
              ...(cause === undefined ? {} : { cause }),
              ...(context.status === 500 && error.stack ? { stack: scrub(error.stack, 4000) } : {}),
            }
          : { type: typeof error, message: scrub(String(error), 300) },
    }
    logger.error(line, context.status === 502 ? 'upstream failure' : 'unexpected error')
  }
}

function kindOf(error: unknown, status: number): string {
  if (error instanceof Error) return `${status} ${error.name}: ${error.message.slice(0, 200)}`
  return `${status} ${typeof error}`
}

/**
 * A rate-limited, de-duplicating front of `sink`: within one window each kind of error (status,
 * name and message) is passed on once, and at most `maxPerWindow` reports in all; the rest are
 * counted and the count rides on that kind's next report. So a flood of failing requests writes a
 * bounded log, while the first of each new failure is still seen.
 */
export function createErrorReporter(sink: ErrorSink, limits: ErrorLogLimits = {}) {
  const windowMs = limits.windowMs ?? DEFAULT_ERROR_LOG_LIMITS.windowMs
  const maxPerWindow = limits.maxPerWindow ?? DEFAULT_ERROR_LOG_LIMITS.maxPerWindow
  const maxKinds = limits.maxKinds ?? DEFAULT_ERROR_LOG_LIMITS.maxKinds
  const now = limits.now ?? Date.now
  type Kind = { reportedInWindow: boolean; suppressed: number }
  const kinds = new Map<string, Kind>()
  const overflow: Kind = { reportedInWindow: false, suppressed: 0 }
  let windowStart = Number.NEGATIVE_INFINITY
  let reportedInWindow = 0

  return function report(error: unknown, where: Omit<ErrorContext, 'suppressed'>): void {
    const t = now()
    if (t - windowStart >= windowMs) {
      windowStart = t
      reportedInWindow = 0
      overflow.reportedInWindow = false
      for (const [key, kind] of kinds) {
        // A kind quiet for a whole window is forgotten, so the map holds only recent kinds.
        if (!kind.reportedInWindow && kind.suppressed === 0) kinds.delete(key)
        else kind.reportedInWindow = false
      }
    }
    const key = kindOf(error, where.status)
    let kind = kinds.get(key)
    if (kind === undefined) {
      if (kinds.size < maxKinds) {
        kind = { reportedInWindow: false, suppressed: 0 }
        kinds.set(key, kind)
      } else {
        kind = overflow
      }
    }
    if (kind.reportedInWindow || reportedInWindow >= maxPerWindow) {
      kind.suppressed += 1
      return
    }
    kind.reportedInWindow = true
    reportedInWindow += 1
    const suppressed = kind.suppressed
    kind.suppressed = 0
    try {
      sink(error, { ...where, path: preview(where.path, 200), suppressed })
    } catch {
      // A failing log sink must not turn into a failing response.
    }
  }
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>
