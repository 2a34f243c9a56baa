import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://mainnet.aurora.dev'] }

/**
 * Aurora: EVM chain 1313161554.
 */
export const aurora: CaipNetwork = {
  id: 1313161554,
  caipNetworkId: 'eip155:1313161554',
  chainNamespace: 'eip155',
  name: 'Aurora',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Aurora Explorer', url: 'https://explorer.aurora.dev' } },
  assets: { imageId: 'aurora' },
}
