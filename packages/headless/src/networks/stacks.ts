import type { CaipNetwork } from '../core/types'

/**
 * Stacks: Stacks mainnet (CAIP-2 reference: the chain id, 1).
 */
export const stacks: CaipNetwork = {
  id: '1',
  caipNetworkId: 'stacks:1',
  chainNamespace: 'stacks',
  name: 'Stacks',
  nativeCurrency: { name: 'Stacks', symbol: 'STX', decimals: 6 },
  rpcUrls: { default: { http: ['https://api.hiro.so'] } },
  blockExplorers: { default: { name: 'Stacks Explorer', url: 'https://explorer.hiro.so' } },
  assets: { imageId: 'stacks' },
}
