import type { Database } from '../db/types.ts'
import { createRpcConvertProvider, type ConvertProvider } from './convert.ts'
export {
  createOnrampProviders,
  createSandboxOnrampProvider,
  DEFAULT_ONRAMP_TIMEOUT_MS,
  ONRAMP_ADAPTERS,
  ONRAMP_CATALOGUE_TTL_MS,
  OnrampRefusal,
  type OnrampCatalogue,
  type OnrampCatalogueNetwork,
  type OnrampProvider,
  type OnrampProviderQuote,
  type OnrampQuoteInput,
  type OnrampSessionInput,
  type OnrampSessionStatus,
} from './onramp.ts'
import { createRpcBalanceProvider, type BalanceProvider } from './evm-balances.ts'
import type { ChainConfig, ExchangeProviderConfig } from '../config.ts'
import { combineExchangeProviders, createExchangeProvider, type ExchangeProvider } from './exchange.ts'
import { createRpcEnsProvider, DEFAULT_ENS_TIMEOUT_MS, type EnsProvider } from './ens.ts'
import { createIdentityProvider, createNamesIdentityProvider, type IdentityProvider } from './identity.ts'
import { createBuiltinNetworkImages, type NetworkImageProvider } from './network-images.ts'
import { createTablePriceProvider, type PriceProvider } from './prices.ts'
import { createRpcSignatureVerifier, type SignatureVerifier } from './signatures.ts'
import { createSolanaBalanceProvider, type SolanaBalanceProvider } from './solana-balances.ts'
import { createSolanaHistoryProvider, type SolanaHistoryProvider } from './solana-history.ts'
import { createCommittedWalletCatalogue, type WalletCatalogue } from './wallets.ts'
import { createOnrampProviders, type OnrampProvider } from './onramp.ts'
import { createHttpRpcUpstreams, type RpcUpstreams } from './rpc-upstream.ts'
import type { OnrampConfig } from '../config.ts'

/** Every source of data the routes read, one per concern; each can be swapped through AppConfig.providers. */
export type Providers = {
  /** EVM balances (default: JSON-RPC reads with viem). */
  evmBalances: BalanceProvider
  /** Solana balances (default: JSON-RPC reads with @solana/kit). */
  solanaBalances: SolanaBalanceProvider
  /** Solana history, read on demand (default: getSignaturesForAddress + getTransaction with @solana/kit). */
  solanaHistory: SolanaHistoryProvider
  /** USD prices (default: the USD_PRICES table). */
  prices: PriceProvider
  /** The wallet explorer's catalogue (default: the committed catalogue). */
  wallets: WalletCatalogue
  /**
   * Names and avatars of addresses (default: the names registered in the database, then the ENS
   * primary name on the chains with an ENS deployment, through `ens`).
   */
  identity: IdentityProvider
  /** ENS primary names and name resolution on the chains with `ens` configured (default: viem over JSON-RPC, cached 5 min). */
  ens: EnsProvider
  /** Network logos by imageId (default: the logos of the network presets, images/networks.ts). */
  networkImages: NetworkImageProvider
  /** Signed-message checks of EOAs and smart accounts, for name registration (default: ECDSA, then ERC-1271/6492 over JSON-RPC). */
  signatures: SignatureVerifier
  /** Swaps on the chains with `swap` configured: router, pools, allowances, gas (default: viem over JSON-RPC, createRpcConvertProvider). */
  convert: ConvertProvider
  /**
   * Pay with exchange (POST /v1/json-rpc): the exchanges, their pay pages and payment statuses
   * (default: the `exchanges` config entries combined; none configured lists no exchange).
   */
  exchange: ExchangeProvider
  /** On-ramp providers, in the order offered (default: the adapters of the `onramp.providers` config, createOnrampProviders). */
  onramp: readonly OnrampProvider[]
  /** The chains' upstream RPC endpoints behind the RPC proxy, POST /v1/ (default: createHttpRpcUpstreams over `rpcUpstreams`). */
  rpc: RpcUpstreams
}

