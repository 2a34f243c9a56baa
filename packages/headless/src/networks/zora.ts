import type { CaipNetwork } from '../core/types'

/**
 * Zora: EVM chain 7777777.
 */
export const zora: CaipNetwork = {
  id: 7777777,
  caipNetworkId: 'eip155:7777777',
  chainNamespace: 'eip155',
  name: 'Zora',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.zora.energy'] } },
  blockExplorers: { default: { name: 'Zora Explorer', url: 'https://explorer.zora.energy' } },
  assets: { imageId: 'zora' },
}
