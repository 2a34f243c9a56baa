import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://api.testnet.solana.com'], webSocket: ['wss://api.testnet.solana.com'] }

/**
 * Solana Testnet: Solana cluster (CAIP-2 reference: the first 32 characters of its genesis hash).
 */
export const solanaTestnet: CaipNetwork = {
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  chainNamespace: 'solana',
  name: 'Solana Testnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'Solana Explorer', url: 'https://explorer.solana.com?cluster=testnet' } },
  assets: { imageId: 'solana' },
  testnet: true,
}
