import type { CaipNetwork } from '../core/types'

/**
 * Blast: EVM chain 81457.
 */
export const blast: CaipNetwork = {
  id: 81457,
  caipNetworkId: 'eip155:81457',
  chainNamespace: 'eip155',
  name: 'Blast',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.blast.io'] } },
  blockExplorers: { default: { name: 'Blastscan', url: 'https://blastscan.io' } },
  assets: { imageId: 'blast' },
}
