import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://api.avax.network/ext/bc/C/rpc'] }

/**
 * Avalanche: EVM chain 43114.
 */
export const avalanche: CaipNetwork = {
  id: 43114,
  caipNetworkId: 'eip155:43114',
  chainNamespace: 'eip155',
  name: 'Avalanche',
  nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'SnowTrace', url: 'https://snowtrace.io' } },
  assets: { imageId: 'avalanche' },
}
