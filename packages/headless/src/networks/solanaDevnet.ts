import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://api.devnet.solana.com'], webSocket: ['wss://api.devnet.solana.com'] }

/**
 * Solana Devnet: Solana cluster (CAIP-2 reference: the first 32 characters of its genesis hash).
 */
export const solanaDevnet: CaipNetwork = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Solana Explorer', url: 'https://explorer.solana.com?cluster=devnet' } },
  assets: { imageId: 'solana' },
  testnet: true,
}
