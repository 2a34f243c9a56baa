import { describe, expect, it } from 'vitest'
import { PorticoError } from '../core/errors'
import { createApiClient } from './client'

type Route = (url: URL) => { status?: number; body?: unknown }

function fakeFetch(route: Route) {
  const calls: URL[] = []
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input))
    calls.push(url)
    const { status = 200, body = {} } = route(url)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

const token = (over: Record<string, unknown> = {}) => ({
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  value: 12.5,
  price: 1,
  iconUrl: 'http://127.0.0.1/usdc.svg',
  quantity: { decimals: '6', numeric: '12.5' },
  ...over,
})

function client(route: Route, clock = { t: 0 }) {
  const f = fakeFetch(route)
  const api = createApiClient({
    baseUrl: 'http://127.0.0.1:9999/api/',
    explorerUrl: 'http://127.0.0.1:9998',
    projectId: 'proj-1',
    sdkType: 'portico',
    sdkVersion: '0.1.0',
    fetch: f.fetch,
    now: () => clock.t,
    retryDelayMs: 0,
  })
  return { api, calls: f.calls, clock }
}

describe('API client (SPEC §7)', () => {
  it('adds projectId, st and sv to GETs and keeps the base path', async () => {
    const { api, calls } = client(() => ({ body: { http: ['eip155:1'], ws: [] } }))
    await expect(api.account.getSupportedChains()).resolves.toEqual({ http: ['eip155:1'], ws: [] })
    const url = calls[0]!
    expect(url.pathname).toBe('/api/v1/supported-chains')
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'proj-1', st: 'portico', sv: '0.1.0' })
  })

  it.each([400, 404, 500, 503])('non-OK %i throws "HTTP status code: %i"', async (status) => {
    const { api } = client(() => ({ status, body: { error: 'x' } }))
    await expect(api.account.getIdentity('0xabc')).rejects.toThrow(`HTTP status code: ${status}`)
  })

  it('rejects bodies that fail the schema with the catalogue text; the zod detail is on cause', async () => {
    const { api } = client(() => ({ body: { balances: [{ name: 'x' }] } }))
    const error = await api.account.getBalance('0xabc', { chainId: 'eip155:1' }).catch((e: unknown) => e as Error)
    expect(error).toBeInstanceOf(PorticoError)
    expect((error as Error).message).toBe('Token Balance Unavailable')
    expect(((error as Error).cause as Error).message).toMatch(
      /^Invalid response from \/api\/v1\/account\/0xabc\/balance: balances\.0\.symbol: /,
    )
  })

  it('balance: query params, decimals "0" tokens filtered, native token kept without address', async () => {
    const native = token({ name: 'Ether', symbol: 'ETH', address: undefined, quantity: { decimals: '18', numeric: '1.5' } })
    const { api, calls } = client(() => ({
      body: { balances: [token(), token({ symbol: 'NFT', quantity: { decimals: '0', numeric: '1' } }), native] },
    }))
    const balances = await api.account.getBalance('0xabc', { chainId: 'eip155:1' })
    expect(balances.map((b) => b.symbol)).toEqual(['USDC', 'ETH'])
    expect(balances[1]!.address).toBeUndefined()
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      currency: 'usd',
      chainId: 'eip155:1',
      projectId: 'proj-1',
      st: 'portico',
      sv: '0.1.0',
    })
  })

  it('balance is cached 30 s per URL; forceUpdate skips the cache', async () => {
    const { api, calls, clock } = client(() => ({ body: { balances: [token()] } }))
    await api.account.getBalance('0xabc', { chainId: 'eip155:1' })
    clock.t = 29_999
    await api.account.getBalance('0xabc', { chainId: 'eip155:1' })
    expect(calls).toHaveLength(1)
    await api.account.getBalance('0xabc', { chainId: 'eip155:8453' })
    expect(calls).toHaveLength(2)
    clock.t = 30_000
    await api.account.getBalance('0xabc', { chainId: 'eip155:1' })
    expect(calls).toHaveLength(3)
    await api.account.getBalance('0xabc', { chainId: 'eip155:1', forceUpdate: true })
    expect(calls).toHaveLength(4)
    expect(calls[3]!.searchParams.get('forceUpdate')).toBe('true')
  })

  it('two callers of the same GET while it is in flight share one request', async () => {
    const { api, calls } = client(() => ({ body: { balances: [token()] } }))
    const [a, b] = await Promise.all([
      api.account.getBalance('0xabc', { chainId: 'eip155:1' }),
      api.account.getBalance('0xabc', { chainId: 'eip155:1' }),
    ])
    expect(calls).toHaveLength(1)
    expect(a).toEqual(b)
  })

  it('a failed GET is not cached: the next call asks again', async () => {
    let status = 500
    const { api, calls } = client(() => ({ status, body: { balances: [token()] } }))
    await expect(api.account.getBalance('0xabc', { chainId: 'eip155:1' })).rejects.toThrow('HTTP status code: 500')
    status = 200
    await expect(api.account.getBalance('0xabc', { chainId: 'eip155:1' })).resolves.toHaveLength(1)
    expect(calls).toHaveLength(2)
  })

  it('identity is cached 5 minutes', async () => {
    const { api, calls, clock } = client(() => ({ body: { name: 'alice.portico', avatar: null } }))
    await expect(api.account.getIdentity('0xabc')).resolves.toEqual({ name: 'alice.portico', avatar: null })
    clock.t = 299_999
    await api.account.getIdentity('0xabc')
    expect(calls).toHaveLength(1)
    clock.t = 300_000
    await api.account.getIdentity('0xabc')
    expect(calls).toHaveLength(2)
  })

  it('explorer: getWallets query, config features, analytics config', async () => {
    const { api, calls } = client((url) => {
      if (url.pathname === '/getWallets') return { body: { count: 1, data: [{ id: 'w1', name: 'Dev Wallet', rdns: null }] } }
      if (url.pathname === '/appkit/v1/config') return { body: { features: { swaps: false, socials: ['google'] } } }
      return { body: { isAnalyticsEnabled: false } }
    })
    await expect(api.explorer.getWallets({ page: 2, search: 'dev', exclude: ['a', 'b'] })).resolves.toEqual({
      count: 1,
      data: [{ id: 'w1', name: 'Dev Wallet', rdns: null }],
    })
    expect(calls[0]!.origin).toBe('http://127.0.0.1:9998')
    expect(Object.fromEntries(calls[0]!.searchParams)).toMatchObject({
      page: '2',
      entries: '40',
      search: 'dev',
      exclude: 'a,b',
      projectId: 'proj-1',
    })
    await expect(api.explorer.getConfig()).resolves.toEqual({ features: { swaps: false, socials: ['google'] }, restricted: [] })
    await expect(api.explorer.getAnalyticsConfig()).resolves.toEqual({ isAnalyticsEnabled: false })
  })

  it.each([
    [200, { allowedOrigins: ['http://127.0.0.1:5173'] }, { origins: ['http://127.0.0.1:5173'] }],
    [429, {}, { error: 'RATE_LIMITED' }],
    [500, {}, { error: 'SERVER_ERROR' }],
    [599, {}, { error: 'SERVER_ERROR' }],
    [403, {}, { origins: [] }],
    [200, { nope: 1 }, { origins: [] }],
  ])('origins: status %i body %j -> %j', async (status, body, expected) => {
    const { api } = client(() => ({ status, body }))
    await expect(api.explorer.getOrigins()).resolves.toEqual(expected)
  })
})

