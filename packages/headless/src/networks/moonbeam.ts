import type { CaipNetwork } from '../core/types'

/**
 * Moonbeam: EVM chain 1284.
 */
export const moonbeam: CaipNetwork = {
  id: 1284,
  caipNetworkId: 'eip155:1284',
  chainNamespace: 'eip155',
  name: 'Moonbeam',
  nativeCurrency: { name: 'Glimmer', symbol: 'GLMR', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.api.moonbeam.network'] } },
  blockExplorers: { default: { name: 'Moonscan', url: 'https://moonscan.io' } },
  assets: { imageId: 'moonbeam' },
}
