import { GLOBAL_LIMIT_FACTOR, type LimitRefusal, requestLimits } from '../limits.ts'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { ChainRpcError, preview } from '../errors.ts'
import type { UpstreamAnswer } from '../providers/rpc-upstream.ts'
import { AnswerCache } from '../rpc-proxy/cache.ts'
import { blockBound, DEFAULT_MAX_LOG_RANGE, methodsOf } from '../rpc-proxy/methods.ts'
import type { RpcProxyConfig } from '../config.ts'
import type { RouteModule } from './context.ts'

/** The proxy's path (SPEC §7 "Blockchain RPC host": per-chain path /v1/ with chainId and projectId). */
export const RPC_PROXY_PATH = '/v1/'

/** JSON-RPC error codes of the proxy: JSON-RPC 2.0's, and EIP-1474's "limit exceeded". */
export const RPC_PROXY_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  limitExceeded: -32005,
} as const

export const RPC_PROXY_DEFAULTS = {
  rateLimit: { requestsPerSecond: 100, burst: 200 },
  cacheSize: 10_000,
  cacheBytes: 32 * 1024 * 1024,
  maxBatch: 100,
  maxLogRange: DEFAULT_MAX_LOG_RANGE,
  finalityDepth: 64,
} as const

type RpcId = number | string | null
type RpcError = { code: number; message: string; data?: unknown }
type Reply = { jsonrpc: '2.0'; id: RpcId; result?: unknown; error?: RpcError }
/** One call's outcome; `notification`: no reply goes back (no id in the request). */
type Outcome = { reply: Reply; notification: boolean; kind: 'ok' | 'invalid' | 'upstream' }

const querySchema = z.object({
  chainId: z
    .string({ error: 'chainId is required (a CAIP-2 id such as eip155:1)' })
    .max(64, { error: 'chainId must be at most 64 characters' })
    .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, { error: 'chainId must be a CAIP-2 id such as eip155:1' }),
  projectId: z
    .string({ error: 'projectId is required' })
    .min(1, { error: 'projectId is required' })
    .max(200, { error: 'projectId must be at most 200 characters' }),
})

const idSchema = z.union([z.number().finite(), z.string().max(200), z.null()])
const callSchema = z.object({
  jsonrpc: z.literal('2.0', { error: 'jsonrpc must be "2.0"' }),
  id: idSchema.optional(),
  method: z
    .string({ error: 'method must be a string' })
    .min(1, { error: 'method is required' })
    .max(100, { error: 'method must be at most 100 characters' }),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], { error: 'params must be an array or an object' }).optional(),
})

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid input'
const fail = (id: RpcId, code: number, message: string): Reply => ({ jsonrpc: '2.0', id, error: { code, message } })
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,16}$/

/**
 * When an answer is immutable and may be cached:
 * - `always`: the chain's identity (eth_chainId, net_version, Solana's getGenesisHash);
 * - `present`: a non-null answer about a block named by its hash (a hash names one block forever);
 * - `final`: a non-null answer whose block is at least `finalityDepth` below the head (by block
 *   number: a block by number, a transaction or receipt by hash once mined that deep).
 */
function cacheRule(method: string, params: unknown): 'always' | 'present' | 'final' | undefined {
  const p = Array.isArray(params) ? params : []
  switch (method) {
    case 'eth_chainId':
    case 'net_version':
    case 'getGenesisHash':
      return 'always'
    case 'eth_getBlockByHash':
    case 'eth_getBlockTransactionCountByHash':
    case 'eth_getTransactionByBlockHashAndIndex':
    case 'eth_getUncleCountByBlockHash':
      return 'present'
    case 'eth_getBlockReceipts':
      return typeof p[0] === 'string' && /^0x[0-9a-fA-F]{64}$/.test(p[0])
        ? 'present'
        : typeof p[0] === 'string' && HEX_QUANTITY.test(p[0])
          ? 'final'
          : undefined
    case 'eth_getBlockByNumber':
    case 'eth_getBlockTransactionCountByNumber':
    case 'eth_getTransactionByBlockNumberAndIndex':
      return typeof p[0] === 'string' && HEX_QUANTITY.test(p[0]) ? 'final' : undefined
    case 'eth_getTransactionByHash':
    case 'eth_getTransactionReceipt':
      return 'final'
    case 'getTransaction':
    case 'getBlock': {
      // Solana answers at `finalized` commitment (the default) never change.
      const config = p[1]
      const commitment = typeof config === 'object' && config !== null ? (config as { commitment?: unknown }).commitment : undefined
      return commitment === undefined || commitment === 'finalized' ? 'present' : undefined
    }
    default:
      return undefined
  }
}

