export {
  deriveWcWalletAccounts,
  ed25519PublicKey,
  WC_WALLET_CHAINS,
  WC_WALLET_PATHS,
  type WcWalletAccounts,
} from './accounts.ts'
export {
  bech32Encode,
  blake2b,
  cosmosAddress,
  hash160,
  p2wpkhAddress,
  ss58Address,
  STACKS_VERSION,
  stacksAddress,
  stacksAddressFromHash160,
  suiAddress,
} from './addresses.ts'
export { WC_DEV_WALLET_ICON, WC_DEV_WALLET_NAME } from './icon.ts'
export {
  type StartWcWalletOptions,
  startWcWallet,
  WC_WALLET_EVENTS,
  WC_WALLET_METHODS,
  type WcProposal,
  type WcRequest,
  type WcRequestLogEntry,
  type WcWallet,
} from './wallet.ts'
export {
  aminoSignBytes,
  bitcoinMessageHash,
  bitcoinSignMessage,
  cosmosSign,
  deriveWcWalletKeys,
  directSignBytes,
  polkadotSignMessage,
  stacksSignMessage,
  stacksMessageHash,
  suiPersonalMessageDigest,
  suiSignPersonalMessage,
  type WcWalletKeys,
  wrapPolkadotBytes,
} from './signing.ts'
