import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://rpc.scroll.io'] }

/**
 * Scroll: EVM chain 534352.
 */
export const scroll: CaipNetwork = {
  id: 534352,
  caipNetworkId: 'eip155:534352',
  chainNamespace: 'eip155',
  name: 'Scroll',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Scrollscan', url: 'https://scrollscan.com' } },
  assets: { imageId: 'scroll' },
}
