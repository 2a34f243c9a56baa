import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://rpc.mantle.xyz'] }

/**
 * Mantle: EVM chain 5000.
 */
export const mantle: CaipNetwork = {
  id: 5000,
  caipNetworkId: 'eip155:5000',
  chainNamespace: 'eip155',
  name: 'Mantle',
  nativeCurrency: { name: 'Mantle', symbol: 'MNT', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Mantle Explorer', url: 'https://explorer.mantle.xyz' } },
  assets: { imageId: 'mantle' },
}
