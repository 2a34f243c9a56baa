import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://mainnet.era.zksync.io'] }

/**
 * ZKsync Era: EVM chain 324.
 */
export const zksync: CaipNetwork = {
  id: 324,
  caipNetworkId: 'eip155:324',
  chainNamespace: 'eip155',
  name: 'ZKsync Era',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'ZKsync Explorer', url: 'https://explorer.zksync.io' } },
  assets: { imageId: 'zksync' },
}
