import type { CaipNetwork } from '../core/types'

/**
 * Aurora: EVM chain 1313161554.
 */
export const aurora: CaipNetwork = {
  id: 1313161554,
  caipNetworkId: 'eip155:1313161554',
  chainNamespace: 'eip155',
  name: 'Aurora',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.aurora.dev'] } },
  blockExplorers: { default: { name: 'Aurora Explorer', url: 'https://explorer.aurora.dev' } },
  assets: { imageId: 'aurora' },
}
