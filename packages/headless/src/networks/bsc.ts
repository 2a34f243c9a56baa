import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://bsc-dataseed.bnbchain.org'] }

/**
 * BNB Smart Chain: EVM chain 56.
 */
export const bsc: CaipNetwork = {
  id: 56,
  caipNetworkId: 'eip155:56',
  chainNamespace: 'eip155',
  name: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'BscScan', url: 'https://bscscan.com' } },
  assets: { imageId: 'bnb' },
}