describe('history and token price (SPEC §7, §9: cached 15 s)', () => {
  const tx = {
    id: 't1',
    metadata: {
      minedAt: '2026-01-01T00:00:00Z',
      chain: 'eip155:1',
      operationType: 'send',
      status: 'confirmed',
      sentFrom: '0xa',
      sentTo: '0xb',
    },
    transfers: [{ direction: 'out', quantity: { numeric: '1' }, value: 2, fungible_info: { name: 'Ether', symbol: 'ETH' } }],
  }

  it('history: chainId and cursor params, cached 15 s', async () => {
    const { api, calls, clock } = client(() => ({ body: { data: [tx], next: 'c2' } }))
    await expect(api.account.getHistory('0xabc', { chainId: 'eip155:1', cursor: 'c1' })).resolves.toEqual({ data: [tx], next: 'c2' })
    expect(calls[0]!.pathname).toBe('/api/v1/account/0xabc/history')
    expect(calls[0]!.searchParams.get('cursor')).toBe('c1')
    clock.t = 14_999
    await api.account.getHistory('0xabc', { chainId: 'eip155:1', cursor: 'c1' })
    expect(calls).toHaveLength(1)
    clock.t = 15_000
    await api.account.getHistory('0xabc', { chainId: 'eip155:1', cursor: 'c1' })
    expect(calls).toHaveLength(2)
  })

  it('token price: POST with currency, addresses and projectId, cached 15 s', async () => {
    const bodies: string[] = []
    const clock = { t: 0 }
    const fetch = (async (_input: string | URL | Request, init?: RequestInit) => {
      bodies.push(String(init?.body))
      return new Response(JSON.stringify({ fungibles: [{ symbol: 'USDC', price: 1, address: 'eip155:1:0xa0b8' }] }), { status: 200 })
    }) as typeof globalThis.fetch
    const api = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      projectId: 'p',
      sdkType: 'portico',
      sdkVersion: '0.1.0',
      fetch,
      now: () => clock.t,
    })
    await expect(api.account.getTokenPrice(['eip155:1:0xa0b8'])).resolves.toEqual({
      fungibles: [{ symbol: 'USDC', price: 1, address: 'eip155:1:0xa0b8' }],
    })
    expect(JSON.parse(bodies[0]!)).toEqual({ currency: 'usd', addresses: ['eip155:1:0xa0b8'], projectId: 'p' })
    clock.t = 14_999
    await api.account.getTokenPrice(['eip155:1:0xa0b8'])
    expect(bodies).toHaveLength(1)
    clock.t = 15_000
    await api.account.getTokenPrice(['eip155:1:0xa0b8'])
    expect(bodies).toHaveLength(2)
  })
})

