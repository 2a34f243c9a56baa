import { z } from 'zod'
import { ChainRpcError, preview } from '../errors.ts'

/** One JSON-RPC call as sent upstream (the proxy's own id, never the client's). */
export type UpstreamCall = { method: string; params?: unknown }

/** An upstream's answer to one call: its `result`, or its JSON-RPC `error` passed on as is. */
export type UpstreamAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } }

/**
 * The chains' JSON-RPC endpoints behind the RPC proxy (POST /v1/?chainId=…). `call` sends one call
 * to the chain's upstreams in order and fails over to the next one on a connection error, a timeout,
 * an HTTP error (429, 5xx, or any answer that is not a JSON-RPC response); a JSON-RPC error in a
 * well-formed answer (a revert, bad params) is the chain's answer and is returned as is. When every
 * upstream fails it throws a ChainRpcError.
 */
export interface RpcUpstreams {
  /** The CAIP-2 ids served, in config order. */
  chains(): string[]
  has(caipNetworkId: string): boolean
  call(caipNetworkId: string, call: UpstreamCall): Promise<UpstreamAnswer>
}

/** Per-attempt timeout of an upstream request. */
export const DEFAULT_RPC_PROXY_TIMEOUT_MS = 10_000
/** How long an upstream that failed is tried after the others. */
export const UPSTREAM_COOLDOWN_MS = 30_000
/** Largest upstream answer read (a bigger one counts as a failed upstream). */
const MAX_UPSTREAM_BYTES = 16 * 1024 * 1024

const answerSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0'), result: z.unknown() }).refine((v) => 'result' in v),
  z.object({
    jsonrpc: z.literal('2.0'),
    error: z.object({ code: z.number().int(), message: z.string().max(10_000), data: z.unknown().optional() }),
  }),
])

class UpstreamFailure extends Error {
  constructor(url: string, reason: string) {
    super(`${preview(new URL(url).origin, 100)}: ${reason}`)
    this.name = 'UpstreamFailure'
  }
}

/**
 * RpcUpstreams over HTTP (fetch). `upstreams`: the endpoint list per CAIP-2 id, first preferred. An
 * endpoint that failed is put last for UPSTREAM_COOLDOWN_MS, so a dead one does not slow every call.
 */
export function createHttpRpcUpstreams(
  upstreams: Readonly<Record<string, readonly string[]>>,
  options: { timeoutMs?: number; now?: () => number; fetch?: typeof fetch } = {},
): RpcUpstreams {
  const timeoutMs = options.timeoutMs ?? DEFAULT_RPC_PROXY_TIMEOUT_MS
  const now = options.now ?? Date.now
  const doFetch = options.fetch ?? fetch
  const failedAt = new Map<string, number>()
  let nextId = 1

  function order(urls: readonly string[]): string[] {
    const t = now()
    const cooling = (url: string) => t - (failedAt.get(url) ?? -Infinity) < UPSTREAM_COOLDOWN_MS
    return [...urls.filter((u) => !cooling(u)), ...urls.filter(cooling)]
  }

  async function attempt(url: string, call: UpstreamCall): Promise<UpstreamAnswer> {
    const id = nextId++
    if (nextId > Number.MAX_SAFE_INTEGER) nextId = 1
    let res: Response
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: call.method, ...(call.params === undefined ? {} : { params: call.params }) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      })
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      throw new UpstreamFailure(url, timedOut ? `no answer in ${timeoutMs} ms` : 'connection failed')
    }
    const length = Number(res.headers.get('content-length') ?? 0)
    if (length > MAX_UPSTREAM_BYTES) {
      await res.body?.cancel()
      throw new UpstreamFailure(url, 'answer too large')
    }
    let text: string
    try {
      text = await res.text()
    } catch {
      throw new UpstreamFailure(url, `HTTP ${res.status}, body not read`)
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new UpstreamFailure(url, `HTTP ${res.status}, not JSON`)
    }
    // A 429 or 5xx is the endpoint's trouble, whatever its body; a 4xx with a JSON-RPC error is an answer.
    if (res.status === 429 || res.status >= 500) throw new UpstreamFailure(url, `HTTP ${res.status}`)
    const parsed = answerSchema.safeParse(json)
    if (!parsed.success) throw new UpstreamFailure(url, `HTTP ${res.status}, not a JSON-RPC response`)
    const answer = parsed.data
    if ('error' in answer) {
      const { code, message, data } = answer.error
      return { error: { code, message, ...(data === undefined ? {} : { data }) } }
    }
    return { result: answer.result }
  }

  return {
    chains: () => Object.keys(upstreams),
    has: (caip) => Object.hasOwn(upstreams, caip),
    async call(caip, call) {
      const urls = Object.hasOwn(upstreams, caip) ? (upstreams[caip] ?? []) : []
      const failures: UpstreamFailure[] = []
      for (const url of order(urls)) {
        try {
          const answer = await attempt(url, call)
          failedAt.delete(url)
          return answer
        } catch (error) {
          if (!(error instanceof UpstreamFailure)) throw error
          failedAt.set(url, now())
          failures.push(error)
        }
      }
      throw new ChainRpcError(caip, new Error(`every upstream failed (${failures.map((f) => f.message).join('; ') || 'none configured'})`))
    },
  }
}
