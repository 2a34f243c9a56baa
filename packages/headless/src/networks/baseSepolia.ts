import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://sepolia.base.org'] }

/**
 * Base Sepolia: EVM chain 84532.
 */
export const baseSepolia: CaipNetwork = {
  id: 84532,
  caipNetworkId: 'eip155:84532',
  chainNamespace: 'eip155',
  name: 'Base Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Basescan', url: 'https://sepolia.basescan.org' } },
  assets: { imageId: 'base' },
  testnet: true,
}
