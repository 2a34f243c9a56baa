import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://arb1.arbitrum.io/rpc'] }

/**
 * Arbitrum One: EVM chain 42161.
 */
export const arbitrum: CaipNetwork = {
  id: 42161,
  caipNetworkId: 'eip155:42161',
  chainNamespace: 'eip155',
  name: 'Arbitrum One',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
  assets: { imageId: 'arbitrum' },
}
