import type { CaipNetwork } from '../core/types'

/**
 * BNB Smart Chain: EVM chain 56.
 */
export const bsc: CaipNetwork = {
  id: 56,
  caipNetworkId: 'eip155:56',
  chainNamespace: 'eip155',
  name: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: ['https://bsc-dataseed.bnbchain.org'] } },
  blockExplorers: { default: { name: 'BscScan', url: 'https://bscscan.com' } },
  assets: { imageId: 'bnb' },
}
