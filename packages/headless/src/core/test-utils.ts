/** Test fixtures shared by the headless tests (not exported from the package). */
import type { AdapterContext, ChainAdapter, ConnectResult, Connector } from '../adapters'
import type { Chain } from './chain/chain'
import type { ConnectionFlow } from './connection/connection'
import type { PorticoOptions } from './options/options'
import { createPortico } from './portico'
import type { StorageLike } from './storage/storage'
import type { CaipNetwork, ChainNamespace } from './types'

export { manualTimers } from '../../../../tests/support/timers'

const evm = (id: number, name: string, symbol = 'ETH'): CaipNetwork => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol, decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:8545/${id}`] } },
  blockExplorers: { default: { name: 'Explorer', url: `http://127.0.0.1:4000/${id}` } },
})

export const mainnet = evm(1, 'Ethereum')
export const base = evm(8453, 'Base')
export const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}

export const ADDRESS = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
export const SOL_ADDRESS = 'So11111111111111111111111111111111111111112'

export function mapStorage(initial: Record<string, string> = {}): StorageLike & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial))
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

/**
 * createPortico with what most tests share: project 'p', an API nobody answers on (tests pass their
 * own `fetch`), mainnet, in-memory storage. `options` adds to these or overrides them.
 */
export function testPortico(options: Partial<PorticoOptions> = {}) {
  return createPortico({ projectId: 'p', apiUrl: 'http://127.0.0.1:9', networks: [mainnet], storage: mapStorage(), ...options })
}

/** A scriptable in-memory adapter: tests set what connect/reconnect/switch do. */
export interface FakeAdapter extends ChainAdapter {
  ctx?: AdapterContext
  calls: { method: string; params: unknown }[]
  connectImpl: (p: { connectorId: string }) => Promise<ConnectResult>
  reconnectImpl: (p: { connectorId: string }) => Promise<ConnectResult | null>
  switchImpl: (p: { network: CaipNetwork }) => Promise<void>
}

export function fakeAdapter(namespace: ChainNamespace = 'eip155', connectors?: Omit<Connector, 'namespace'>[]): FakeAdapter {
  const address = namespace === 'solana' ? SOL_ADDRESS : ADDRESS
  const chainId = namespace === 'solana' ? solana.id : 1
  const list: Connector[] = (connectors ?? [{ id: 'io.metamask', name: 'MetaMask', type: 'announced', rdns: 'io.metamask' }]).map((c) => ({
    ...c,
    namespace,
  }))
  const adapter: FakeAdapter = {
    namespace,
    calls: [],
    connectImpl: async () => ({ address, chainId, accounts: [address] }),
    reconnectImpl: async () => ({ address, chainId, accounts: [address] }),
    switchImpl: async () => {},
    setup(ctx) {
      adapter.ctx = ctx
      ctx.setConnectors(list)
    },
    async connect(p) {
      adapter.calls.push({ method: 'connect', params: p })
      return adapter.connectImpl(p)
    },
    async reconnect(p) {
      adapter.calls.push({ method: 'reconnect', params: p })
      return adapter.reconnectImpl(p)
    },
    async disconnect(p) {
      adapter.calls.push({ method: 'disconnect', params: p })
    },
    async switchNetwork(p) {
      adapter.calls.push({ method: 'switchNetwork', params: p })
      await adapter.switchImpl(p)
    },
    async getBalance(p) {
      adapter.calls.push({ method: 'getBalance', params: p })
      return { balance: '1.5', symbol: p.network.nativeCurrency.symbol }
    },
    async signMessage(p) {
      adapter.calls.push({ method: 'signMessage', params: p })
      return '0xsig'
    },
    async sendTransaction(p) {
      adapter.calls.push({ method: 'sendTransaction', params: p })
      return '0xhash'
    },
  }
  return adapter
}

/** fetch that answers JSON per path and records URLs. */
export function jsonFetch(route: (url: URL) => { status?: number; body?: unknown }, options: { record?: RegExp } = {}) {
  const calls: URL[] = []
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input))
    // `record`: only the requests whose path matches are kept in `calls` (e.g. the balance requests, not the identity's).
    if (!options.record || options.record.test(url.pathname)) calls.push(url)
    const { status = 200, body = {} } = route(url)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

/**
 * The flows behind a Portico instance with their internal members (chain.setAccount …), for tests
 * that arrange a state no public action reaches. The public type hides these; at run time they are
 * the same objects.
 */
export function internals(portico: { chain: unknown; connection: unknown }): { chain: Chain; connection: ConnectionFlow } {
  return { chain: portico.chain as Chain, connection: portico.connection as ConnectionFlow }
}
