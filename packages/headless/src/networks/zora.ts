import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://rpc.zora.energy'] }

/**
 * Zora: EVM chain 7777777.
 */
export const zora: CaipNetwork = {
  id: 7777777,
  caipNetworkId: 'eip155:7777777',
  chainNamespace: 'eip155',
  name: 'Zora',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Zora Explorer', url: 'https://explorer.zora.energy' } },
  assets: { imageId: 'zora' },
}
