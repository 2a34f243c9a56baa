import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://zkevm-rpc.com'] }

/**
 * Polygon zkEVM: EVM chain 1101.
 */
export const polygonZkEvm: CaipNetwork = {
  id: 1101,
  caipNetworkId: 'eip155:1101',
  chainNamespace: 'eip155',
  name: 'Polygon zkEVM',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://zkevm.polygonscan.com' } },
  assets: { imageId: 'polygon-zkevm' },
}
