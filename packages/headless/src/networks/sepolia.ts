import type { CaipNetwork } from '../core/types'

/**
 * Sepolia: EVM chain 11155111.
 */
export const sepolia: CaipNetwork = {
  id: 11155111,
  caipNetworkId: 'eip155:11155111',
  chainNamespace: 'eip155',
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://ethereum-sepolia-rpc.publicnode.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
  assets: { imageId: 'ethereum' },
  testnet: true,
}
