import { EXCHANGE_RPC_METHODS } from '@portico/protocol/exchange'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { preview } from '../errors.ts'
import { ExchangeError, type ExchangeErrorKind } from '../providers/exchange.ts'
import type { RouteModule } from './context.ts'

/** The wallet-provider RPC endpoint the headless exchange client posts to (EXCHANGE_RPC_PATH there). */
export const EXCHANGE_RPC_PATH = '/v1/json-rpc'

/** JSON-RPC error codes of the endpoint: the standard ones, then the exchange's own. */
export const EXCHANGE_RPC_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  assetNotSupported: -32001,
  exchangeNotFound: -32002,
  sessionNotFound: -32003,
  unavailable: -32004,
} as const

/** Decimals every amount is rounded to (SPEC §9 "Amounts rounded to 8 decimals"). */
export const EXCHANGE_AMOUNT_DECIMALS = 8
/** Namespaces pay with exchange serves (SPEC §5: EVM and Solana). */
const NAMESPACES = new Set(['eip155', 'solana'])

const CAIP19 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})\/([-a-z0-9]{3,8}):([-.%a-zA-Z0-9]{1,128})$/
const CAIP10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

/**
 * `value` (a JSON number or a decimal string, as typed: `10.`, `.5` too) rounded half-up to 8
 * decimals, as a decimal string without trailing zeros; undefined when it is not a decimal below
 * 10^15, or when it rounds to 0 (unless `allowZero`: the listing's amount may be 0 before one is typed).
 */
export function roundExchangeAmount(value: number | string, options: { allowZero?: boolean } = {}): string | undefined {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined
    text = plainDecimal(value)
  } else {
    if (!/^\d{0,15}(\.\d{0,60})?$/.test(value) || !/\d/.test(value)) return undefined
    text = value
  }
  const [whole = '', fraction = ''] = text.split('.')
  if (whole.replace(/^0+/, '').length > 15) return undefined
  const digits = BigInt((whole || '0') + fraction.padEnd(EXCHANGE_AMOUNT_DECIMALS + 1, '0').slice(0, EXCHANGE_AMOUNT_DECIMALS + 1))
  // Half-up on the ninth decimal.
  const units = (digits + 5n) / 10n
  if (units === 0n && !options.allowZero) return undefined
  const padded = units.toString().padStart(EXCHANGE_AMOUNT_DECIMALS + 1, '0')
  const int = padded.slice(0, -EXCHANGE_AMOUNT_DECIMALS)
  const frac = padded.slice(-EXCHANGE_AMOUNT_DECIMALS).replace(/0+$/, '')
  return frac ? `${int}.${frac}` : int
}

/** A positive finite number as a plain decimal string (1e-7 → 0.0000001, 1.5e21 → 1500000000000000000000). */
function plainDecimal(value: number): string {
  const text = String(value)
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text)
  if (!match) return text
  const digits = `${match[1]}${match[2] ?? ''}`
  const point = (match[1] as string).length + Number(match[3])
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length)
  return `${digits.slice(0, point)}.${digits.slice(point)}`
}

const short = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })

const amountOf = (allowZero: boolean) =>
  z.union([z.number(), z.string()], { error: 'amount must be a number or a decimal string' }).transform((value, ctx) => {
    const rounded = roundExchangeAmount(value, { allowZero })
    if (rounded === undefined) {
      const what = allowZero ? 'a decimal from 0 below 10^15' : 'a positive decimal below 10^15 that is at least 0.00000001'
      ctx.addIssue({ code: 'custom', message: `amount must be ${what}, got ${preview(value, 40)}` })
      return z.NEVER
    }
    return rounded
  })
/** The pay URL's amount (tokens): above 0. */
const amount = amountOf(false)
/** The listing's amount: 0 too (the modal lists the exchanges before an amount is typed). */
const listingAmount = amountOf(true)
const asset = short('asset', 200).regex(CAIP19, {
  error: (issue) => `asset must be a CAIP-19 asset id (eip155:1/slip44:60), got ${preview(issue.input, 60)}`,
})
const exchangeId = short('exchangeId', 64).regex(/^[A-Za-z0-9._-]+$/, { error: 'exchangeId must be an exchange id from the listing' })
const projectId = short('projectId', 200)

