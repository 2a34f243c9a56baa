import type { CaipNetwork } from '../core/types'

/**
 * Arbitrum Sepolia: EVM chain 421614.
 */
export const arbitrumSepolia: CaipNetwork = {
  id: 421614,
  caipNetworkId: 'eip155:421614',
  chainNamespace: 'eip155',
  name: 'Arbitrum Sepolia',
  nativeCurrency: { name: 'Arbitrum Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia-rollup.arbitrum.io/rpc'] } },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://sepolia.arbiscan.io' } },
  assets: { imageId: 'arbitrum' },
  testnet: true,
}
