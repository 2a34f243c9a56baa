import type { CaipNetwork } from '../core/types'

/**
 * Sonic: EVM chain 146.
 */
export const sonic: CaipNetwork = {
  id: 146,
  caipNetworkId: 'eip155:146',
  chainNamespace: 'eip155',
  name: 'Sonic',
  nativeCurrency: { name: 'Sonic', symbol: 'S', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.soniclabs.com'] } },
  blockExplorers: { default: { name: 'SonicScan', url: 'https://sonicscan.org' } },
  assets: { imageId: 'sonic' },
}
