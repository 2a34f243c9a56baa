// Browser entry of @portico/devnet ('@portico/devnet/wallet'): the dev wallet. No node: imports,
// and nothing touches window/document until installDevWallet / mountDevWalletUi is called.
export { DEVNET_MNEMONIC } from '../constants.ts'
export {
  createDevWalletCore,
  type DevWalletChain,
  type DevWalletCore,
  type DevWalletNativeCurrency,
  type DevWalletOptions,
  type DevWalletProvider,
  type DevWalletState,
  isLoopbackUrl,
  type PendingKind,
  type PendingRequest,
  type ProviderEvent,
  REQUEST_LOG_LIMIT,
  type RequestArguments,
} from './core.ts'
export {
  ATOMICITY_NOT_SUPPORTED,
  DUPLICATE_ID,
  UNKNOWN_BUNDLE_ID,
  UNSUPPORTED_CHAIN_ID,
  UNSUPPORTED_NON_OPTIONAL_CAPABILITY,
} from './calls.ts'
export {
  DISCONNECTED,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  ProviderRpcError,
  UNAUTHORIZED,
  UNRECOGNIZED_CHAIN,
  UNSUPPORTED_METHOD,
  USER_REJECTED,
} from './errors.ts'
export { DEV_WALLET_ICON, DEV_WALLET_ICON_BASE64 } from './icon.ts'
export {
  createSolanaDevWallet,
  type CreateSolanaDevWalletOptions,
  type DevWalletSolanaOptions,
  type SolanaDevWallet,
  type SolanaDevWalletState,
} from './solana-wallet.ts'
export { type SolanaKey, solanaKeys } from './solana-keys.ts'
export {
  DEV_WALLET_NAME,
  DEV_WALLET_RDNS,
  type DevWalletController,
  type Eip6963ProviderInfo,
  type InstallDevWalletOptions,
  installDevWallet,
} from './install.ts'
export { createMemoryStorage, type KeyValueStorage } from './storage.ts'
export { type DevWalletUi, type DevWalletUiOptions, mountDevWalletUi } from './ui.ts'
