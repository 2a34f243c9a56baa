export {
  DEVNET_ONRAMP_TREASURY_INDEX,
  SANDBOX_FIAT_RATES,
  SANDBOX_ONRAMP_PROVIDERS,
  SANDBOX_TEST_CARDS,
  SANDBOX_TOKEN_PRICES,
  type SandboxFiatCurrency,
  type SandboxOnrampProvider,
} from './providers.ts'
export {
  computeQuote,
  FIAT_DECIMALS,
  fiatForPurchase,
  formatFiat,
  formatUnitsTrimmed,
  limitError,
  type MethodLimit,
  parseUnitsExact,
  PURCHASE_MAX_DECIMALS,
  providerFeeCents,
  type Quote,
  type QuoteInput,
} from './quote.ts'
export {
  type OnrampSandbox,
  type OnrampSandboxSession,
  type OnrampSessionStatus,
  type PayOutcome,
  type StartOnrampSandboxOptions,
  startOnrampSandbox,
} from './sandbox.ts'
export { networkSlug, type SandboxAsset, type SandboxEvmChain, type SandboxSolanaChain, TREASURY_FUNDING } from './treasury.ts'
