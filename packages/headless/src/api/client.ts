/**
 * The one typed client for the Portico API and the wallet explorer (SPEC §7).
 *
 * - GETs carry the query parameters `projectId`, `st` (SDK type) and `sv` (SDK version) — on the API
 *   host and on the explorer host alike.
 * - A non-OK response throws PorticoError('HTTP status code: {n}').
 * - Bodies are parsed with zod; a body that does not match throws PorticoError with the zod issues.
 * - GET results with a TTL (SPEC §9) are cached in memory by full URL, with an injectable clock.
 */
import { httpStatusError, invalidResponseError, PorticoError } from '../core/errors'
import type { TokenBalance } from '../core/chain/chain'
import type { Features } from '../core/options/options'
import { CACHE_TTL, TtlCache } from './cache'
import {
  analyticsConfigSchema,
  balanceResponseSchema,
  configResponseSchema,
  identitySchema,
  historyResponseSchema,
  originsResponseSchema,
  priceResponseSchema,
  supportedChainsSchema,
  walletsResponseSchema,
  type HistoryResponse,
  type Identity,
  type TokenPrices,
  type SupportedChains,
  type WalletsResponse,
} from './schemas'

interface Parser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } }
}

export interface ApiClientOptions {
  /** Portico API base URL, e.g. 'http://127.0.0.1:8787'. */
  baseUrl: string
  /** Wallet explorer base URL. @default baseUrl */
  explorerUrl?: string
  projectId: string
  sdkType: string
  sdkVersion: string
  /** @default globalThis.fetch (looked up per call) */
  fetch?: typeof fetch
  /** Clock for the TTL cache. @default Date.now */
  now?: () => number
}

export interface WalletsQuery {
  page?: number
  entries?: number
  search?: string
  include?: string[]
  exclude?: string[]
  badge_type?: string
  chains?: string[]
  names?: string[]
  rdns?: string[]
}

export interface BalanceQuery {
  /** CAIP-2 id of the chain, e.g. 'eip155:1'. */
  chainId: string
  /** @default 'usd' */
  currency?: string
  /** Skip the 30 s cache and ask the server to refresh. @default false */
  forceUpdate?: boolean
}

export type AllowedOriginsResult = { origins: string[] } | { error: 'RATE_LIMITED' | 'SERVER_ERROR' }

