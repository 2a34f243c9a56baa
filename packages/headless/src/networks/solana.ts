import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://api.mainnet-beta.solana.com'], webSocket: ['wss://api.mainnet-beta.solana.com'] }

/**
 * Solana: Solana cluster (CAIP-2 reference: the first 32 characters of its genesis hash).
 */
export const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Solana Explorer', url: 'https://explorer.solana.com' } },
  assets: { imageId: 'solana' },
}
