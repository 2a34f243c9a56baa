import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://rpc.api.moonbeam.network'] }

/**
 * Moonbeam: EVM chain 1284.
 */
export const moonbeam: CaipNetwork = {
  id: 1284,
  caipNetworkId: 'eip155:1284',
  chainNamespace: 'eip155',
  name: 'Moonbeam',
  nativeCurrency: { name: 'Glimmer', symbol: 'GLMR', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Moonscan', url: 'https://moonscan.io' } },
  assets: { imageId: 'moonbeam' },
}
