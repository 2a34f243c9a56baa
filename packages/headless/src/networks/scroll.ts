import type { CaipNetwork } from '../core/types'

/**
 * Scroll: EVM chain 534352.
 */
export const scroll: CaipNetwork = {
  id: 534352,
  caipNetworkId: 'eip155:534352',
  chainNamespace: 'eip155',
  name: 'Scroll',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.scroll.io'] } },
  blockExplorers: { default: { name: 'Scrollscan', url: 'https://scrollscan.com' } },
  assets: { imageId: 'scroll' },
}
