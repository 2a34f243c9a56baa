/**
 * The Portico API client: one HTTP core (`./http`: SPEC §7 query parameters, §9 TTL cache, shared
 * in-flight GETs, bounded retries, abort, timeout, body size cap, §8 texts) and one client per
 * concern over it, each parsing its responses with the wire schemas of @portico/protocol.
 *
 * Every client, and the HTTP core under them, loads with `import()` on its first call, with its
 * wire schemas: the account client when a connection asks for balances, the explorer client when
 * the modal opens, the clients of the flows that only some apps use (convert, profile, onramp,
 * exchange, analytics) when those flows start. A page with only a connect button carries none of it.
 *
 * ```ts
 * const api = createApiClient({ baseUrl, projectId, sdkType, sdkVersion })
 * await api.account.getBalance(address, { chainId: 'eip155:1' })
 * await api.explorer.getWallets({ page: 1 })
 * ```
 */
import { ERRORS, PorticoError } from '../core/errors'
import type { AccountClient } from './account'
import type { AnalyticsCore } from './analytics'
import type { CaptureClient } from './capture'
import type { ConvertClient } from './convert'
import type { ExchangeClient } from './exchange'
import type { ExplorerClient } from './explorer'
import type { Http, HttpOptions } from './http'
import type { OnrampClient } from './onramp'
import type { ProfileClient } from './profile'
import type { SiwxApi } from './siwx'

/** Path of the exchange JSON-RPC on the API host when `exchangeUrl` is not given. */
export const EXCHANGE_RPC_PATH = '/v1/json-rpc'

/** Analytics (SPEC §7): batched events by beacon to /batch, error reports POST /e (5 a minute). */
export interface AnalyticsClient {
  /** Queue an event; the batch goes at 45 KB or when the page is hidden. */
  track(event: string, properties?: Record<string, unknown>): void
  /** Send the queued events now; false when there was nothing to send. */
  flush(): Promise<boolean>
  /** POST /e with the error; false when the minute's 5 reports are used up or the report failed. */
  reportError(error: unknown, properties?: Record<string, unknown>): Promise<boolean>
  /** Stop listening to the page (queued events are kept). */
  destroy(): void
}

type AsyncClient<C> = { [K in keyof C]: (...args: never[]) => Promise<unknown> }

/**
 * A concern client whose module loads on its first call. `methods` names every method (the type
 * checks none is missing). A module that fails to load rejects the call with 'Something went
 * wrong' (cause: the import error) and is asked for again on the next call.
 */
