export {
  assetNetwork,
  formatUnits,
  parseAmount,
  recipientAddress,
  type SandboxAsset,
  sandboxAssets,
  type SandboxEvmChain,
  type SandboxSolanaChain,
} from './assets.ts'
export { type HotWallet, type HotWalletFunding, InsufficientBalanceError } from './hot-wallet.ts'
export { logoDataUri } from './page.ts'
export {
  DEFAULT_HOT_WALLET_FUNDING,
  DEFAULT_SANDBOX_EXCHANGES,
  EXCHANGE_HOT_WALLET_INDEXES,
  type ExchangeSandbox,
  lowBalanceExchange,
  type SandboxBuyStatus,
  type SandboxExchange,
  type SandboxSession,
  type SandboxSessionState,
  type StartExchangeSandboxOptions,
  startExchangeSandbox,
} from './sandbox.ts'
