import type { CaipNetwork } from '../core/types'

/**
 * OP Sepolia: EVM chain 11155420.
 */
export const optimismSepolia: CaipNetwork = {
  id: 11155420,
  caipNetworkId: 'eip155:11155420',
  chainNamespace: 'eip155',
  name: 'OP Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.optimism.io'] } },
  blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://sepolia-optimism.etherscan.io' } },
  assets: { imageId: 'optimism' },
  testnet: true,
}
