import type { CaipNetwork } from '../core/types'

/**
 * Celo: EVM chain 42220.
 */
export const celo: CaipNetwork = {
  id: 42220,
  caipNetworkId: 'eip155:42220',
  chainNamespace: 'eip155',
  name: 'Celo',
  nativeCurrency: { name: 'CELO', symbol: 'CELO', decimals: 18 },
  rpcUrls: { default: { http: ['https://forno.celo.org'] } },
  blockExplorers: { default: { name: 'Celoscan', url: 'https://celoscan.io' } },
  assets: { imageId: 'celo' },
}
