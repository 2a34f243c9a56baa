/** @portico/headless public API: createPortico, flows' types, adapter contract, validation and formatting. */
export * from './core/errors'
export { codedError, codeOf, errorKeyOf } from './core/codes'
export * from './core/types'
export * from './core/format/index'
export * from './adapters'
export { createPortico, type Portico } from './core/portico'
export type {
  Eip1193Events,
  Eip1193EventName,
  Eip1193Provider,
  Eip1193RequestArguments,
  ProviderNamespace,
  ProviderOptions,
} from './core/provider/types'
export type { ProviderFlow } from './core/provider/provider'
export type { Flows, FlowName, LazyFlows, LazyFlowName, PublicFlow } from './core/host'
export type {
  GetAssetsFilter,
  GrantPermissionsRequest,
  GrantPermissionsResult,
  WalletAsset,
  WalletCallOptions,
  WalletFlow,
} from './core/wallet/wallet'
export { checkWalletCalls } from './core/wallet/calls'
export type { ActivityFlow, ActivityRow, ActivityState } from './core/activity/activity'
export type { NamesFlow, NamesState } from './core/names/names'
export type { GasEstimate, SendFlow, SendState } from './core/send/send'
export type { SendButtonAction, SendButtonLabel, SendButtonState } from './core/send/rules'
export type {
  SentSwap,
  SwapAnalytics,
  SwapFailureEvent,
  SwapFlow,
  SwapLoadingCode,
  SwapPhase,
  SwapPreset,
  SwapState,
  SwapToken,
  SwapTransaction,
  SwapView,
} from './core/swap/swap'
export type {
  SwapButtonAction,
  SwapButtonLabel,
  SwapButtonState,
  SwapGas,
  SwapInputError,
  SwapInputErrorCode,
} from './core/swap/rules'
export type {
  ExchangeFailureReason,
  ExchangeFlow,
  ExchangePayment,
  ExchangePhase,
  ExchangePopup,
  ExchangePreset,
  ExchangeState,
  ExchangeView,
  PaymentAsset,
} from './core/exchange/exchange'
export { isPayWithExchangeAvailable, PAY_WITH_EXCHANGE_NAMESPACES, type PayWithExchangeFlags } from './core/account/payWithExchange'
// Types only: the on-ramp's rules and store are in its lazy chunk (useOnRamp gives limits, presets and quotes ready to show).
export type {
  OnRampAccount,
  OnRampBrowser,
  OnRampFlow,
  OnRampSelectedProvider,
  OnRampState,
  OnRampView,
  OnRampWindow,
} from './core/onramp/onramp'
export type { OnRampAmountError, OnRampQuote } from './core/onramp/rules'
export type { LegalGate, LegalLinks } from './core/legal/legal'
// Sign in with the wallet: the option's types and porticoSiwx (a plain object); the flow is a lazy chunk.
export {
  porticoSiwx,
  type PorticoSiwx,
  type PorticoSiwxOptions,
  type SiwxBehaviour,
  type SiwxConfig,
  type SiwxMessage,
  type SiwxMessageData,
  type SiwxOption,
  type SiwxSession,
} from './core/options/siwx'
export type { SiwxFlow, SiwxState, SiwxStatus } from './core/siwx/siwx'
// The preview engine's types; its code is the lazy flow `preview` (usePreview) and '@portico/headless/preview'.
export type { PreviewFlow, PreviewOptions, PreviewState, PreviewTarget, TokenMeta } from './core/preview/preview'
export type { PreviewRequest } from './core/preview/request'
export type {
  PendingRequest,
  PreviewedMethod,
  RequestPreviewAction,
  RequestPreviewFlow,
  RequestPreviewPhase,
  RequestPreviewState,
} from './core/preview/requests'
export type { AssetChange, FeeEstimate, PriceOf, Revert, SimulationResult } from './core/preview/simulate'
export type {
  AuthorizationPreview,
  BatchPreview,
  CallPreview,
  EvmCall,
  GrantedPermission,
  GrantPreview,
  MessagePreview,
  PermitToken,
  Preview,
  PreviewConfig,
  PreviewFlag,
  SolanaInstructionPreview,
  SolanaTransactionPreview,
  TypedDataPreview,
} from './core/preview/types'
export {
  connectMethodsOrder,
  detectMobile,
  DEFAULT_API_URL,
  NO_API_FEATURES,
  DEFAULT_FEATURES,
  SDK_TYPE,
  SDK_VERSION,
  type Features,
  type Metadata,
  type PorticoOptions,
  type ResolvedOptions,
} from './core/options/options'
export type { FeaturesFlow } from './core/options/features'
// The SPEC §5 display rules run inside the activity flow (lazy): useActivity() gives rows ready to show.
export type { Transfer } from './core/activity/transactions'
export type { IdentityFlow } from './core/account/identity'
export {
  WALLET_FEATURES,
  WALLET_FEATURE_FLAGS,
  WALLET_FEATURE_NAMESPACES,
  WALLET_FEATURE_VIEWS,
  walletFeatures,
  type WalletFeature,
  type WalletFeaturesInput,
} from './core/account/walletFeatures'
export { receiveNetworks, receivePayload } from './core/account/receive'
export type { Timers } from './core/timers'
export { defaultTimers } from './core/timers'
export { STORAGE_KEYS, type RememberedConnection, type StorageLike } from './core/storage/storage'
export type { TransactionAction, TransactionOutcome, Router } from './core/router/router'
export { SHAKE_MS, type ModalState, type OpenOptions, type Modal } from './core/modal/modal'
export type { AccountState, ChainState, GlobalState, NetworkState, TokenBalance, EmbeddedUser, Chain } from './core/chain/chain'
export {
  orderConnectors,
  type Connection,
  type ConnectionAccount,
  type ConnectionFlow,
  type ConnectOptions,
} from './core/connection/connection'
export { AUTH_CONNECTOR_ID, type NetworkFlow, type SwitchRoute } from './core/network/network'
export { networkImageUrl, type NetworkAssets } from './core/network/image'
export {
  afterSwitch,
  nextViewAfterActiveChain,
  type ActiveChainSwitchState,
  type SwitchState,
} from './core/switching/rules'
export type { ProfileWallet, SwitchingFlow } from './core/switching/switching'
export { BALANCE_RETRY_MS, type BalanceFlow } from './core/balance/balance'
export { BANNER_GAP_MS, type BannerState, type BannerVariant, type Banner } from './core/banner/banner'
export type { TooltipState, TooltipVariant, TriggerRect, Tooltip } from './core/tooltip/tooltip'
export type { LegalState, Legal } from './core/legal/legal'
export type { ThemeState, Theme, ResolvedThemeMode, ThemeDeps, ColorSchemeQuery } from './core/theme/theme'
export {
  createApiClient,
  EXCHANGE_RPC_PATH,
  type AccountClient,
  type AllowedOriginsResult,
  type AnalyticsClient,
  type ApiClient,
  type ApiClientOptions,
  type BalanceQuery,
  type CallOptions,
  type ConvertClient,
  type ExchangeClient,
  type ExplorerClient,
  type HistoryQuery,
  type JsonRpcFailure,
  type OnrampClient,
  type PriceOptions,
  type ProfileClient,
  type RequestFailureKind,
  type WalletsQuery,
} from './api/client'
// The failure classes stay with the HTTP core (loaded on first call); a non-OK answer is a
// PorticoError 'HTTP status code: {n}' with `status`, other failures carry `cause.kind`.
export type { HttpStatusError, RequestFailure } from './api/failures'
export type {
  ConvertQuotesResponse,
  ConvertToken,
  ConvertTokensResponse,
  Exchange,
  ExchangeBuyStatus,
  ExplorerWallet,
  GetExchangeBuyStatusResult,
  GetExchangePayUrlResult,
  HistoryResponse,
  Identity,
  NameRecord,
  NameSuggestionsResponse,
  OnrampNetwork,
  OnrampOptionsResponse,
  OnrampPaymentCurrency,
  OnrampPurchaseCurrency,
  OnrampQuoteResponse,
  PaymentMethodLimit,
  SupportedChains,
  TokenPrices,
  Transaction,
  WalletsResponse,
} from './api/schemas'
export { CACHE_TTL } from './api/ttl'
export {
  isPairingExpired,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_LIFETIME_MS,
  PAIRING_RETRY_MS,
  pairingExpiresAt,
  pairingRefreshDelay,
  uriExpiresAt,
} from './core/pairing/pairing'
export {
  EXPLORER_LIMITS,
  addRecentWallet,
  entriesForNamespace,
  markWallets,
  orderWallets,
  type Explorer,
  type ExplorerDeps,
  type ListedWallet,
  type OrderedWallet,
  type OrderWalletsInput,
  type SearchState,
  type SuggestedState,
  type GuideWallet,
  type WalletListEntry,
  type WalletListState,
  walletListEntries,
} from './core/explorer/index'
// Wallet deep links are built in the explorer flow (lazy): usePairing().links gives them.
export type { InstallLink, WalletLinks } from './core/explorer/links'
export * from './core/embedded/index'
export {
  createLocale,
  directionOf,
  intlLocale,
  localeOf,
  LOCALES,
  resolveLocale,
  type Locale,
  type LocaleDeps,
  type LocaleFlow,
  type TextDirection,
} from './core/locale/locale'
export type { OriginState, OriginStatus, ProjectFlow } from './core/project/project'
export type { CaptureAccount, EmailCaptureFlow, EmailCaptureState, EmailCaptureStep } from './core/capture/capture'
export type { RestrictableFeature } from '@portico/protocol/explorer'
