/**
 * Pay with exchange (SPEC §7 "Exchange JSON-RPC"): the exchanges that can send an asset, the pay
 * page of a payment, and its status. The route (routes/exchange.ts) checks and rounds the input, then
 * asks an ExchangeProvider. One provider may front several exchanges; several providers are combined
 * with combineExchangeProviders (config `exchanges: [...]`, one entry per provider).
 *
 * A real exchange's adapter implements ExchangeProvider and is either a new `kind` of
 * ExchangeProviderConfig (createExchangeProvider) or passed as `providers.exchange` to createApp.
 */
import { z } from 'zod'
import type { ExchangeProviderConfig } from '../config.ts'

/** An exchange as listed to the modal. */
export type ExchangeInfo = { id: string; name: string; imageUrl?: string }

export type ExchangeBuyStatus = 'IN_PROGRESS' | 'SUCCESS' | 'FAILED' | 'UNKNOWN'

export type ExchangeListRequest = {
  /** CAIP-19 asset id (`eip155:1/slip44:60`, `eip155:8453/erc20:0x…`, `solana:<ref>/token:<mint>`). */
  asset: string
  /** Decimal amount of the asset in whole units, at most 8 decimals (`"0.01234567"`). */
  amount: string
  /** First page is 0. */
  page: number
}

export type ExchangePayRequest = {
  exchangeId: string
  asset: string
  amount: string
  /** CAIP-10 account on the asset's network (`eip155:31337:0x…`). */
  recipient: string
}

export type ExchangeStatusRequest = { exchangeId: string; sessionId: string }

export interface ExchangeProvider {
  /** The exchanges that can send `asset`. Throws ExchangeError('asset-not-supported') when none can. */
  listExchanges(request: ExchangeListRequest): Promise<{ exchanges: ExchangeInfo[]; total: number }>
  /** Opens a payment: the exchange's pay page and the session to poll. */
  createPayUrl(request: ExchangePayRequest): Promise<{ url: string; sessionId: string }>
  /** A payment's status and, once sent, its transaction hash. */
  getBuyStatus(request: ExchangeStatusRequest): Promise<{ status: ExchangeBuyStatus; txHash: string | null }>
}

export type ExchangeErrorKind = 'asset-not-supported' | 'exchange-not-found' | 'session-not-found' | 'invalid-request' | 'unavailable'

/** A refusal or failure of an exchange provider; routes/exchange.ts turns it into a JSON-RPC error. */
export class ExchangeError extends Error {
  override readonly name = 'ExchangeError'
  readonly kind: ExchangeErrorKind
  constructor(kind: ExchangeErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.kind = kind
  }
}

export function createExchangeProvider(config: ExchangeProviderConfig): ExchangeProvider {
  switch (config.kind) {
    case 'sandbox':
      return createSandboxExchangeProvider({ url: config.url, timeoutMs: config.timeoutMs })
  }
}

/** No exchange configured: nothing is listed, and no payment can be opened. */
export function createNoExchangeProvider(): ExchangeProvider {
  return {
    listExchanges: async () => ({ exchanges: [], total: 0 }),
    createPayUrl: async ({ exchangeId }) => {
      throw new ExchangeError('exchange-not-found', `Exchange ${exchangeId} not found`)
    },
    getBuyStatus: async () => {
      throw new ExchangeError('session-not-found', 'Session not found')
    },
  }
}

/**
 * Several providers as one: the listing is every provider's page in order (an asset is unsupported
 * only when no provider supports it), and a payment or status goes to the first provider that knows
 * the exchange.
 */
