import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../../api/client'
import { sendJson, startServer } from '../../api/test-support'
import { createBanner } from '../banner/banner'
import { createChain } from '../chain/chain'
import { createBalance } from './balance'
import { createPortico, type Portico } from '../portico'
import { ADDRESS, fakeAdapter, jsonFetch, mainnet, mapStorage, SOL_ADDRESS, solana, testPortico } from '../test-utils'
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
const eth = {
  ...usdc,
  name: 'Ether',
  symbol: 'ETH',
  address: undefined,
  value: 3000,
  price: 2000,
  quantity: { decimals: '18', numeric: '1.5' },
}

/** A connected EVM account also reads its identity (name, avatar): the tests count the balance requests. */
const BALANCE_ONLY = { record: /\/balance$/ }

function setup() {
  let status = 200
  const clock = { t: 1_000_000 }
  const timers: Timers = {
    now: () => clock.t,
    setTimeout: (fn) => {
      fn()
      return 0
    },
    clearTimeout: () => {},
  }
  const f = jsonFetch(
    () => ({ status, body: { balances: [usdc, eth, { ...usdc, symbol: 'ZERO', quantity: { decimals: '0', numeric: '3' } }] } }),
    BALANCE_ONLY,
  )
  const portico = testPortico({
    adapters: [fakeAdapter()],
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
    expect(portico.banner.$banner.get()).toEqual({
      message: 'Token Balance Unavailable',
      code: 'tokenBalanceUnavailable',
      variant: 'error',
      open: true,
    })
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
    const f = jsonFetch(() => ({ status, body: { balances: [eth] } }), BALANCE_ONLY)
    const portico = testPortico({
      adapters: [fakeAdapter()],
      fetch: f.fetch,
      timers,
    })
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
    const sol = {
      name: 'Solana',
      symbol: 'SOL',
      chainId: solana.caipNetworkId,
      value: 300,
      price: 150,
      iconUrl: '',
      quantity: { decimals: '9', numeric: '2' },
    }
    const spl = {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: solana.caipNetworkId,
      address: `${solana.caipNetworkId}:${mint}`,
      value: 25,
      price: 1,
      iconUrl: '',
      quantity: { decimals: '6', numeric: '25' },
    }
    const f = jsonFetch(() => ({ body: { balances: [sol, spl] } }))
    const portico = testPortico({
      networks: [solana],
      adapters: [fakeAdapter('solana')],
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
      const api = createApiClient({
        baseUrl: server.url,
        projectId: 'p',
        sdkType: 'portico',
        sdkVersion: '0.1.0',
        timers: apiTimers,
        now: timers.now,
      })
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

describe('balances refresh without a reload (issue 9 §3.8): events, transactions, new blocks, within the 30 s cache', () => {
  /** An instance whose adapter reports blocks on demand; the clock moves by hand. */
  async function live() {
    const s = setup()
    const adapter = fakeAdapter()
    let onBlock: ((n: bigint) => void) | undefined
    const watched: string[] = []
    adapter.watchBlocks = ({ network, onBlock: cb }) => {
      watched.push(network.caipNetworkId)
      onBlock = cb
      return () => {
        watched.push('stopped')
        onBlock = undefined
      }
    }
    const portico = createPortico({ ...s.portico.options, adapters: [adapter], storage: mapStorage() })
    await portico.connection.connect('io.metamask')
    await settle()
    const forced = () => s.calls.map((u) => u.searchParams.get('forceUpdate') === 'true')
    const block = async (n: number) => {
      onBlock?.(BigInt(n))
      await settle()
    }
    return { ...s, portico, adapter, watched, forced, block, hasWatcher: () => onBlock !== undefined }
  }

  // step, then the balance requests so far (true: past the cache, forceUpdate=true)
  it('a new block refreshes within the cache; a transaction refreshes past it now and once more on the next block', async () => {
    const { portico, forced, block, clock, watched } = await live()
    // connect (an account event) fetched once
    expect(forced()).toEqual([false])
    const stop = portico.balance.watchBlocks()!
    expect(watched).toEqual(['eip155:1'])
    // a block 10 s later: the 30 s cache answers, no request
    clock.t += 10_000
    await block(101)
    expect(forced()).toEqual([false])
    // a block after the cache expired: one request
    clock.t += 21_000
    await block(102)
    expect(forced()).toEqual([false, false])
    // a transaction: at once past the cache, and past it again on the next block only
    portico.balance.transactionSent()
    await settle()
    expect(forced()).toEqual([false, false, true])
    await block(103)
    expect(forced()).toEqual([false, false, true, true])
    await block(104)
    expect(forced()).toEqual([false, false, true, true])
    stop()
    expect(watched).toEqual(['eip155:1', 'stopped'])
  })

  // operation, then whether it refreshed the balances past the cache
  it.each<[string, (p: Portico) => Promise<unknown>, boolean]>([
    ['sendTransaction', (p) => p.wallet.sendTransaction({ to: ADDRESS, value: 1n }), true],
    ['transfer', (p) => p.wallet.transfer({ to: ADDRESS, amount: 1n }), true],
    ['writeContract', (p) => p.wallet.writeContract({ contract: ADDRESS as `0x${string}`, abi: [], functionName: 'approve' }), true],
    ['sendCalls', (p) => p.wallet.sendCalls({ calls: [{ to: '0x01' }] }), true],
    ['waitForReceipt', (p) => p.wallet.waitForReceipt('0xhash'), true],
    ['signMessage', (p) => p.wallet.signMessage('hi'), false],
    ['signTypedData', (p) => p.wallet.signTypedData({ domain: {}, types: {}, primaryType: 'X', message: {} }), false],
  ])('%s through the wallet operations: a transaction event = %s', async (_name, run, refreshed) => {
    const { portico, adapter, forced } = await live()
    Object.assign(adapter, {
      capabilities: ['nativeTransfer', 'contractWrite', 'sendCalls', 'waitForReceipt', 'typedData'],
      transfer: async () => '0xhash',
      writeContract: async () => '0xhash',
      sendCalls: async () => ({ id: 'batch' }),
      waitForReceipt: async () => ({ hash: '0xhash', status: 'success' }),
      signTypedData: async () => '0xsig',
    })
    await run(portico)
    await settle()
    expect(forced()).toEqual(refreshed ? [false, true] : [false])
  })

  it('a failed transfer is not', async () => {
    const { portico, adapter, forced } = await live()
    Object.assign(adapter, { capabilities: ['nativeTransfer'] })
    adapter.transfer = async () => Promise.reject(Object.assign(new Error('User rejected the request'), { code: 4001 }))
    await expect(portico.wallet.transfer({ to: ADDRESS, amount: 1n })).rejects.toThrow('User rejected the request')
    await settle()
    expect(forced()).toEqual([false])
  })

  it.each<[string, (p: Portico) => Promise<unknown> | undefined]>([
    ['nobody is connected', async (p) => p.connection.disconnect()],
    ['the adapter reports no blocks', () => undefined],
  ])('watchBlocks does nothing when %s', async (name, arrange) => {
    const { portico, adapter, watched } = await live()
    if (name.includes('no blocks')) delete adapter.watchBlocks
    await arrange(portico)
    expect(portico.balance.watchBlocks()).toBeUndefined()
    expect(watched).toEqual([])
  })
})

describe('without an API (no apiUrl, issue 25 §3)', () => {
  it('fetchTokenBalances reads the native balance through the adapter, asks no host and sets no token list; no name is asked', async () => {
    const requested: string[] = []
    const adapter = fakeAdapter()
    const portico = createPortico({
      projectId: 'p',
      networks: [mainnet],
      adapters: [adapter],
      storage: mapStorage(),
      fetch: async (input) => {
        requested.push(String(input))
        throw new TypeError('Failed to fetch')
      },
    })
    await portico.ready
    await portico.connection.connect('io.metamask')
    await settle()
    expect(await portico.balance.fetchTokenBalances({ forceUpdate: true })).toBe(true)
    const account = portico.chain.getAccount('eip155')
    expect([account?.balance, account?.balanceSymbol, account?.tokenBalance, account?.profileName]).toEqual(['1.5', 'ETH', [], null])
    expect(adapter.calls.filter((c) => c.method === 'getBalance').length).toBeGreaterThan(0)
    expect(requested).toEqual([])
    expect(portico.banner.$banner.get()).toMatchObject({ open: false })
  })
})
