import type { CaipNetwork } from '../core/types'

/**
 * Polygon zkEVM: EVM chain 1101.
 */
export const polygonZkEvm: CaipNetwork = {
  id: 1101,
  caipNetworkId: 'eip155:1101',
  chainNamespace: 'eip155',
  name: 'Polygon zkEVM',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://zkevm-rpc.com'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://zkevm.polygonscan.com' } },
  assets: { imageId: 'polygon-zkevm' },
}