/** The block number an answer is about: the request's number, else the result's `blockNumber`. */
function blockOf(params: unknown, result: unknown): bigint | undefined {
  const first = Array.isArray(params) ? params[0] : undefined
  if (typeof first === 'string' && HEX_QUANTITY.test(first)) return BigInt(first)
  const number = typeof result === 'object' && result !== null ? (result as { blockNumber?: unknown }).blockNumber : undefined
  return typeof number === 'string' && HEX_QUANTITY.test(number) ? BigInt(number) : undefined
}

/** Who ran out, in a 429's message. */
function refusalSubject(by: LimitRefusal['by'], projectId: string): string {
  if (by === 'project') return `Rate limit exceeded for project ${preview(projectId, 60)}`
  if (by === 'unregistered') return 'Rate limit exceeded for unregistered projects (all of them together)'
  if (by === 'address') return 'Rate limit exceeded for your address'
  return 'Rate limit exceeded for this server'
}
const rate = (by: LimitRefusal['by'], perSecond: number, burst: number) =>
  by === 'server'
    ? `${perSecond * GLOBAL_LIMIT_FACTOR} calls per second (bursts of ${burst * GLOBAL_LIMIT_FACTOR})`
    : `${perSecond} calls per second (bursts of ${burst})`

/**
 * The blockchain RPC proxy (SPEC §7 "Blockchain RPC host"): POST /v1/?chainId=<caip2>&projectId=…
 * with a JSON-RPC 2.0 call or batch, forwarded to the chain's upstream RPC URLs (with failover, see
 * RpcUpstreams). Only the methods of methodsOf are served (-32601 otherwise); immutable answers are
 * answered from an in-memory LRU; each project has a token bucket (429 with a JSON-RPC error when
 * empty). Bad input gets a JSON-RPC error (-32700 parse, -32600 invalid request) with 400, never a
 * 500; a single call whose every upstream failed gets 502.
 */