export function combineExchangeProviders(providers: readonly ExchangeProvider[]): ExchangeProvider {
  if (providers.length === 0) return createNoExchangeProvider()
  if (providers.length === 1) return providers[0] as ExchangeProvider
  const firstThatKnows = async <T>(call: (p: ExchangeProvider) => Promise<T>, miss: ExchangeErrorKind): Promise<T> => {
    let last: unknown
    for (const provider of providers) {
      try {
        return await call(provider)
      } catch (error) {
        if (!(error instanceof ExchangeError && (error.kind === miss || error.kind === 'exchange-not-found'))) throw error
        last = error
      }
    }
    throw last
  }
  return {
    async listExchanges(request) {
      const results = await Promise.allSettled(providers.map((p) => p.listExchanges(request)))
      const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
      if (ok.length === 0) {
        const failure = results.find(
          (r) => r.status === 'rejected' && !(r.reason instanceof ExchangeError && r.reason.kind === 'asset-not-supported'),
        )
        throw failure && failure.status === 'rejected'
          ? failure.reason
          : new ExchangeError('asset-not-supported', `Asset ${request.asset} is not supported`)
      }
      return { exchanges: ok.flatMap((r) => r.exchanges), total: ok.reduce((n, r) => n + r.total, 0) }
    },
    createPayUrl: (request) => firstThatKnows((p) => p.createPayUrl(request), 'exchange-not-found'),
    getBuyStatus: (request) => firstThatKnows((p) => p.getBuyStatus(request), 'session-not-found'),
  }
}

// ---- the sandbox's HTTP API (packages/devnet/src/exchange/sandbox.ts) ------------------------------

const sandboxErrorSchema = z.object({ error: z.string(), code: z.string().optional() })
const sandboxListSchema = z.object({
  exchanges: z
    .array(z.object({ id: z.string().min(1).max(64), name: z.string().min(1).max(100), imageUrl: z.string().max(8192).optional() }))
    .max(100),
  total: z.number().int().min(0),
})
const sandboxSessionSchema = z.object({ sessionId: z.string().min(1).max(128), url: z.url({ protocol: /^https?$/ }) })
const sandboxStatusSchema = z.object({
  status: z.enum(['IN_PROGRESS', 'SUCCESS', 'FAILED']),
  txHash: z.string().max(200).nullable(),
})

const KIND_OF_CODE: Record<string, ExchangeErrorKind> = {
  asset_not_supported: 'asset-not-supported',
  exchange_not_found: 'exchange-not-found',
  session_not_found: 'session-not-found',
  invalid_request: 'invalid-request',
}

/** The exchange sandbox over HTTP: every answer parsed with zod, every failure an ExchangeError. */
export function createSandboxExchangeProvider(options: { url: string; timeoutMs?: number; fetch?: typeof fetch }): ExchangeProvider {
  const base = options.url.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 10_000
  const doFetch = options.fetch ?? globalThis.fetch

  async function call<S extends z.ZodType>(path: string, schema: S, init: RequestInit = {}): Promise<z.output<S>> {
    let res: Response
    let body: unknown
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) })
      body = await res.json()
    } catch (cause) {
      throw new ExchangeError('unavailable', 'The exchange service is unavailable', { cause })
    }
    if (!res.ok) {
      const failure = sandboxErrorSchema.safeParse(body)
      const kind = failure.success ? KIND_OF_CODE[failure.data.code ?? ''] : undefined
      if (failure.success && kind) throw new ExchangeError(kind, failure.data.error.slice(0, 300))
      throw new ExchangeError('unavailable', `The exchange service answered ${res.status}`)
    }
    const parsed = schema.safeParse(body)
    if (!parsed.success)
      throw new ExchangeError('unavailable', 'The exchange service answered an unexpected shape', { cause: parsed.error })
    return parsed.data
  }

  return {
    listExchanges: ({ asset, amount, page }) =>
      call(`/api/exchanges?${new URLSearchParams({ asset, amount, page: String(page) })}`, sandboxListSchema),
    createPayUrl: (request) =>
      call('/api/sessions', sandboxSessionSchema, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      }),
    getBuyStatus: async ({ exchangeId, sessionId }) =>
      call(`/api/sessions/${encodeURIComponent(sessionId)}?${new URLSearchParams({ exchangeId })}`, sandboxStatusSchema),
  }
}