const paramsSchemas = {
  [EXCHANGE_RPC_METHODS.getExchanges]: z.object({
    projectId,
    page: z
      .number({ error: 'page must be an integer from 0' })
      .int({ error: 'page must be an integer from 0' })
      .min(0, { error: 'page must be an integer from 0' })
      .max(1000, { error: 'page must be at most 1000' }),
    asset,
    amount: listingAmount,
  }),
  [EXCHANGE_RPC_METHODS.getPayUrl]: z.object({
    projectId,
    exchangeId,
    asset,
    amount,
    recipient: short('recipient', 200).regex(CAIP10, {
      error: (issue) => `recipient must be a CAIP-10 account (network:address), got ${preview(issue.input, 60)}`,
    }),
  }),
  [EXCHANGE_RPC_METHODS.getBuyStatus]: z.object({
    projectId,
    exchangeId,
    sessionId: short('sessionId', 128).regex(/^[A-Za-z0-9._:-]+$/, { error: 'sessionId must be a session id from the pay URL' }),
  }),
} as const

const querySchema = z.object({
  projectId: short('projectId', 200),
  st: short('st', 100),
  sv: short('sv', 100),
  source: z.literal('fund-wallet', { error: 'source must be fund-wallet' }),
})

const requestSchema = z.object({
  jsonrpc: z.literal('2.0', { error: 'jsonrpc must be "2.0"' }),
  id: z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().max(100)], { error: 'id must be an integer or a string' }),
  method: short('method', 100),
  params: z.record(z.string(), z.unknown(), { error: 'params must be an object' }),
})

type RpcId = number | string | null

class RpcFailure extends Error {
  readonly code: number
  readonly status: 200 | 400 | 404 | 415 | 502
  constructor(code: number, message: string, status: 200 | 400 | 404 | 415 | 502 = 200) {
    super(message)
    this.code = code
    this.status = status
  }
}

const KIND_CODES: Record<ExchangeErrorKind, { code: number; status: 200 | 502 }> = {
  'asset-not-supported': { code: EXCHANGE_RPC_ERRORS.assetNotSupported, status: 200 },
  'exchange-not-found': { code: EXCHANGE_RPC_ERRORS.exchangeNotFound, status: 200 },
  'session-not-found': { code: EXCHANGE_RPC_ERRORS.sessionNotFound, status: 200 },
  'invalid-request': { code: EXCHANGE_RPC_ERRORS.invalidParams, status: 200 },
  unavailable: { code: EXCHANGE_RPC_ERRORS.unavailable, status: 502 },
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  return issue?.message ?? 'Invalid input'
}

function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const parsed = schema.safeParse(params)
  if (!parsed.success) throw new RpcFailure(EXCHANGE_RPC_ERRORS.invalidParams, `Invalid params: ${firstIssue(parsed.error)}`)
  return parsed.data
}

const networkOf = (caip: string) => caip.split(/[/:]/).slice(0, 2).join(':')

function assertNamespace(id: string) {
  if (!NAMESPACES.has(id.split(':')[0] as string))
    throw new RpcFailure(EXCHANGE_RPC_ERRORS.assetNotSupported, `Asset ${preview(id, 200)} is not supported`)
}

/**
 * The exchange JSON-RPC (SPEC §7): POST /v1/json-rpc?projectId&st&sv&source=fund-wallet with
 * `{ jsonrpc: '2.0', id, method, params: { …, projectId } }`. A well-formed call answers 200 with
 * `result` or `error` (the error's message is what the modal reads: 'Asset … is not supported' for
 * an unsupported asset); an envelope that is not a JSON-RPC request answers 400 (415 without a JSON
 * content type), an unreachable exchange 502 — each with a JSON-RPC `error` body, never a 500.
 */