export const rpcRoutes: RouteModule = (ctx) => {
  const upstreams = ctx.providers.rpc
  const config: RpcProxyConfig = ctx.rpcProxy ?? {}
  const maxBatch = config.maxBatch ?? RPC_PROXY_DEFAULTS.maxBatch
  const maxLogRange = BigInt(config.maxLogRange ?? RPC_PROXY_DEFAULTS.maxLogRange)
  const finalityDepth = BigInt(config.finalityDepth ?? RPC_PROXY_DEFAULTS.finalityDepth)
  const cache = new AnswerCache(config.cacheSize ?? RPC_PROXY_DEFAULTS.cacheSize, config.cacheBytes ?? RPC_PROXY_DEFAULTS.cacheBytes)
  const limit = config.rateLimit === false ? undefined : (config.rateLimit ?? RPC_PROXY_DEFAULTS.rateLimit)
  const burst = limit ? (limit.burst ?? Math.max(1, Math.ceil(limit.requestsPerSecond * 2))) : 0
  const limits = limit ? requestLimits(ctx, 'rpc', { perSecond: limit.requestsPerSecond, burst }) : undefined
  /** The highest block number seen per chain (eth_blockNumber answers), for `final`. */
  const heads = new Map<string, bigint>()

  const noteHead = (chain: string, value: unknown) => {
    if (typeof value !== 'string' || !HEX_QUANTITY.test(value)) return
    const n = BigInt(value)
    if (n > (heads.get(chain) ?? -1n)) heads.set(chain, n)
  }

  async function forward(chain: string, method: string, params: unknown): Promise<UpstreamAnswer> {
    const answer = await upstreams.call(chain, { method, params })
    if ('result' in answer && method === 'eth_blockNumber') noteHead(chain, answer.result)
    return answer
  }

  /** eth_getLogs: a block hash, or a from/to range of at most maxLogRange blocks. */
  async function checkLogs(chain: string, params: unknown): Promise<string | undefined> {
    const filter = Array.isArray(params) ? params[0] : undefined
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return 'eth_getLogs takes one filter object'
    const { blockHash, fromBlock, toBlock } = filter as Record<string, unknown>
    if (blockHash !== undefined) return undefined
    let head: bigint | undefined
    let from = blockBound(fromBlock, head)
    let to = blockBound(toBlock, head)
    if (from === undefined || to === undefined) return 'eth_getLogs fromBlock and toBlock must be block numbers or tags'
    if (from === 'head' && to === 'head') return undefined
    if (from === 'head' || to === 'head') {
      const answer = await forward(chain, 'eth_blockNumber', [])
      if (!('result' in answer) || typeof answer.result !== 'string' || !HEX_QUANTITY.test(answer.result)) return undefined
      head = BigInt(answer.result)
      from = blockBound(fromBlock, head) as bigint
      to = blockBound(toBlock, head) as bigint
    }
    const span = (to as bigint) - (from as bigint) + 1n
    if (span > maxLogRange) return `eth_getLogs covers at most ${maxLogRange} blocks, this range covers ${span}: narrow fromBlock/toBlock`
    return undefined
  }

  async function one(chain: string, raw: unknown, report: (error: unknown) => void): Promise<Outcome> {
    const parsed = callSchema.safeParse(raw)
    if (!parsed.success) {
      const rawId = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as { id?: unknown }).id : undefined
      const id = idSchema.safeParse(rawId).success ? (rawId as RpcId) : null
      return {
        reply: fail(id, RPC_PROXY_ERRORS.invalidRequest, `Invalid Request: ${firstIssue(parsed.error)}`),
        notification: false,
        kind: 'invalid',
      }
    }
    const { method, params } = parsed.data
    const id = parsed.data.id ?? null
    const notification = parsed.data.id === undefined
    const done = (reply: Omit<Reply, 'jsonrpc' | 'id'>, kind: Outcome['kind'] = 'ok'): Outcome => ({
      reply: { jsonrpc: '2.0', id, ...reply },
      notification,
      kind,
    })
    const allowed = methodsOf(chain)
    if (!allowed?.has(method)) {
      return done({
        error: {
          code: RPC_PROXY_ERRORS.methodNotFound,
          message: `Method not allowed by the Portico RPC proxy: ${preview(method, 100)} (it serves chain reads and signed transactions only)`,
        },
      })
    }
    let paramsJson: string
    try {
      paramsJson = JSON.stringify(params ?? [])
    } catch {
      // Nested thousands deep: JSON.stringify runs out of stack. No RPC method takes that.
      return done({ error: { code: RPC_PROXY_ERRORS.invalidParams, message: 'Invalid params: nested too deeply' } })
    }
    try {
      if (method === 'eth_getLogs') {
        const refused = await checkLogs(chain, params)
        if (refused) return done({ error: { code: RPC_PROXY_ERRORS.invalidParams, message: `Invalid params: ${refused}` } })
      }
      const rule = cacheRule(method, params)
      const key = rule ? `${chain}\n${method}\n${paramsJson}` : ''
      const hit = rule ? cache.get(key) : undefined
      if (hit) return done({ result: hit.value })
      const answer = await forward(chain, method, params)
      if (!('result' in answer)) return done({ error: answer.error })
      if (rule && answer.result !== null && answer.result !== undefined) {
        const head = heads.get(chain)
        const block = rule === 'final' ? blockOf(params, answer.result) : undefined
        if (rule !== 'final' || (block !== undefined && head !== undefined && block + finalityDepth <= head)) cache.set(key, answer.result)
      }
      return done({ result: answer.result })
    } catch (error) {
      if (!(error instanceof ChainRpcError)) throw error
      report(error)
      return done({ error: { code: RPC_PROXY_ERRORS.internal, message: `Upstream RPC unavailable for ${chain}` } }, 'upstream')
    }
  }

  const envelope = (c: Context, status: 400, code: number, message: string) => c.json(fail(null, code, message), status)

  async function handle(c: Context) {
    const query = querySchema.safeParse({ chainId: c.req.query('chainId'), projectId: c.req.query('projectId') })
    if (!query.success) return envelope(c, 400, RPC_PROXY_ERRORS.invalidRequest, `Invalid Request: ${firstIssue(query.error)}`)
    const { chainId, projectId } = query.data
    if (!upstreams.has(chainId) || methodsOf(chainId) === undefined) {
      const served = upstreams.chains().filter((id) => methodsOf(id) !== undefined)
      const list = served.length > 0 ? served.slice(0, 20).join(', ') + (served.length > 20 ? ', …' : '') : 'none'
      return envelope(c, 400, RPC_PROXY_ERRORS.invalidRequest, `Unsupported chainId ${preview(chainId, 64)}: this RPC proxy serves ${list}`)
    }
    let raw: unknown
    try {
      raw = JSON.parse(await c.req.text())
    } catch {
      return envelope(c, 400, RPC_PROXY_ERRORS.parse, 'Parse error: the body must be a JSON-RPC 2.0 request or batch')
    }
    const batch = Array.isArray(raw)
    const calls: unknown[] = batch ? (raw as unknown[]) : [raw]
    if (calls.length === 0) return envelope(c, 400, RPC_PROXY_ERRORS.invalidRequest, 'Invalid Request: the batch is empty')
    if (calls.length > maxBatch)
      return envelope(
        c,
        400,
        RPC_PROXY_ERRORS.invalidRequest,
        `Invalid Request: a batch holds at most ${maxBatch} calls, this one ${calls.length}`,
      )
    const refused = limits && limit ? await limits.take(c, projectId, Math.min(calls.length, burst)) : undefined
    if (refused && limit) {
      ctx.metrics?.rateLimited.inc({ limit: 'rpc', bucket: refused.by })
      const singleId = !batch ? idSchema.safeParse((raw as { id?: unknown } | null)?.id) : undefined
      const id = singleId?.success ? (singleId.data ?? null) : null
      c.header('Retry-After', String(refused.wait))
      return c.json(
        fail(
          id,
          RPC_PROXY_ERRORS.limitExceeded,
          `${refusalSubject(refused.by, projectId)}: ${rate(refused.by, limit.requestsPerSecond, burst)}; retry in ${refused.wait} s`,
        ),
        429,
      )
    }
    const report = (error: unknown) => ctx.reportUpstream?.(error, c)
    const outcomes = await Promise.all(calls.map((call) => one(chainId, call, report)))
    if (!batch) {
      const [outcome] = outcomes as [Outcome]
      if (outcome.notification && outcome.kind !== 'invalid') return c.body(null, 204)
      return c.json(outcome.reply, outcome.kind === 'invalid' ? 400 : outcome.kind === 'upstream' ? 502 : 200)
    }
    const replies = outcomes.filter((o) => !o.notification || o.kind === 'invalid').map((o) => o.reply)
    return replies.length === 0 ? c.body(null, 204) : c.json(replies)
  }

  return new Hono().post(RPC_PROXY_PATH, handle).post('/v1', handle)
}
