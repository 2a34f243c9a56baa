import type { CaipNetwork } from '../core/types'

/**
 * Gnosis: EVM chain 100.
 */
export const gnosis: CaipNetwork = {
  id: 100,
  caipNetworkId: 'eip155:100',
  chainNamespace: 'eip155',
  name: 'Gnosis',
  nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.gnosischain.com'] } },
  blockExplorers: { default: { name: 'Gnosisscan', url: 'https://gnosisscan.io' } },
  assets: { imageId: 'gnosis' },
}