export const exchangeRoutes: RouteModule = (ctx) => {
  const provider = ctx.providers.exchange

  async function dispatch(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case EXCHANGE_RPC_METHODS.getExchanges: {
        const p = parseParams(paramsSchemas[EXCHANGE_RPC_METHODS.getExchanges], params)
        assertNamespace(p.asset)
        const { exchanges, total } = await provider.listExchanges({ asset: p.asset, amount: p.amount, page: p.page })
        return {
          exchanges: exchanges.map((e) => ({ id: e.id, name: e.name, ...(e.imageUrl === undefined ? {} : { imageUrl: e.imageUrl }) })),
          total,
        }
      }
      case EXCHANGE_RPC_METHODS.getPayUrl: {
        const p = parseParams(paramsSchemas[EXCHANGE_RPC_METHODS.getPayUrl], params)
        assertNamespace(p.asset)
        if (networkOf(p.recipient) !== networkOf(p.asset)) {
          throw new RpcFailure(
            EXCHANGE_RPC_ERRORS.invalidParams,
            `Invalid params: recipient must be on the asset's network ${networkOf(p.asset)}`,
          )
        }
        const { url, sessionId } = await provider.createPayUrl({
          exchangeId: p.exchangeId,
          asset: p.asset,
          amount: p.amount,
          recipient: p.recipient,
        })
        return { url, sessionId }
      }
      case EXCHANGE_RPC_METHODS.getBuyStatus: {
        const p = parseParams(paramsSchemas[EXCHANGE_RPC_METHODS.getBuyStatus], params)
        const { status, txHash } = await provider.getBuyStatus({ exchangeId: p.exchangeId, sessionId: p.sessionId })
        return { status, txHash }
      }
      default:
        throw new RpcFailure(EXCHANGE_RPC_ERRORS.methodNotFound, `Method not found: ${preview(method, 100)}`)
    }
  }

  const answer = (c: Context, id: RpcId, failure: RpcFailure) =>
    c.json({ jsonrpc: '2.0', id, error: { code: failure.code, message: failure.message } }, failure.status)

  return new Hono().post(EXCHANGE_RPC_PATH, async (c) => {
    let id: RpcId = null
    try {
      if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
        throw new RpcFailure(EXCHANGE_RPC_ERRORS.invalidRequest, 'Content-Type must be application/json', 415)
      }
      const query = querySchema.safeParse(c.req.query())
      if (!query.success) throw new RpcFailure(EXCHANGE_RPC_ERRORS.invalidRequest, `Invalid Request: ${firstIssue(query.error)}`, 400)
      let raw: unknown
      try {
        raw = JSON.parse(await c.req.text())
      } catch {
        throw new RpcFailure(EXCHANGE_RPC_ERRORS.parse, 'Parse error: the body must be JSON', 400)
      }
      if (Array.isArray(raw)) throw new RpcFailure(EXCHANGE_RPC_ERRORS.invalidRequest, 'Invalid Request: batches are not supported', 400)
      const request = requestSchema.safeParse(raw)
      if (!request.success) {
        const rawId = (raw as { id?: unknown } | null)?.id
        if (typeof rawId === 'number' && Number.isSafeInteger(rawId) && rawId >= 0) id = rawId
        throw new RpcFailure(EXCHANGE_RPC_ERRORS.invalidRequest, `Invalid Request: ${firstIssue(request.error)}`, 400)
      }
      id = request.data.id
      const result = await dispatch(request.data.method, request.data.params)
      return c.json({ jsonrpc: '2.0', id, result })
    } catch (error) {
      if (error instanceof RpcFailure) return answer(c, id, error)
      if (error instanceof ExchangeError) {
        const { code, status } = KIND_CODES[error.kind]
        const message = error.kind === 'unavailable' ? 'Exchange service unavailable' : error.message
        return answer(c, id, new RpcFailure(code, message, status))
      }
      throw error
    }
  })
}
