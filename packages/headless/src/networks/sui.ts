import type { CaipNetwork } from '../core/types'

/**
 * Sui: Sui mainnet.
 */
export const sui: CaipNetwork = {
  id: 'mainnet',
  caipNetworkId: 'sui:mainnet',
  chainNamespace: 'sui',
  name: 'Sui',
  nativeCurrency: { name: 'Sui', symbol: 'SUI', decimals: 9 },
  rpcUrls: { default: { http: ['https://fullnode.mainnet.sui.io:443'] } },
  blockExplorers: { default: { name: 'Suiscan', url: 'https://suiscan.xyz/mainnet' } },
  assets: { imageId: 'sui' },
}
