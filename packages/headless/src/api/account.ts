/**
 * Toolkit API host, the account's calls (SPEC §7, §9): supported chains, identity (5 min), token
 * balances (30 s, forceUpdate), history (15 s) and token prices (15 s). Each method ends a failure
 * other than an HTTP status with its catalogue text (SPEC §8).
 */
import {
  balanceResponseSchema,
  historyResponseSchema,
  identitySchema,
  priceResponseSchema,
  supportedChainsSchema,
  type HistoryResponse,
  type PriceRequest,
  type SupportedChains,
  type TokenBalance,
  type TokenPrices,
} from '@portico/protocol/account'
import { ERRORS } from '../core/errors'
import { CACHE_TTL } from './ttl'
import type { CallOptions, Http } from './http'
import type { Identity } from './schemas'

export interface BalanceQuery extends CallOptions {
  /** CAIP-2 id of the chain, e.g. 'eip155:1'. */
  chainId: string
  /** @default 'usd' */
  currency?: string
  /** Skip the 30 s cache and ask the server to refresh. @default false */
  forceUpdate?: boolean
}

export interface HistoryQuery extends CallOptions {
  /** CAIP-2 id of the chain whose transactions are listed. */
  chainId?: string
  /** The `next` of the previous page. */
  cursor?: string
}

export interface PriceOptions extends CallOptions {
  /** @default 'usd' */
  currency?: string
}

export interface AccountClient {
  /** GET /v1/supported-chains → CAIP-2 ids over HTTP and websocket. Failure text: 'Something went wrong'. */
  getSupportedChains(options?: CallOptions): Promise<SupportedChains>
  /** GET /v1/identity/{address} → name and avatar (cached 5 min). Failure text: 'Something went wrong'. */
  getIdentity(address: string, options?: CallOptions): Promise<Identity>
  /**
   * GET /v1/account/{address}/balance (cached 30 s unless forceUpdate). Tokens whose decimals are '0'
   * are dropped (SPEC §5). Failure text: 'Token Balance Unavailable'.
   */
  getBalance(address: string, query: BalanceQuery): Promise<TokenBalance[]>
  /** GET /v1/account/{address}/history (cached 15 s). Failure text: 'Failed to fetch transactions'. */
  getHistory(address: string, query?: HistoryQuery): Promise<HistoryResponse>
  /** POST /v1/fungible/price (cached 15 s per currency and address list). Failure text: 'Cannot get token price'. */
  getTokenPrice(addresses: string[], options?: PriceOptions): Promise<TokenPrices>
}

/** POST /v1/fungible/price with a caller's catalogue text (the swap flow asks it as 'Failed to fetch network token price'). */
export function requestTokenPrice(
  http: Http,
  baseUrl: string,
  addresses: string[],
  options: PriceOptions,
  errorText: string,
): Promise<TokenPrices> {
  const body: PriceRequest = { currency: options.currency ?? 'usd', addresses, projectId: http.options.projectId }
  return http.request({
    method: 'POST',
    url: http.url(baseUrl, '/v1/fungible/price'),
    body,
    schema: priceResponseSchema,
    errorText,
    ttl: CACHE_TTL.tokenPrice,
    signal: options.signal,
  })
}

export type { Identity }

export function createAccountClient(http: Http, config: { baseUrl: string }): AccountClient {
  const base = config.baseUrl
  const at = (address: string, rest: string) => `/v1/account/${encodeURIComponent(address)}${rest}`
  return {
    getSupportedChains: (options = {}) =>
      http.request({
        url: http.url(base, '/v1/supported-chains'),
        schema: supportedChainsSchema,
        errorText: ERRORS.somethingWentWrong,
        signal: options.signal,
      }),

    async getIdentity(address, options = {}) {
      const data = await http.request({
        url: http.url(base, `/v1/identity/${encodeURIComponent(address)}`),
        schema: identitySchema,
        errorText: ERRORS.somethingWentWrong,
        ttl: CACHE_TTL.identity,
        signal: options.signal,
      })
      return { name: data.name ?? null, avatar: data.avatar ?? null }
    },

    async getBalance(address, query) {
      const data = await http.request({
        url: http.url(base, at(address, '/balance'), {
          currency: query.currency ?? 'usd',
          chainId: query.chainId,
          forceUpdate: query.forceUpdate ? true : undefined,
        }),
        schema: balanceResponseSchema,
        errorText: ERRORS.tokenBalanceUnavailable,
        ttl: CACHE_TTL.balance,
        fresh: query.forceUpdate === true,
        signal: query.signal,
      })
      return data.balances.filter((b) => b.quantity.decimals !== '0')
    },

    getHistory: (address, query = {}) =>
      http.request({
        url: http.url(base, at(address, '/history'), { chainId: query.chainId, cursor: query.cursor }),
        schema: historyResponseSchema,
        errorText: ERRORS.fetchTransactions,
        ttl: CACHE_TTL.history,
        signal: query.signal,
      }),

    getTokenPrice: (addresses, options = {}) => requestTokenPrice(http, base, addresses, options, ERRORS.tokenPrice),
  }
}
