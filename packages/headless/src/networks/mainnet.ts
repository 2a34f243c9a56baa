import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://eth.merkle.io', 'https://ethereum-rpc.publicnode.com'] }

/**
 * Ethereum: EVM chain 1.
 */
export const mainnet: CaipNetwork = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
  assets: { imageId: 'ethereum' },
}
