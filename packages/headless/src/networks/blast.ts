import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://rpc.blast.io'] }

/**
 * Blast: EVM chain 81457.
 */
export const blast: CaipNetwork = {
  id: 81457,
  caipNetworkId: 'eip155:81457',
  chainNamespace: 'eip155',
  name: 'Blast',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Blastscan', url: 'https://blastscan.io' } },
  assets: { imageId: 'blast' },
}
