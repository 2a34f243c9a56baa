import type { CaipNetwork } from '../core/types'

/**
 * Linea: EVM chain 59144.
 */
export const linea: CaipNetwork = {
  id: 59144,
  caipNetworkId: 'eip155:59144',
  chainNamespace: 'eip155',
  name: 'Linea',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.linea.build'] } },
  blockExplorers: { default: { name: 'LineaScan', url: 'https://lineascan.build' } },
  assets: { imageId: 'linea' },
}
