import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://sepolia-rollup.arbitrum.io/rpc'] }

/**
 * Arbitrum Sepolia: EVM chain 421614.
 */
export const arbitrumSepolia: CaipNetwork = {
  id: 421614,
  caipNetworkId: 'eip155:421614',
  chainNamespace: 'eip155',
  name: 'Arbitrum Sepolia',
  nativeCurrency: { name: 'Arbitrum Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://sepolia.arbiscan.io' } },
  assets: { imageId: 'arbitrum' },
  testnet: true,
}