describe('createApiClient: one client per concern over one core', () => {
  it('returns the concern clients and clearCache', () => {
    const { api } = client(() => ({}))
    expect(Object.keys(api).sort()).toEqual([
      'account',
      'analytics',
      'capture',
      'clearCache',
      'convert',
      'exchange',
      'explorer',
      'onramp',
      'profile',
      'siwx',
    ])
  })

  it('clearCache drops every cached result: the next calls ask again', async () => {
    const { api, calls } = client((url) =>
      url.pathname.endsWith('/balance') ? { body: { balances: [token()] } } : { body: { name: 'alice.portico', avatar: null } },
    )
    await api.account.getBalance('0xabc', { chainId: 'eip155:1' })
    await api.account.getIdentity('0xabc')
    await api.account.getBalance('0xabc', { chainId: 'eip155:1' })
    await api.account.getIdentity('0xabc')
    expect(calls).toHaveLength(2)
    api.clearCache()
    await api.account.getBalance('0xabc', { chainId: 'eip155:1' })
    await api.account.getIdentity('0xabc')
    expect(calls).toHaveLength(4)
  })

  it.each([
    [{}, 'http://127.0.0.1:9999/api/v1/json-rpc'],
    [{ exchangeUrl: 'http://127.0.0.1:7777/rpc' }, 'http://127.0.0.1:7777/rpc'],
  ])('exchange endpoint with %j: %s', async (extra, endpoint) => {
    const f = fakeFetch(() => ({ body: { jsonrpc: '2.0', id: 1, result: { exchanges: [] } } }))
    const api = createApiClient({
      baseUrl: 'http://127.0.0.1:9999/api/',
      projectId: 'p',
      sdkType: 'portico',
      sdkVersion: '0.1.0',
      fetch: f.fetch,
      ...extra,
    })
    await api.exchange.getExchanges({ asset: 'eip155:1/slip44:60', amount: 1 })
    expect(`${f.calls[0]!.origin}${f.calls[0]!.pathname}`).toBe(endpoint)
  })

  it.each([
    [{}, 'http://127.0.0.1:9999/api/e'],
    [{ analyticsUrl: 'http://127.0.0.1:7778' }, 'http://127.0.0.1:7778/e'],
  ])('analytics host with %j: %s', async (extra, endpoint) => {
    const f = fakeFetch(() => ({ body: {} }))
    const api = createApiClient({
      baseUrl: 'http://127.0.0.1:9999/api/',
      projectId: 'p',
      sdkType: 'portico',
      sdkVersion: '0.1.0',
      fetch: f.fetch,
      ...extra,
    })
    await expect(api.analytics.reportError(new Error('boom'))).resolves.toBe(true)
    expect(`${f.calls[0]!.origin}${f.calls[0]!.pathname}`).toBe(endpoint)
  })
})
