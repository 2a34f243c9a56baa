import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://rpc.linea.build'] }

/**
 * Linea: EVM chain 59144.
 */
export const linea: CaipNetwork = {
  id: 59144,
  caipNetworkId: 'eip155:59144',
  chainNamespace: 'eip155',
  name: 'Linea',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'LineaScan', url: 'https://lineascan.build' } },
  assets: { imageId: 'linea' },
}
