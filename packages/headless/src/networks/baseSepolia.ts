import type { CaipNetwork } from '../core/types'

/**
 * Base Sepolia: EVM chain 84532.
 */
export const baseSepolia: CaipNetwork = {
  id: 84532,
  caipNetworkId: 'eip155:84532',
  chainNamespace: 'eip155',
  name: 'Base Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://sepolia.basescan.org' } },
  assets: { imageId: 'base' },
  testnet: true,
}
