// Node-side entry of @portico/devnet: local chains, contract fixtures, network definitions.
// The browser dev wallet lives in '@portico/devnet/wallet' (src/wallet/index.ts).
export {
  ammFeeRecipient,
  ammPairAddress,
  DEVNET_AMM_ADDRESSES,
  DEVNET_AMM_FEE_BPS,
  DEVNET_AMM_FEE_RECIPIENT_INDEX,
  DEVNET_AMM_NONCES,
  DEVNET_AMM_RESERVES,
  type DevnetAmm,
  type DevnetAmmPairName,
  deployAmm,
} from './amm.ts'
export {
  type AnvilInstance,
  anvilBinaryPath,
  DEVNET_MNEMONIC,
  getFreePort,
  type StartAnvilOptions,
  startAnvil,
} from './anvil.ts'
export {
  DEFAULT_DEVNET_CHAINS,
  type Devnet,
  type DevnetCaipNetwork,
  type DevnetChain,
  type DevnetChainOptions,
  type DevnetToken,
  DEVNET_BATCH_EXECUTOR_ADDRESS,
  DEVNET_DEPLOYER_INDEX,
  DEVNET_FUNDED_ACCOUNTS,
  DEVNET_NATIVE_CURRENCY,
  DEVNET_TOKEN_ADDRESSES,
  DEVNET_TOKENS,
  devnetCaipNetworks,
  type NativeCurrency,
  type StartDevnetOptions,
  startDevnet,
  toCaipNetwork,
} from './devnet.ts'
export {
  DEVNET_ENS_ADDRESSES,
  DEVNET_ENS_DEMO_NAME,
  DEVNET_ENS_NONCES,
  DEVNET_ENS_TLD,
  type DevnetEns,
  devnetViemChain,
  dnsEncodeName,
  ensChainContracts,
  type RegisterEnsNameOptions,
  registerEnsName,
  seedDevnetEnsNames,
} from './ens.ts'
export {
  BatchExecutor,
  type ContractArtifact,
  ENSPublicResolver,
  ENSRegistry,
  ENSReverseRegistrar,
  ENSUniversalResolver,
  PorticoFactory,
  PorticoPair,
  PorticoRouter,
  Token,
  WETH9,
} from './fixtures/index.ts'
export { type Relay, RELAY_TAGS, type RelayStats, type StartRelayOptions, startRelay } from './relay/index.ts'
export {
  type CreateMintOptions,
  LAMPORTS_PER_SIGNATURE,
  LAMPORTS_PER_SOL,
  type MintToOptions,
  SOLANA_AUTHORITY_INDEX,
  SOLANA_DEVNET_GENESIS_SEED,
  SOLANA_USDC,
  SOLANA_USDC_MINT_INDEX,
  type SolanaDevnet,
  type SolanaRpcServer,
  solanaDevAddresses,
  solanaDevPath,
  solanaDevPrivateKey,
  solanaDevSigner,
  type StartSolanaDevnetOptions,
  type StartSolanaRpcOptions,
  startSolanaDevnet,
  startSolanaRpc,
} from './solana/index.ts'
export {
  deriveWcWalletAccounts,
  type StartWcWalletOptions,
  startWcWallet,
  WC_WALLET_CHAINS,
  WC_WALLET_EVENTS,
  WC_WALLET_METHODS,
  WC_WALLET_PATHS,
  type WcProposal,
  type WcRequest,
  type WcRequestLogEntry,
  type WcWallet,
  type WcWalletAccounts,
} from './wcwallet/index.ts'
export { type CapturedMail, findCode, type MailFilter, type Mailbox, type StartMailboxOptions, startMailbox, type WaitForFilter } from './mail/index.ts'
export * from './farcaster/index.ts'
export {
  DEFAULT_OIDC_USERS,
  driveOidcAuthorization,
  type OidcClient,
  type OidcProvider,
  type OidcUser,
  type StartOidcProviderOptions,
  startOidcProvider,
} from './oidc/index.ts'
export * from './onramp/index.ts'