function lazyClient<C extends AsyncClient<C>>(methods: Record<keyof C, true>, load: () => Promise<C>): C {
  let loading: Promise<C> | undefined
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw new PorticoError(ERRORS.somethingWentWrong, { cause: error })
    }))
  const out: Record<string, (...args: unknown[]) => Promise<unknown>> = {}
  for (const key of Object.keys(methods)) {
    out[key] = (...args) =>
      get().then((client) => {
        const method = (client as unknown as Record<string, ((...a: unknown[]) => Promise<unknown>) | undefined>)[key]
        if (typeof method !== 'function') throw new Error(`The Portico API client has no method ${key}`)
        return method.apply(client, args)
      })
  }
  return out as unknown as C
}

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
  /** Sign in with the wallet: nonces, sessions and their tokens (POST /v1/siwx/*, GET /v1/siwx/session). */
  siwx: SiwxApi
  /** Email capture (SPEC §1): the visitor's email for the connected account, confirmed by a mailed link. */
  capture: CaptureClient
  /** Forget every cached result. */
  clearCache(): void
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  // The HTTP core loads with the first call of any client (a page that never asks the API carries none of it).
  let core: Http | undefined
  let loading: Promise<Http> | undefined
  const getHttp = (): Promise<Http> =>
    (loading ??= import('./http').then(
      (m) => (core = m.createHttp(options)),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  const baseUrl = options.baseUrl
  const now = options.now ?? (() => Date.now())
  return {
    // The explorer host is asked only once the modal opens (or a hook asks): its client loads then.
    explorer: lazyClient<ExplorerClient>({ getWallets: true, getConfig: true, getOrigins: true, getAnalyticsConfig: true }, async () =>
      (await import('./explorer')).createExplorerClient(await getHttp(), { explorerUrl: options.explorerUrl ?? baseUrl }),
    ),
    account: lazyClient<AccountClient>(
      { getSupportedChains: true, getIdentity: true, getBalance: true, getHistory: true, getTokenPrice: true },
      async () => (await import('./account')).createAccountClient(await getHttp(), { baseUrl }),
    ),
    convert: lazyClient<ConvertClient>(
      {
        getQuotes: true,
        getTokens: true,
        getGasPrice: true,
        getNetworkTokenPrice: true,
        getAllowance: true,
        buildApprove: true,
        buildTransaction: true,
      },
      async () => (await import('./convert')).createConvertClient(await getHttp(), { baseUrl }),
    ),
    profile: lazyClient<ProfileClient>({ lookupName: true, getNamesForAddress: true, getSuggestions: true, register: true }, async () =>
      (await import('./profile')).createProfileClient(await getHttp(), { baseUrl }),
    ),
    onramp: lazyClient<OnrampClient>({ getOptions: true, getQuote: true, generateUrl: true }, async () =>
      (await import('./onramp')).createOnrampClient(await getHttp(), { baseUrl }),
    ),
    exchange: lazyClient<ExchangeClient>({ getExchanges: true, getPayUrl: true, getBuyStatus: true }, async () =>
      (await import('./exchange')).createExchangeClient(await getHttp(), {
        endpoint: options.exchangeUrl ?? `${baseUrl.replace(/\/+$/, '')}${EXCHANGE_RPC_PATH}`,
      }),
    ),
    analytics: lazyAnalytics(
      async () =>
        (await import('./analytics')).createAnalyticsClient(await getHttp(), {
          analyticsUrl: options.analyticsUrl ?? baseUrl,
          now,
          sendBeacon: options.sendBeacon,
          onPageHidden: options.onPageHidden,
        }),
      now,
    ),
    siwx: lazyClient<SiwxApi>({ nonce: true, createSession: true, getSession: true, revokeSession: true }, async () =>
      (await import('./siwx')).createSiwxApi(await getHttp(), { apiUrl: baseUrl }),
    ),
    capture: lazyClient<CaptureClient>({ submit: true }, async () =>
      (await import('./capture')).createCaptureClient(await getHttp(), { baseUrl }),
    ),
    clearCache: () => core?.clearCache(),
  }
}

/** The analytics client over its lazily loaded module: events keep their order and their time. */
function lazyAnalytics(load: () => Promise<AnalyticsCore>, now: () => number): AnalyticsClient {
  let core: AnalyticsCore | undefined
  let loading: Promise<AnalyticsCore> | undefined
  const get = () =>
    (loading ??= load().then(
      (loaded) => (core = loaded),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  return {
    track(event, properties) {
      const at = now()
      if (core) core.track(event, properties, at)
      else
        get().then(
          (c) => c.track(event, properties, at),
          () => {},
        )
    },
    async flush() {
      if (!core && !loading) return false
      try {
        return (await get()).flush()
      } catch {
        return false
      }
    },
    async reportError(error, properties) {
      try {
        return await (await get()).reportError(error, properties)
      } catch {
        return false
      }
    },
    destroy() {
      core?.destroy()
    },
  }
}

export { HTTP_DEFAULTS, HttpStatusError, RequestFailure, type RequestFailureKind } from './failures'
export type { CallOptions, HttpOptions } from './http'
export type { AllowedOriginsResult, ConfigOptions, ExplorerClient, RemoteConfig, WalletsQuery } from './explorer'
export type { CaptureClient } from './capture'
export type { AccountClient, BalanceQuery, HistoryQuery, Identity, PriceOptions } from './account'
export type { ConvertClient } from './convert'
export type { ProfileClient } from './profile'
export type { SiwxApi } from './siwx'
export type { OnrampClient } from './onramp'
export type { ExchangeClient, JsonRpcFailure } from './exchange'
export type { SupportedChains, WalletsResponse, ExplorerWallet, HistoryResponse, Transaction, TokenPrices } from './schemas'
