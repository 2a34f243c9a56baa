import type { CaipNetwork } from '../core/types'

/**
 * Fantom Opera: EVM chain 250.
 */
export const fantom: CaipNetwork = {
  id: 250,
  caipNetworkId: 'eip155:250',
  chainNamespace: 'eip155',
  name: 'Fantom Opera',
  nativeCurrency: { name: 'Fantom', symbol: 'FTM', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpcapi.fantom.network'] } },
  blockExplorers: { default: { name: 'FTMScan', url: 'https://ftmscan.com' } },
  assets: { imageId: 'fantom' },
}
