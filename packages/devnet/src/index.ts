// Node-side entry of @portico/devnet: local chains, contract fixtures, network definitions.
// The browser dev wallet lives in '@portico/devnet/wallet' (src/wallet/index.ts).
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
export { type ContractArtifact, Token } from './fixtures/index.ts'
