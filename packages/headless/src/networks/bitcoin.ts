import type { CaipNetwork } from '../core/types'

/**
 * Bitcoin: Bitcoin mainnet (CAIP-2 reference: the first 32 hex characters of the genesis block hash).
 * Bitcoin has no public JSON-RPC endpoint (Bitcoin Core's RPC is never offered publicly):
 * `rpcUrls.default.http` is empty. Pass your own node's URL to read the chain; wallets sign without one.
 */
export const bitcoin: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
  assets: { imageId: 'bitcoin' },
}
