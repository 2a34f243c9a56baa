import type { CaipNetwork } from '../core/types'

/**
 * Solana: Solana cluster (CAIP-2 reference: the first 32 characters of its genesis hash).
 */
export const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'], webSocket: ['wss://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solana Explorer', url: 'https://explorer.solana.com' } },
  assets: { imageId: 'solana' },
}
