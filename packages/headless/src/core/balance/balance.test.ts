import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../../api/client'
import { sendJson, startServer } from '../../api/test-support'
import { createBanner } from '../banner/banner'
import { createChain } from '../chain/chain'
import { createBalance } from './balance'
import { createPortico } from '../portico'
import { ADDRESS, fakeAdapter, jsonFetch, mainnet, mapStorage, SOL_ADDRESS, solana } from '../test-utils'
import type { Timers } from '../timers'

const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  value: 10,
  price: 1,
  iconUrl: '',
  quantity: { decimals: '6', numeric: '10' },
}
const eth = { ...usdc, name: 'Ether', symbol: 'ETH', address: undefined, value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' } }

function setup() {
  let status = 200
  const clock = { t: 1_000_000 }
  const timers: Timers = { now: () => clock.t, setTimeout: (fn) => (fn(), 0), clearTimeout: () => {} }
  const f = jsonFetch(() => ({ status, body: { balances: [usdc, eth, { ...usdc, symbol: 'ZERO', quantity: { decimals: '0', numeric: '3' } }] } }))
  const portico = createPortico({
    projectId: 'p',
    apiUrl: 'http://127.0.0.1:9',
    networks: [mainnet],
    adapters: [fakeAdapter()],
    storage: mapStorage(),
    fetch: f.fetch,
    timers,
  })
  return { portico, calls: f.calls, clock, fail: (s: number) => (status = s) }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('token balance flow (SPEC §4)', () => {
  it('does nothing without an account', async () => {
    const { portico, calls } = setup()
    await expect(portico.balance.fetchTokenBalances()).resolves.toBe(false)
    expect(calls).toEqual([])
  })

  it('fetches for the active account, filters decimals "0", sets native balance, toggles loading', async () => {
    const { portico, calls } = setup()
    await portico.connection.connect('io.metamask')
    const loading: boolean[] = []
    const unbind = portico.chain.$account.listen((a) => loading.push(a.balanceLoading))
    await expect(portico.balance.fetchTokenBalances()).resolves.toBe(true)
    unbind()
    expect(loading[0]).toBe(true)
    expect(loading[loading.length - 1]).toBe(false)
    const account = portico.chain.$account.get()
    expect(account.tokenBalance.map((t) => t.symbol)).toEqual(['USDC', 'ETH'])
    expect([account.balance, account.balanceSymbol]).toEqual(['1.5', 'ETH'])
    expect(calls[0]!.pathname).toBe(`/v1/account/${ADDRESS}/balance`)
    expect(calls[0]!.searchParams.get('chainId')).toBe('eip155:1')
  })

  it('is fetched when the account is ready, then cached for 30 s', async () => {
    const { portico, calls, clock } = setup()
    await portico.connection.connect('io.metamask')
    await settle()
    expect(calls).toHaveLength(1)
    expect(portico.chain.$account.get()).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' })
    clock.t += 29_000
    await portico.balance.fetchTokenBalances()
    expect(calls).toHaveLength(1)
    clock.t += 1_000
    await portico.balance.fetchTokenBalances()
    expect(calls).toHaveLength(2)
  })

  it('after a failure: banner "Token Balance Unavailable", retries blocked for 30 s', async () => {
    const { portico, calls, clock, fail } = setup()
    fail(500)
    await portico.connection.connect('io.metamask')
    await settle()
    expect(portico.banner.$banner.get()).toEqual({ message: 'Token Balance Unavailable', variant: 'error', open: true })
    expect(portico.chain.$account.get()).toMatchObject({ balanceLoading: false, lastRetry: 1_000_000 })
    fail(200)
    clock.t += 29_999
    await expect(portico.balance.fetchTokenBalances()).resolves.toBe(false)
    expect(calls).toHaveLength(1)
    clock.t += 1
    await expect(portico.balance.fetchTokenBalances()).resolves.toBe(true)
    expect(calls).toHaveLength(2)
    expect(portico.chain.$account.get().lastRetry).toBeUndefined()
  })

  it('after a failure it retries by itself once the 30 s block ends, and the balance returns with the server', async () => {
    let status = 500
    const clock = { t: 5_000 }
    const pending: { fn: () => void; at: number }[] = []
    const timers: Timers = {
      now: () => clock.t,
      setTimeout: (fn, ms) => pending.push({ fn, at: clock.t + ms }),
      clearTimeout: () => {},
    }
    const f = jsonFetch(() => ({ status, body: { balances: [eth] } }))
    const portico = createPortico({ projectId: 'p', apiUrl: 'http://127.0.0.1:9', networks: [mainnet], adapters: [fakeAdapter()], storage: mapStorage(), fetch: f.fetch, timers })
    await portico.connection.connect('io.metamask')
    await settle()
    expect(portico.chain.$account.get().balance).toBeUndefined()
    expect(portico.chain.$account.get().lastRetry).toBe(5_000)
    const retry = pending.find((p) => p.at === 35_000)
    expect(retry).toBeDefined()
    status = 200
    clock.t = 35_000
    retry!.fn()
    await settle()
    expect(f.calls).toHaveLength(2)
    expect(portico.chain.$account.get()).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH', lastRetry: undefined })
  })

  it('Solana: SOL and an SPL token come from the API for the base58 account on its network', async () => {
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const sol = { name: 'Solana', symbol: 'SOL', chainId: solana.caipNetworkId, value: 300, price: 150, iconUrl: '', quantity: { decimals: '9', numeric: '2' } }
    const spl = { name: 'USD Coin', symbol: 'USDC', chainId: solana.caipNetworkId, address: `${solana.caipNetworkId}:${mint}`, value: 25, price: 1, iconUrl: '', quantity: { decimals: '6', numeric: '25' } }
    const f = jsonFetch(() => ({ body: { balances: [sol, spl] } }))
    const portico = createPortico({
      projectId: 'p',
      apiUrl: 'http://127.0.0.1:9',
      networks: [solana],
      adapters: [fakeAdapter('solana')],
      storage: mapStorage(),
      fetch: f.fetch,
    })
    await portico.connection.connect('io.metamask')
    await expect(portico.balance.fetchTokenBalances()).resolves.toBe(true)
    const account = portico.chain.$account.get()
    expect(account.tokenBalance.map((t) => [t.symbol, t.quantity.numeric, t.address])).toEqual([
      ['SOL', '2', undefined],
      ['USDC', '25', `${solana.caipNetworkId}:${mint}`],
    ])
    expect([account.balance, account.balanceSymbol]).toEqual(['2', 'SOL'])
    const call = f.calls.find((c) => c.pathname.endsWith('/balance'))!
    expect(call.pathname).toBe(`/v1/account/${SOL_ADDRESS}/balance`)
    expect(call.searchParams.get('chainId')).toBe(solana.caipNetworkId)
  })
})

describe('token balance flow against an API that accepts and stalls (real server)', () => {
  it('the fetch ends: "Token Balance Unavailable", balanceLoading false; after the block a fresh request gets the balance', async () => {
    let answer = false
    const held: ServerResponse[] = []
    const server = await startServer((_req, res) => (answer ? sendJson(res, { balances: [usdc, eth] }) : held.push(res)))
    try {
      const clock = { t: 1_000 }
      const pending: { fn: () => void; at: number }[] = []
      const timers: Timers = { now: () => clock.t, setTimeout: (fn, ms) => pending.push({ fn, at: clock.t + ms }), clearTimeout: () => {} }
      const chain = createChain({ networks: [mainnet], defaultNetwork: mainnet, noAdapters: false })
      chain.setAccount('eip155', { address: ADDRESS, status: 'connected' })
      const banner = createBanner(timers)
      // The request timeout (10 s by default) fires when the test says so, once the server holds the request.
      const timeouts: (() => void)[] = []
      const apiTimers = { setTimeout: (fn: () => void) => timeouts.push(fn), clearTimeout: () => {} }
      const api = createApiClient({ baseUrl: server.url, projectId: 'p', sdkType: 'portico', sdkVersion: '0.1.0', timers: apiTimers, now: timers.now })
      const balance = createBalance({ chain, api, banner, timers, adapters: [] })

      const loading: boolean[] = []
      const unbind = chain.$chains.listen((c) => loading.push(c.eip155!.accountState?.balanceLoading ?? false))
      const fetched = balance.fetchTokenBalances({ namespace: 'eip155' })
      await until(() => server.requests.length === 1 && timeouts.length === 1)
      expect(chain.getAccount('eip155')?.balanceLoading).toBe(true)
      timeouts[0]!()
      await expect(fetched).resolves.toBe(false)
      unbind()
      expect(loading[0]).toBe(true)
      expect(chain.getAccount('eip155')).toMatchObject({ balanceLoading: false, lastRetry: 1_000 })
      expect(banner.$banner.get()).toMatchObject({ message: 'Token Balance Unavailable', variant: 'error', open: true })
      expect(server.requests).toHaveLength(1)

      answer = true
      clock.t = 31_000
      pending.find((p) => p.at === 31_000)!.fn()
      await until(() => chain.getAccount('eip155')?.balance === '1.5')
      expect(server.requests).toHaveLength(2)
      expect(chain.getAccount('eip155')).toMatchObject({ balanceLoading: false, lastRetry: undefined, balanceSymbol: 'ETH' })
    } finally {
      for (const res of held) res.destroy()
      await server.close()
    }
  })
})

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 2))
}
