import type { CaipNetwork } from '../core/types'

/**
 * Base: EVM chain 8453.
 */
export const base: CaipNetwork = {
  id: 8453,
  caipNetworkId: 'eip155:8453',
  chainNamespace: 'eip155',
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
  assets: { imageId: 'base' },
}
