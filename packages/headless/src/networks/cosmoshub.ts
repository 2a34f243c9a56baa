import type { CaipNetwork } from '../core/types'

/**
 * Cosmos Hub: Cosmos Hub (CAIP-2 reference: the chain id).
 * Cosmos Hub has no public RPC endpoint run by the chain itself (every one is a third party's):
 * `rpcUrls.default.http` is empty. Pass your own node's URL to read the chain; wallets sign without one.
 */
export const cosmoshub: CaipNetwork = {
  id: 'cosmoshub-4',
  caipNetworkId: 'cosmos:cosmoshub-4',
  chainNamespace: 'cosmos',
  name: 'Cosmos Hub',
  nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mintscan', url: 'https://www.mintscan.io/cosmos' } },
  assets: { imageId: 'cosmos' },
}
