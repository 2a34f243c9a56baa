import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://polygon-rpc.com'] }

/**
 * Polygon: EVM chain 137.
 */
export const polygon: CaipNetwork = {
  id: 137,
  caipNetworkId: 'eip155:137',
  chainNamespace: 'eip155',
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
  assets: { imageId: 'polygon' },
}