export function createApiClient(options: ApiClientOptions) {
  const cache = new TtlCache(options.now ?? (() => Date.now()))
  const explorerUrl = options.explorerUrl ?? options.baseUrl

  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init)

  function buildUrl(base: string, path: string, params: Record<string, string | number | boolean | undefined> = {}): string {
    // Joined as text so a base path such as https://host/api is kept.
    const url = new URL(`${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`)
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v))
    url.searchParams.set('projectId', options.projectId)
    url.searchParams.set('st', options.sdkType)
    url.searchParams.set('sv', options.sdkVersion)
    return url.toString()
  }

  function parse<T>(schema: Parser<T>, body: unknown, url: string): T {
    const result = schema.safeParse(body)
    if (!result.success) {
      const where = new URL(url).pathname
      const detail = result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')
      throw new PorticoError(invalidResponseError(where, detail))
    }
    return result.data
  }

  /** GETs in flight by URL: a second caller of the same URL shares the first request. */
  const inFlight = new Map<string, Promise<unknown>>()

  async function getJson<T>(url: string, schema: Parser<T>, ttl = 0, skipCache = false): Promise<T> {
    if (ttl > 0 && !skipCache) {
      const hit = cache.get<T>(url)
      if (hit !== undefined) return hit
    }
    const pending = inFlight.get(url)
    if (pending) return pending as Promise<T>
    const request = (async () => {
      const res = await doFetch(url, { method: 'GET', headers: { accept: 'application/json' } })
      if (!res.ok) throw new PorticoError(httpStatusError(res.status))
      const data = parse(schema, await res.json(), url)
      cache.set(url, data, ttl)
      return data
    })()
    inFlight.set(url, request)
    try {
      return await request
    } finally {
      inFlight.delete(url)
    }
  }

  return {
    /** GET /v1/supported-chains → { http, ws } CAIP-2 ids. */
    getSupportedChains: (): Promise<SupportedChains> =>
      getJson(buildUrl(options.baseUrl, '/v1/supported-chains'), supportedChainsSchema),

    /** GET /v1/identity/{address} → { name, avatar } (cached 5 min). */
    async getIdentity(address: string): Promise<Identity> {
      const data = await getJson(buildUrl(options.baseUrl, `/v1/identity/${encodeURIComponent(address)}`), identitySchema, CACHE_TTL.identity)
      return { name: data.name ?? null, avatar: data.avatar ?? null }
    },

    /**
     * GET /v1/account/{address}/balance (cached 30 s unless forceUpdate). Tokens whose decimals are
     * '0' are dropped (SPEC §5).
     */
    async getBalance(address: string, query: BalanceQuery): Promise<TokenBalance[]> {
      const url = buildUrl(options.baseUrl, `/v1/account/${encodeURIComponent(address)}/balance`, {
        currency: query.currency ?? 'usd',
        chainId: query.chainId,
        forceUpdate: query.forceUpdate ? true : undefined,
      })
      const data = await getJson(url, balanceResponseSchema, CACHE_TTL.balance, query.forceUpdate === true)
      return data.balances.filter((b) => b.quantity.decimals !== '0')
    },

    /** GET /v1/account/{address}/history (cached 15 s). */
    getHistory: (address: string, query: { chainId?: string; cursor?: string } = {}): Promise<HistoryResponse> =>
      getJson(
        buildUrl(options.baseUrl, `/v1/account/${encodeURIComponent(address)}/history`, { chainId: query.chainId, cursor: query.cursor }),
        historyResponseSchema,
        CACHE_TTL.history,
      ),

    /** POST /v1/fungible/price (cached 15 s per currency + address list). */
    async getTokenPrice(addresses: string[], currency = 'usd'): Promise<TokenPrices> {
      const url = buildUrl(options.baseUrl, '/v1/fungible/price')
      const body = JSON.stringify({ currency, addresses, projectId: options.projectId })
      const key = `${url}#${body}`
      const hit = cache.get<TokenPrices>(key)
      if (hit) return hit
      const res = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body })
      if (!res.ok) throw new PorticoError(httpStatusError(res.status))
      const data = parse(priceResponseSchema, await res.json(), url)
      cache.set(key, data, CACHE_TTL.tokenPrice)
      return data
    },

    /** GET /getWallets on the explorer host. */
    getWallets: (query: WalletsQuery = {}): Promise<WalletsResponse> =>
      getJson(
        buildUrl(explorerUrl, '/getWallets', {
          page: query.page ?? 1,
          entries: query.entries ?? 40,
          search: query.search,
          badge_type: query.badge_type,
          include: query.include?.join(','),
          exclude: query.exclude?.join(','),
          chains: query.chains?.join(','),
          names: query.names?.join(','),
          rdns: query.rdns?.join(','),
        }),
        walletsResponseSchema,
      ),

    /** GET /appkit/v1/config → remote feature flags (only the flags the server sent). */
    async getConfig(): Promise<Partial<Features>> {
      const data = await getJson(buildUrl(explorerUrl, '/appkit/v1/config'), configResponseSchema)
      const out: Partial<Features> = {}
      for (const [k, v] of Object.entries(data.features)) if (v !== undefined) (out as Record<string, unknown>)[k] = v
      return out
    },

    /** GET /projects/v1/origins: 429 → RATE_LIMITED, 5xx → SERVER_ERROR, other failures → no origins. */
    async getOrigins(): Promise<AllowedOriginsResult> {
      const url = buildUrl(explorerUrl, '/projects/v1/origins')
      try {
        const res = await doFetch(url, { method: 'GET', headers: { accept: 'application/json' } })
        if (res.status === 429) return { error: 'RATE_LIMITED' }
        if (res.status >= 500 && res.status <= 599) return { error: 'SERVER_ERROR' }
        if (!res.ok) return { origins: [] }
        return { origins: parse(originsResponseSchema, await res.json(), url).allowedOrigins }
      } catch {
        return { origins: [] }
      }
    },

    /** GET /getAnalyticsConfig → isAnalyticsEnabled. */
    async getAnalyticsConfig(): Promise<{ isAnalyticsEnabled: boolean }> {
      return getJson(buildUrl(explorerUrl, '/getAnalyticsConfig'), analyticsConfigSchema)
    },

    /** Exposed for flows that build their own GETs on the API host. */
    buildUrl: (path: string, params?: Record<string, string | number | boolean | undefined>) => buildUrl(options.baseUrl, path, params),
    clearCache: () => cache.clear(),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
export type { Identity, SupportedChains, WalletsResponse, ExplorerWallet, HistoryResponse, Transaction, TokenPrices } from './schemas'