/** `overrides` over the default providers. */
export function resolveProviders(
  overrides: Partial<Providers> | undefined,
  defaults: {
    db: Database
    rpcTimeoutMs?: number
    chains?: readonly ChainConfig[]
    exchanges?: readonly ExchangeProviderConfig[]
    onramp?: OnrampConfig
    /** The RPC proxy's upstream URLs per CAIP-2 id, and its per-attempt timeout. */
    rpcUpstreams?: Readonly<Record<string, readonly string[]>>
    rpcProxyTimeoutMs?: number
  },
): Providers {
  // ENS reads get a short timeout (at most DEFAULT_ENS_TIMEOUT_MS): identity must not hang on a dead chain.
  const ens =
    overrides?.ens ?? createRpcEnsProvider({ timeoutMs: Math.min(defaults.rpcTimeoutMs ?? DEFAULT_ENS_TIMEOUT_MS, DEFAULT_ENS_TIMEOUT_MS) })
  return {
    evmBalances: overrides?.evmBalances ?? createRpcBalanceProvider({ timeoutMs: defaults.rpcTimeoutMs }),
    solanaBalances: overrides?.solanaBalances ?? createSolanaBalanceProvider(),
    solanaHistory: overrides?.solanaHistory ?? createSolanaHistoryProvider(),
    prices: overrides?.prices ?? createTablePriceProvider(),
    wallets: overrides?.wallets ?? createCommittedWalletCatalogue(),
    identity:
      overrides?.identity ??
      createIdentityProvider({ names: createNamesIdentityProvider(defaults.db), ens, chains: defaults.chains ?? [] }),
    ens,
    networkImages: overrides?.networkImages ?? createBuiltinNetworkImages(),
    signatures: overrides?.signatures ?? createRpcSignatureVerifier({ timeoutMs: defaults.rpcTimeoutMs }),
    convert: overrides?.convert ?? createRpcConvertProvider({ timeoutMs: defaults.rpcTimeoutMs }),
    exchange: overrides?.exchange ?? combineExchangeProviders((defaults.exchanges ?? []).map(createExchangeProvider)),
    onramp: overrides?.onramp ?? createOnrampProviders(defaults.onramp?.providers ?? [], { timeoutMs: defaults.onramp?.timeoutMs }),
    rpc: overrides?.rpc ?? createHttpRpcUpstreams(defaults.rpcUpstreams ?? {}, { timeoutMs: defaults.rpcProxyTimeoutMs }),
  }
}

export { createRpcBalanceProvider, type BalanceProvider, type ChainBalances } from './evm-balances.ts'
export { createSolanaBalanceProvider, type SolanaBalanceProvider, type SolanaBalances } from './solana-balances.ts'
export { createSolanaHistoryProvider, type SolanaHistoryPage, type SolanaHistoryProvider } from './solana-history.ts'
export { createTablePriceProvider, priceOf, USD_PRICES, type PricedAsset, type PriceProvider } from './prices.ts'
export { createCommittedWalletCatalogue, type WalletCatalogue } from './wallets.ts'
export { createIdentityProvider, createNamesIdentityProvider, type Identity, type IdentityProvider } from './identity.ts'
export {
  avatarUrl,
  createRpcEnsProvider,
  DEFAULT_ENS_TIMEOUT_MS,
  ENS_CACHE_TTL_MS,
  type EnsChain,
  type EnsName,
  type EnsProvider,
  type EnsRecord,
  normalizedEnsName,
} from './ens.ts'
export { createBuiltinNetworkImages, type NetworkImageProvider } from './network-images.ts'
export { createRpcSignatureVerifier, type SignatureVerifier } from './signatures.ts'
export {
  createRpcConvertProvider,
  INSUFFICIENT_LIQUIDITY,
  type ConvertProvider,
  type RouterInfo,
  type SwapChain,
  type SwapQuote,
  type SwapToken,
} from './convert.ts'
export {
  combineExchangeProviders,
  createExchangeProvider,
  createNoExchangeProvider,
  createSandboxExchangeProvider,
  ExchangeError,
  type ExchangeBuyStatus,
  type ExchangeErrorKind,
  type ExchangeInfo,
  type ExchangeListRequest,
  type ExchangePayRequest,
  type ExchangeProvider,
  type ExchangeStatusRequest,
} from './exchange.ts'
export {
  createHttpRpcUpstreams,
  DEFAULT_RPC_PROXY_TIMEOUT_MS,
  type RpcUpstreams,
  type UpstreamAnswer,
  type UpstreamCall,
} from './rpc-upstream.ts'
