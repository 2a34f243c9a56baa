import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://forno.celo.org'] }

/**
 * Celo: EVM chain 42220.
 */
export const celo: CaipNetwork = {
  id: 42220,
  caipNetworkId: 'eip155:42220',
  chainNamespace: 'eip155',
  name: 'Celo',
  nativeCurrency: { name: 'CELO', symbol: 'CELO', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Celoscan', url: 'https://celoscan.io' } },
  assets: { imageId: 'celo' },
}
