/** The account client (SPEC §7, §9): what each call sends and returns, and its catalogue text. */
import { describe, expect, it } from 'vitest'
import type { ApiClient } from './client'
import { API_BASE, recordingFetch, SDK, testClient } from './test-support'

const USER = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xa0b8',
  value: 1,
  price: 1,
  iconUrl: '',
  quantity: { decimals: '6', numeric: '1' },
}
const tx = {
  id: 't1',
  metadata: {
    minedAt: '2026-01-01T00:00:00Z',
    chain: 'eip155:1',
    operationType: 'send',
    status: 'confirmed',
    sentFrom: USER,
    sentTo: '0xb',
  },
  transfers: [{ direction: 'out', quantity: { numeric: '1' }, value: 2, fungible_info: { name: 'Ether', symbol: 'ETH' } }],
}

interface Row {
  name: string
  call: (api: ApiClient) => Promise<unknown>
  method: 'GET' | 'POST'
  path: string
  query: Record<string, string>
  body?: unknown
  answer: unknown
  result: unknown
  text: string
}

const rows: Row[] = [
  {
    name: 'supported chains',
    call: (api) => api.account.getSupportedChains(),
    method: 'GET',
    path: '/v1/supported-chains',
    query: {},
    answer: { http: ['eip155:1'], ws: [] },
    result: { http: ['eip155:1'], ws: [] },
    text: 'Something went wrong',
  },
  {
    name: 'identity',
    call: (api) => api.account.getIdentity(USER),
    method: 'GET',
    path: `/v1/identity/${USER}`,
    query: {},
    answer: { name: 'alice.portico.id' },
    result: { name: 'alice.portico.id', avatar: null },
    text: 'Something went wrong',
  },
  {
    name: 'balance (forceUpdate)',
    call: (api) => api.account.getBalance(USER, { chainId: 'eip155:1', currency: 'eur', forceUpdate: true }),
    method: 'GET',
    path: `/v1/account/${USER}/balance`,
    query: { currency: 'eur', chainId: 'eip155:1', forceUpdate: 'true' },
    answer: { balances: [usdc] },
    result: [usdc],
    text: 'Token Balance Unavailable',
  },
  {
    name: 'history (cursor, chainId)',
    call: (api) => api.account.getHistory(USER, { chainId: 'eip155:1', cursor: 'c1' }),
    method: 'GET',
    path: `/v1/account/${USER}/history`,
    query: { chainId: 'eip155:1', cursor: 'c1' },
    answer: { data: [tx], next: 'c2' },
    result: { data: [tx], next: 'c2' },
    text: 'Failed to fetch transactions',
  },
  {
    name: 'token price',
    call: (api) => api.account.getTokenPrice(['eip155:1:0xa0b8'], { currency: 'usd' }),
    method: 'POST',
    path: '/v1/fungible/price',
    query: {},
    body: { currency: 'usd', addresses: ['eip155:1:0xa0b8'], projectId: SDK.projectId },
    answer: { fungibles: [{ symbol: 'USDC', price: 1, address: 'eip155:1:0xa0b8', iconUrl: 'http://127.0.0.1/usdc.svg' }] },
    result: { fungibles: [{ symbol: 'USDC', price: 1, address: 'eip155:1:0xa0b8', iconUrl: 'http://127.0.0.1/usdc.svg' }] },
    text: 'Cannot get token price',
  },
]

describe('account client (SPEC §7)', () => {
  it.each(rows)('$name: $method $path, the query and body sent, the parsed answer', async (row) => {
    const f = recordingFetch(() => ({ body: row.answer }))
    await expect(row.call(testClient(f.fetch))).resolves.toEqual(row.result)
    const sent = f.calls[0]!
    expect(sent.url.origin + sent.url.pathname).toBe(`${API_BASE}${row.path}`)
    expect([sent.method, sent.query, sent.sdk, sent.body]).toEqual([row.method, row.query, SDK, row.body])
  })

  it.each(rows)('$name: a body of the wrong shape ends with "$text"', async (row) => {
    const f = recordingFetch(() => ({ body: { http: 1, name: 2, balances: 3, data: 4, fungibles: 5 } }))
    await expect(row.call(testClient(f.fetch))).rejects.toMatchObject({ name: 'PorticoError', message: row.text })
  })

  it('addresses are encoded into the path', async () => {
    const f = recordingFetch(() => ({ body: { balances: [] } }))
    await testClient(f.fetch).account.getBalance('a/b?c', { chainId: 'eip155:1' })
    expect(f.calls[0]!.url.pathname).toBe('/api/v1/account/a%2Fb%3Fc/balance')
  })
})
