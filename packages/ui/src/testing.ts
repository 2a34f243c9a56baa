// Test helpers (not exported from the package). testing-library's automatic cleanup needs vitest
// globals, which this repo does not enable, so test files import this module to unmount after each test.
import { type CaipNetwork, type ChainAdapter, createPortico, type PorticoOptions } from '@portico/headless'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

export { manualTimers } from '../../../tests/support/timers'

afterEach(() => {
  cleanup()
})

export const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const evm = (id: number, name: string): CaipNetwork => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:8545/${id}`] } },
})
export const mainnet = evm(1, 'Ethereum')
export const base = evm(8453, 'Base')

export type TestAdapter = ChainAdapter & { reject: boolean }

/** An in-memory EVM adapter with one announced wallet; `reject` makes connect fail like a user refusal. */
export function testAdapter(): TestAdapter {
  const adapter: TestAdapter = {
    namespace: 'eip155',
    reject: false,
    setup(ctx) {
      ctx.setConnectors([{ id: 'io.test.wallet', name: 'Test Wallet', type: 'announced', namespace: 'eip155' }])
    },
    async connect() {
      if (adapter.reject) throw Object.assign(new Error('User rejected the request'), { code: 4001 })
      return { address: ADDRESS, chainId: 1, accounts: [ADDRESS] }
    },
    async reconnect() {
      return null
    },
    async disconnect() {},
    async switchNetwork() {},
    async getBalance() {
      return { balance: '1.23456789', symbol: 'ETH' }
    },
    async signMessage() {
      return '0x'
    },
    async sendTransaction() {
      return '0x'
    },
  }
  return adapter
}

/** Answers the balance endpoint with 1.23456789 ETH and the identity endpoint with no name; anything else fails the test. */
export const testFetch: typeof fetch = async (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input))
  if (/^\/portico-test\/v1\/identity\/0x[0-9a-fA-F]{40}$/.test(url.pathname)) {
    return new Response(JSON.stringify({ name: null, avatar: null }), { status: 200, headers: { 'content-type': 'application/json' } })
  }
  if (/\/v1\/account\/[^/]+\/balance$/.test(url.pathname)) {
    const chainId = url.searchParams.get('chainId') ?? 'eip155:1'
    const balances = [
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId,
        value: 3852.5,
        price: 3120.5,
        iconUrl: '',
        quantity: { decimals: '18', numeric: '1.23456789' },
      },
    ]
    return new Response(JSON.stringify({ balances }), { status: 200, headers: { 'content-type': 'application/json' } })
  }
  throw new Error(`unexpected fetch in test: ${url.href}`)
}

const memory = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

/** A Portico instance with the test adapter, memory storage and a fetch that refuses to leave the test. */
export function testPortico(overrides: Partial<PorticoOptions> = {}) {
  const adapter = testAdapter()
  const portico = createPortico({
    projectId: 'test',
    networks: [mainnet, base],
    adapters: [adapter],
    storage: memory(),
    apiUrl: 'http://127.0.0.1:1/portico-test',
    fetch: testFetch,
    isMobile: false,
    ...overrides,
  })
  return { portico, adapter }
}
