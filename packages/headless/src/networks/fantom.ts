import type { CaipNetwork } from '../core/types'

/** The chain's public endpoints, unchanged: createPortico sends reads through the Portico RPC proxy (docs/networks.md). */
const rpc = { http: ['https://rpcapi.fantom.network'] }

/**
 * Fantom Opera: EVM chain 250.
 */
export const fantom: CaipNetwork = {
  id: 250,
  caipNetworkId: 'eip155:250',
  chainNamespace: 'eip155',
  name: 'Fantom Opera',
  nativeCurrency: { name: 'Fantom', symbol: 'FTM', decimals: 18 },
  rpcUrls: { default: rpc, public: rpc },
  blockExplorers: { default: { name: 'FTMScan', url: 'https://ftmscan.com' } },
  assets: { imageId: 'fantom' },
}
