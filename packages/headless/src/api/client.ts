/**
 * The Portico API client: one HTTP core (`./http`: SPEC §7 query parameters, §9 TTL cache, shared
 * in-flight GETs, bounded retries, abort, timeout, body size cap, §8 texts) and one client per
 * concern over it, each parsing its responses with the wire schemas of @portico/protocol.
 *
 * ```ts
 * const api = createApiClient({ baseUrl, projectId, sdkType, sdkVersion })
 * await api.account.getBalance(address, { chainId: 'eip155:1' })
 * await api.explorer.getWallets({ page: 1 })
 * ```
 */
import { createAccountClient, type AccountClient } from './account'
import { createAnalyticsClient, type AnalyticsClient } from './analytics'
import { createConvertClient, type ConvertClient } from './convert'
import { createExchangeClient, EXCHANGE_RPC_PATH, type ExchangeClient } from './exchange'
import { createExplorerClient, type ExplorerClient } from './explorer'
import { createHttp, type HttpOptions } from './http'
import { createOnrampClient, type OnrampClient } from './onramp'
import { createProfileClient, type ProfileClient } from './profile'

export interface ApiClientOptions extends HttpOptions {
  /** Portico API base URL (toolkit API host), e.g. 'http://127.0.0.1:8787'. */
  baseUrl: string
  /** Wallet explorer base URL. @default baseUrl */
  explorerUrl?: string
  /** The exchange JSON-RPC endpoint. @default `${baseUrl}/v1/json-rpc` */
  exchangeUrl?: string
  /** Analytics host base URL (/batch, /e). @default baseUrl */
  analyticsUrl?: string
  /** Sends an analytics batch. @default navigator.sendBeacon when present, else fetch with keepalive */
  sendBeacon?: (url: string, body: string) => boolean
  /** Subscribes the analytics flush to the page being hidden. @default document 'visibilitychange' */
  onPageHidden?: (flush: () => void) => () => void
}

export interface ApiClient {
  /** Wallet explorer host: wallets, remote config, allowed origins, analytics config. */
  explorer: ExplorerClient
  /** Supported chains, identity, balances, history, token prices. */
  account: AccountClient
  /** Swap: quotes, tokens, gas price, allowance, approval and swap transactions. */
  convert: ConvertClient
  /** Name service: resolve, reverse, suggestions, register. */
  profile: ProfileClient
  /** On-ramp: options, quote, provider URL. */
  onramp: OnrampClient
  /** Pay with exchange (JSON-RPC): exchanges, pay URL, buy status. */
  exchange: ExchangeClient
  /** Batched events and error reports. */
  analytics: AnalyticsClient
  /** Forget every cached result. */
  clearCache(): void
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = createHttp(options)
  const baseUrl = options.baseUrl
  return {
    explorer: createExplorerClient(http, { explorerUrl: options.explorerUrl ?? baseUrl }),
    account: createAccountClient(http, { baseUrl }),
    convert: createConvertClient(http, { baseUrl }),
    profile: createProfileClient(http, { baseUrl }),
    onramp: createOnrampClient(http, { baseUrl }),
    exchange: createExchangeClient(http, { endpoint: options.exchangeUrl ?? `${baseUrl.replace(/\/+$/, '')}${EXCHANGE_RPC_PATH}` }),
    analytics: createAnalyticsClient(http, {
      analyticsUrl: options.analyticsUrl ?? baseUrl,
      now: options.now,
      sendBeacon: options.sendBeacon,
      onPageHidden: options.onPageHidden,
    }),
    clearCache: () => http.clearCache(),
  }
}

export { HTTP_DEFAULTS, HttpStatusError, RequestFailure, type CallOptions, type HttpOptions, type RequestFailureKind } from './http'
export type { AllowedOriginsResult, ExplorerClient, WalletsQuery } from './explorer'
export type { AccountClient, BalanceQuery, HistoryQuery, Identity, PriceOptions } from './account'
export type { ConvertClient } from './convert'
export { nameRegistrationMessage, type ProfileClient } from './profile'
export type { OnrampClient } from './onramp'
export { EXCHANGE_RPC_PATH, JsonRpcFailure, type ExchangeClient } from './exchange'
export { ANALYTICS_LIMITS, type AnalyticsClient } from './analytics'
export type { SupportedChains, WalletsResponse, ExplorerWallet, HistoryResponse, Transaction, TokenPrices } from './schemas'
