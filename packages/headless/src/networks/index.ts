/**
 * `@portico/headless/networks`: network presets (SPEC §9 "Supported chains"), typed `CaipNetwork`
 * objects to pass to `createPortico({ networks })`.
 *
 * ```ts
 * import { base, mainnet, solana } from '@portico/headless/networks'
 * createPortico({ projectId, networks: [mainnet, base, solana] })
 * ```
 *
 * Each preset is a module of its own with no code beyond its object, so an app that imports
 * `mainnet` carries only `mainnet` (scripts/size.mjs checks it on the `app-mainnet` entry).
 *
 * Every preset has its chain id, CAIP-2 id, name, native currency, public RPC URLs, block explorer
 * and `assets.imageId`: the logo the Portico API serves at `GET /network-images/{imageId}` (the
 * modal shows it; an app may set `assets.imageUrl` to use its own). Testnets share their mainnet's
 * logo and carry `testnet: true`.
 *
 * No public RPC URL (`rpcUrls.default.http` is empty; give your own node's URL to read the chain,
 * wallets sign without one):
 * - `bitcoin`: Bitcoin Core's JSON-RPC is never offered publicly.
 * - `cosmoshub`: the Cosmos Hub runs no endpoint of its own; every public one is a third party's.
 *
 * The EVM URLs are the chains' own public endpoints (rate-limited, for development and light use);
 * production apps should pass a provider's URL. Sepolia's is PublicNode's, and Ethereum's are
 * merkle.io's and PublicNode's: the Ethereum Foundation runs none.
 */

// EVM mainnets
export { mainnet } from './mainnet'
export { base } from './base'
export { arbitrum } from './arbitrum'
export { optimism } from './optimism'
export { polygon } from './polygon'
export { bsc } from './bsc'
export { avalanche } from './avalanche'
export { gnosis } from './gnosis'
export { zksync } from './zksync'
export { linea } from './linea'
export { scroll } from './scroll'
export { celo } from './celo'
export { mantle } from './mantle'
export { blast } from './blast'
export { zora } from './zora'
export { sonic } from './sonic'
export { fantom } from './fantom'
export { moonbeam } from './moonbeam'
export { aurora } from './aurora'
export { polygonZkEvm } from './polygonZkEvm'
// EVM testnets
export { sepolia } from './sepolia'
export { baseSepolia } from './baseSepolia'
export { arbitrumSepolia } from './arbitrumSepolia'
export { optimismSepolia } from './optimismSepolia'
// Solana clusters
export { solana } from './solana'
export { solanaDevnet } from './solanaDevnet'
export { solanaTestnet } from './solanaTestnet'
// The other families' mainnets
export { bitcoin } from './bitcoin'
export { polkadot } from './polkadot'
export { cosmoshub } from './cosmoshub'
export { sui } from './sui'
export { stacks } from './stacks'
