import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://rpc.soniclabs.com'] }

/**
 * Sonic: EVM chain 146.
 */
export const sonic: CaipNetwork = {
  id: 146,
  caipNetworkId: 'eip155:146',
  chainNamespace: 'eip155',
  name: 'Sonic',
  nativeCurrency: { name: 'Sonic', symbol: 'S', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'SonicScan', url: 'https://sonicscan.org' } },
  assets: { imageId: 'sonic' },
}
