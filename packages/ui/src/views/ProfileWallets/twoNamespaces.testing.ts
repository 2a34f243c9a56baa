// Test helper (imported by tests only): a Portico instance with an EVM and a Solana adapter, each
// announcing a 'Portico Dev Wallet'. Records connect / disconnect calls.
import type { CaipNetwork, ChainAdapter, ChainNamespace } from '@portico/headless'
import { ADDRESS, mainnet, testPortico } from '../../testing'

export const SOL = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
export const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}

export type Calls = string[]

export function devAdapter(namespace: ChainNamespace, calls: Calls): ChainAdapter {
  const address = namespace === 'solana' ? SOL : ADDRESS
  const chainId = namespace === 'solana' ? solana.id : 1
  return {
    namespace,
    setup(ctx) {
      ctx.setConnectors([{ id: `${namespace}-dev`, name: 'Portico Dev Wallet', type: 'announced', namespace }])
    },
    async connect({ connectorId }) {
      calls.push(`connect ${connectorId}`)
      return { address, chainId, accounts: [address] }
    },
    reconnect: async () => null,
    async disconnect({ connectorId }) {
      calls.push(`disconnect ${connectorId}`)
    },
    async switchNetwork({ network }) {
      calls.push(`switch ${network.caipNetworkId}`)
    },
    getBalance: async () => ({ balance: '0', symbol: namespace === 'solana' ? 'SOL' : 'ETH' }),
    signMessage: async () => '0x',
    sendTransaction: async () => '0x',
  }
}

export async function twoNamespaces() {
  const calls: Calls = []
  const { portico } = testPortico({ networks: [mainnet, solana], adapters: [devAdapter('eip155', calls), devAdapter('solana', calls)] })
  await portico.ready
  // The default modal loads the flows its views drive before it shows them (PorticoProvider).
  await Promise.all([portico.load('explorer'), portico.load('switching')])
  return { portico, calls }
}
