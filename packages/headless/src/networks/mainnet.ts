import type { CaipNetwork } from '../core/types'

/**
 * Ethereum: EVM chain 1.
 */
export const mainnet: CaipNetwork = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.merkle.io', 'https://ethereum-rpc.publicnode.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
  assets: { imageId: 'ethereum' },
}
