import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://sepolia.optimism.io'] }

/**
 * OP Sepolia: EVM chain 11155420.
 */
export const optimismSepolia: CaipNetwork = {
  id: 11155420,
  caipNetworkId: 'eip155:11155420',
  chainNamespace: 'eip155',
  name: 'OP Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://sepolia-optimism.etherscan.io' } },
  assets: { imageId: 'optimism' },
  testnet: true,
}
