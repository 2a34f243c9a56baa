/**
 * Pay with exchange (SPEC §3, §4, §5, §7 "Exchange JSON-RPC", §8, §9): a portico with a fake adapter,
 * a fake fetch at the HTTP boundary (the exchange JSON-RPC, prices, balances), hand-driven timers
 * for the status polling, and the browser boundaries (window.open, crypto.randomUUID) stubbed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS, base, fakeAdapter, mainnet, manualTimers, SOL_ADDRESS, solana, testPortico } from '../test-utils'
import type { CaipNetwork, ChainNamespace } from '../types'
import type { PaymentAsset } from './rules'

const ETH_PRICE_ID = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USDC_MAINNET = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const SOL_PRICE_ID = `${solana.caipNetworkId}:So11111111111111111111111111111111111111112`
const PRICES: Record<string, number> = {
  [ETH_PRICE_ID.toLowerCase()]: 3000,
  'eip155:8453:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee': 3000,
  [`eip155:1:${USDC_MAINNET}`.toLowerCase()]: 1,
  [SOL_PRICE_ID.toLowerCase()]: 150,
}
const EXCHANGES = [
  { id: 'dev-exchange', name: 'Dev Exchange', imageUrl: 'http://127.0.0.1:9/dev.svg' },
  { id: 'other-exchange', name: 'Other Exchange' },
  { id: 'third-exchange', name: 'Third Exchange' },
]
const PAY_URL = 'http://127.0.0.1:9/exchange/pay?session=s1'

/** Let promises, and the lazy API clients' first import(), settle. */
const flush = async () => {
  for (let i = 0; i < 6; i++) await new Promise((r) => setTimeout(r, 5))
}
const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } })
const rpcResult = (result: unknown) => json({ jsonrpc: '2.0', id: 1, result })
const rpcError = (message: string) => json({ jsonrpc: '2.0', id: 1, error: { code: -32000, message } })

type Rpc = (params: Record<string, unknown>) => Response | Promise<Response>
interface Options {
  namespace?: ChainNamespace
  networks?: CaipNetwork[]
  connect?: boolean
  /** Answers by JSON-RPC method name. */
  rpc?: Partial<Record<'portico_getExchanges' | 'portico_getExchangePayUrl' | 'portico_getExchangeBuyStatus', Rpc>>
  /** The buy status answers in order (the last one repeats). */
  statuses?: (Record<string, unknown> | 'error')[]
  price?: () => Response
  /** The balance API's answer for the connected account. @default [] */
  balances?: unknown[]
  features?: { payWithExchange?: boolean; payments?: boolean }
}

interface FakeWindow {
  opener: unknown
  location: { href: string }
  closed: boolean
  close(): void
}

let opened: { args: unknown[]; window: FakeWindow }[]
let popupRefused: boolean

beforeEach(() => {
  opened = []
  popupRefused = false
  vi.stubGlobal('open', (...args: unknown[]) => {
    if (popupRefused) return null
    const window: FakeWindow = {
      opener: {},
      location: { href: '' },
      closed: false,
      close: () => {
        window.closed = true
      },
    }
    opened.push({ args, window })
    return window
  })
  let n = 0
  vi.spyOn(globalThis.crypto, 'randomUUID').mockImplementation(
    () => `00000000-0000-4000-8000-00000000000${++n}` as `${string}-${string}-${string}-${string}-${string}`,
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

async function setup(opts: Options = {}) {
  const namespace = opts.namespace ?? 'eip155'
  const adapter = fakeAdapter(namespace)
  const rpcCalls: { method: string; params: Record<string, unknown> }[] = []
  const balanceCalls: URL[] = []
  const priceCalls: string[][] = []
  const statuses = [...(opts.statuses ?? [{ status: 'IN_PROGRESS' }])]
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    if (url.pathname === '/v1/json-rpc') {
      const method = body!.method as string
      const params = body!.params as Record<string, unknown>
      rpcCalls.push({ method, params })
      const own = opts.rpc?.[method as keyof NonNullable<Options['rpc']>]
      if (own) return own(params)
      if (method === 'portico_getExchanges') return rpcResult({ exchanges: EXCHANGES, total: 3 })
      if (method === 'portico_getExchangePayUrl') return rpcResult({ url: PAY_URL, sessionId: 's1' })
      if (method === 'portico_getExchangeBuyStatus') {
        const next = statuses.length > 1 ? statuses.shift()! : statuses[0]!
        return next === 'error' ? json({ message: 'down' }, 500) : rpcResult(next)
      }
    }
    if (url.pathname === '/v1/fungible/price') {
      const addresses = (body?.addresses as string[]) ?? []
      priceCalls.push(addresses)
      if (opts.price) return opts.price()
      return json({
        fungibles: addresses
          .filter((a) => PRICES[a.toLowerCase()] !== undefined)
          .map((a) => ({ symbol: '', price: PRICES[a.toLowerCase()], address: a })),
      })
    }
    if (url.pathname.endsWith('/balance')) {
      balanceCalls.push(url)
      return json({ balances: opts.balances ?? [] })
    }
    if (url.pathname.endsWith('/history')) return json({ data: [], next: null })
    return json({})
  }) as typeof globalThis.fetch
  const timers = manualTimers(1_700_000_000_000)
  const portico = testPortico({
    networks: opts.networks ?? (namespace === 'solana' ? [solana] : [mainnet, base]),
    adapters: [adapter],
    fetch,
    timers,
    ...(opts.features ? { features: opts.features } : {}),
  })
  if (opts.connect !== false) await portico.connection.connect('io.metamask')
  await flush()
  const exchange = await portico.load('exchange')
  balanceCalls.length = 0
  return {
    portico,
    exchange,
    timers,
    rpcCalls,
    priceCalls,
    balanceCalls,
    state: () => exchange.$exchange.get(),
    statusCalls: () => rpcCalls.filter((c) => c.method === 'portico_getExchangeBuyStatus').length,
    banner: () => portico.banner.$banner.get(),
    /** Advance the hand-driven clock, then let the requests it started answer. */
    advance: async (ms: number) => {
      timers.advance(ms)
      await flush()
    },
  }
}

/** Initialized on ETH (mainnet) with 100 USD typed, then paid through the first exchange. */
async function paying(opts: Options = {}) {
  const t = await setup(opts)
  await t.exchange.initialize({ amount: '100' })
  const payment = await t.exchange.payWithExchange('dev-exchange')
  return { ...t, payment }
}

describe('pay with exchange: the form (SPEC §3, §5, §7, §9)', () => {
  it('with payWithExchange (and payments) off, initialize asks the API nothing: no exchange list, no price (issue 25 §4)', async () => {
    const t = await setup({ features: { payWithExchange: false, payments: false } })
    await t.exchange.initialize({ amount: '100' })
    expect(t.rpcCalls).toEqual([])
    expect(t.priceCalls).toEqual([])
    expect(t.state()).toMatchObject({ exchanges: [], paymentAsset: undefined })
  })

  it("initialize: the network's supported assets, the first one chosen with its price, the first 2 exchanges of page 0", async () => {
    const t = await setup()
    await t.exchange.initialize()
    const s = t.state()
    expect(s.assets.map((a) => a.metadata.symbol)).toEqual(['ETH', 'USDC', 'USDT'])
    expect(s.paymentAsset).toEqual({
      network: 'eip155:1',
      asset: 'native',
      metadata: { name: 'Ethereum', symbol: 'ETH', decimals: 18 },
      price: 3000,
    })
    expect(s.exchanges).toEqual(EXCHANGES.slice(0, 2))
    expect(s).toMatchObject({ isLoading: false, priceLoading: false, amount: '', tokenAmount: '' })
    expect(s.error).toBeUndefined()
    expect(t.priceCalls).toEqual([[ETH_PRICE_ID]])
    expect(t.rpcCalls).toEqual([
      { method: 'portico_getExchanges', params: { page: 0, asset: 'eip155:1/slip44:60', amount: '0', projectId: 'p' } },
    ])
  })

  it('the token amount follows the fiat amount: amount / price, 8 decimals; the fiat amount keeps 2 decimals', async () => {
    const t = await setup()
    await t.exchange.initialize()
    expect(t.exchange.setAmount('100')).toBe('100')
    expect(t.state()).toMatchObject({ amount: '100', tokenAmount: '0.03333333' })
    expect(t.exchange.setAmount('12,345')).toBe('12.34')
    expect(t.state().tokenAmount).toBe('0.00411333')
    t.exchange.setAmount('')
    expect(t.state().tokenAmount).toBe('')
  })

  it('a preset chooses the asset by symbol and the amount; changing the asset asks its price and the exchanges again', async () => {
    const t = await setup()
    await t.exchange.initialize({ paymentAsset: 'usdc', amount: '25' })
    expect(t.state()).toMatchObject({ paymentAsset: { asset: USDC_MAINNET, price: 1 }, amount: '25', tokenAmount: '25' })
    expect(t.rpcCalls.at(-1)!.params).toMatchObject({ asset: `eip155:1/erc20:${USDC_MAINNET}`, amount: '25' })
    await t.exchange.setPaymentAsset(t.state().assets[0]!)
    expect(t.state()).toMatchObject({ paymentAsset: { asset: 'native', price: 3000 }, tokenAmount: '0.00833333' })
    expect(t.priceCalls.at(-1)).toEqual([ETH_PRICE_ID])
    expect(t.rpcCalls.filter((c) => c.method === 'portico_getExchanges')).toHaveLength(2)
  })

  it("an app's own asset (a local chain's token) joins the list", async () => {
    const local: PaymentAsset = {
      network: 'eip155:1',
      asset: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
      metadata: { name: 'Local Coin', symbol: 'LOC', decimals: 6 },
    }
    const t = await setup({
      price: () => json({ fungibles: [{ symbol: 'LOC', price: 2, address: 'eip155:1:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35' }] }),
    })
    await t.exchange.initialize({ paymentAsset: local, amount: '10' })
    expect(t.state().assets.map((a) => a.metadata.symbol)).toEqual(['ETH', 'USDC', 'USDT', 'LOC'])
    expect(t.state()).toMatchObject({ paymentAsset: { asset: local.asset, price: 2 }, tokenAmount: '5' })
    await expect(
      t.exchange.setPaymentAsset({
        network: 'bip122:000000000019d6689c085ae165831e93',
        asset: 'native',
        metadata: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      }),
    ).rejects.toThrow('No payment asset selected')
  })

  it("a network SPEC §9 lists no asset for (a local chain): the account's own tokens are offered, the first chosen", async () => {
    const local: CaipNetwork = { ...mainnet, id: 31337, caipNetworkId: 'eip155:31337', name: 'Local' }
    const usdc = 'eip155:31337:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
    const t = await setup({
      networks: [local],
      balances: [
        {
          name: 'Ether',
          symbol: 'ETH',
          chainId: 'eip155:31337',
          value: 3000,
          price: 3000,
          iconUrl: '',
          quantity: { decimals: '18', numeric: '1' },
        },
        {
          name: 'USD Coin',
          symbol: 'USDC',
          chainId: 'eip155:31337',
          address: usdc,
          value: 5,
          price: 1,
          iconUrl: '',
          quantity: { decimals: '6', numeric: '5' },
        },
      ],
      price: () => json({ fungibles: [{ symbol: 'USDC', price: 1, address: usdc }] }),
    })
    await t.portico.balance.fetchTokenBalances()
    await t.exchange.initialize({ paymentAsset: 'USDC', amount: '25' })
    expect(t.state().assets.map((a) => [a.asset, a.metadata.symbol])).toEqual([
      ['native', 'ETH'],
      ['0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', 'USDC'],
    ])
    expect(t.state()).toMatchObject({ paymentAsset: { asset: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', price: 1 }, tokenAmount: '25' })
  })

  it("the price failing sets 'Cannot get token price' (no token amount); the price coming back clears it", async () => {
    let down = true
    const t = await setup({
      price: () => (down ? json({ message: 'down' }, 500) : json({ fungibles: [{ symbol: 'ETH', price: 2000, address: ETH_PRICE_ID }] })),
    })
    await t.exchange.initialize({ amount: '100' })
    expect(t.state()).toMatchObject({ error: 'Cannot get token price', tokenAmount: '', priceLoading: false })
    expect(t.state().paymentAsset?.price).toBeUndefined()
    await expect(t.exchange.payWithExchange('dev-exchange')).rejects.toThrow('Cannot get token price')
    expect(opened).toHaveLength(0)
    down = false
    await expect(t.exchange.fetchTokenPrice()).resolves.toBe(2000)
    expect(t.state()).toMatchObject({ tokenAmount: '0.05', error: undefined })
  })

  it("the price answer's icon stands in for a listed asset's missing one; an asset's own icon stays", async () => {
    const icon = 'http://127.0.0.1:9/eth.svg'
    const t = await setup({ price: () => json({ fungibles: [{ symbol: 'ETH', price: 3000, address: ETH_PRICE_ID, iconUrl: icon }] }) })
    await t.exchange.initialize()
    expect(t.state().paymentAsset?.metadata.iconUrl).toBe(icon)
    // … and for the asset in the list (a picker shows it).
    expect(t.state().assets.map((a) => a.metadata.iconUrl)).toEqual([icon, undefined, undefined])
    const own: PaymentAsset = {
      network: 'eip155:1',
      asset: 'native',
      metadata: { name: 'Ethereum', symbol: 'ETH', decimals: 18, iconUrl: 'http://127.0.0.1:9/own.svg' },
    }
    await t.exchange.setPaymentAsset(own)
    expect(t.state().paymentAsset?.metadata.iconUrl).toBe('http://127.0.0.1:9/own.svg')
  })

  it("a price answer without the asset is 'Cannot get token price' too", async () => {
    const t = await setup({
      price: () => json({ fungibles: [{ symbol: 'X', price: 5, address: 'eip155:1:0x0000000000000000000000000000000000000001' }] }),
    })
    await t.exchange.initialize({ amount: '100' })
    expect(t.state()).toMatchObject({ error: 'Cannot get token price', tokenAmount: '' })
  })

  it("the price and the listing both failing: 'Unable to get exchanges' stays the error, the price stays unset", async () => {
    let failListing = () => {}
    const t = await setup({
      price: () => json({ message: 'down' }, 500),
      rpc: { portico_getExchanges: () => new Promise<Response>((r) => (failListing = () => r(rpcError('exchange offline')))) },
    })
    const started = t.exchange.initialize({ amount: '100' })
    await flush()
    // The price has failed; the listing fails after it.
    expect(t.state().error).toBe('Cannot get token price')
    failListing()
    await started
    expect(t.state()).toMatchObject({ error: 'Unable to get exchanges', tokenAmount: '', priceLoading: false, exchanges: [] })
    expect(t.state().paymentAsset?.price).toBeUndefined()
    // The price failing again keeps the listing's error (the price's shows as the missing price).
    await t.exchange.fetchTokenPrice()
    expect(t.state().error).toBe('Unable to get exchanges')
  })

  it("the listing failing shows and keeps 'Unable to get exchanges'", async () => {
    const t = await setup({ rpc: { portico_getExchanges: () => rpcError('exchange offline') } })
    await t.exchange.initialize()
    expect(t.state()).toMatchObject({ exchanges: [], isLoading: false, error: 'Unable to get exchanges' })
    await flush()
    expect(t.banner()).toMatchObject({ message: 'Unable to get exchanges', code: 'getExchanges', variant: 'error', open: true })
  })

  it("the provider saying the asset is not supported: 'Asset not supported'", async () => {
    const t = await setup({ rpc: { portico_getExchanges: () => rpcError('Asset eip155:1/slip44:60 is not supported') } })
    await t.exchange.initialize()
    expect(t.state().error).toBe('Asset not supported')
    await flush()
    expect(t.banner()).toMatchObject({ message: 'Asset not supported', variant: 'error' })
  })
})

describe('pay with exchange: paying (SPEC §4, §8)', () => {
  it('opens the 480×720 popup, a random paymentId, the pay URL (amount in tokens, recipient network:address) in it, IN_PROGRESS', async () => {
    const t = await paying()
    expect(opened).toHaveLength(1)
    expect(opened[0]!.args).toEqual(['', 'portico-exchange', 'scrollbars=yes,width=480,height=720'])
    expect(opened[0]!.window.opener).toBeNull()
    expect(opened[0]!.window.location.href).toBe(PAY_URL)
    expect(t.rpcCalls.at(-1)).toEqual({
      method: 'portico_getExchangePayUrl',
      params: {
        exchangeId: 'dev-exchange',
        asset: 'eip155:1/slip44:60',
        amount: '0.03333333',
        recipient: `eip155:1:${ADDRESS}`,
        projectId: 'p',
      },
    })
    expect(t.payment).toEqual({ type: 'exchange', exchangeId: 'dev-exchange', sessionId: 's1', status: 'IN_PROGRESS' })
    expect(t.state()).toMatchObject({
      isPaymentInProgress: true,
      paymentId: '00000000-0000-4000-8000-000000000001',
      currentPayment: t.payment,
    })
    // A second press while paying does nothing.
    await expect(t.exchange.payWithExchange('other-exchange')).resolves.toBeUndefined()
    expect(opened).toHaveLength(1)
  })

  it('polls the status every 5 s; SUCCESS ends it with the hash and refreshes the balances past the cache', async () => {
    const t = await paying({
      statuses: [{ status: 'IN_PROGRESS' }, { status: 'IN_PROGRESS', txHash: null }, { status: 'SUCCESS', txHash: '0xfeed' }],
    })
    await t.advance(4_999)
    expect(t.statusCalls()).toBe(0)
    await t.advance(1)
    expect(t.statusCalls()).toBe(1)
    expect(t.rpcCalls.at(-1)).toEqual({
      method: 'portico_getExchangeBuyStatus',
      params: { sessionId: 's1', exchangeId: 'dev-exchange', projectId: 'p' },
    })
    expect(t.state()).toMatchObject({ isPaymentInProgress: true, currentPayment: { status: 'IN_PROGRESS' } })
    await t.advance(5_000)
    expect(t.statusCalls()).toBe(2)
    expect(t.balanceCalls).toHaveLength(0)
    await t.advance(5_000)
    expect(t.statusCalls()).toBe(3)
    expect(t.state()).toMatchObject({
      isPaymentInProgress: false,
      currentPayment: { type: 'exchange', exchangeId: 'dev-exchange', sessionId: 's1', status: 'SUCCESS', result: '0xfeed' },
    })
    // The hash's page on the network's block explorer (the test mainnet's is http://127.0.0.1:4000/1).
    expect(t.state().currentPayment?.explorerUrl).toBe('http://127.0.0.1:4000/1/tx/0xfeed')
    expect(t.state().error).toBeUndefined()
    expect(t.balanceCalls.map((u) => u.searchParams.get('forceUpdate'))).toEqual(['true'])
    await t.advance(60_000)
    expect(t.statusCalls()).toBe(3)
  })

  it('FAILED ends it (with the hash when given), without a balance refresh', async () => {
    const t = await paying({ statuses: [{ status: 'IN_PROGRESS' }, { status: 'FAILED', txHash: null }] })
    await t.advance(5_000)
    expect(t.state()).toMatchObject({ isPaymentInProgress: true, currentPayment: { status: 'IN_PROGRESS' } })
    await t.advance(5_000)
    expect(t.state()).toMatchObject({ isPaymentInProgress: false, currentPayment: { status: 'FAILED' } })
    expect(t.state().currentPayment?.result).toBeUndefined()
    expect(t.balanceCalls).toHaveLength(0)
    await t.advance(60_000)
    expect(t.statusCalls()).toBe(2)
  })

  it('a failed status request reads UNKNOWN and the polling goes on', async () => {
    const t = await paying({ statuses: ['error', { status: 'SUCCESS', txHash: '0xbeef' }] })
    await t.advance(5_000)
    expect(t.state()).toMatchObject({ isPaymentInProgress: true, currentPayment: { status: 'UNKNOWN' } })
    await t.advance(5_000)
    expect(t.state()).toMatchObject({ isPaymentInProgress: false, currentPayment: { status: 'SUCCESS', result: '0xbeef' } })
  })

  it("20 polls without an end: 'Unable to get deposit status', UNKNOWN, no 21st poll", async () => {
    const t = await paying({ statuses: [{ status: 'IN_PROGRESS' }] })
    for (let i = 1; i <= 19; i++) await t.advance(5_000)
    expect(t.statusCalls()).toBe(19)
    expect(t.state()).toMatchObject({ isPaymentInProgress: true, currentPayment: { status: 'IN_PROGRESS' } })
    await t.advance(5_000)
    expect(t.statusCalls()).toBe(20)
    expect(t.state()).toMatchObject({
      isPaymentInProgress: false,
      error: 'Unable to get deposit status',
      errorCode: { code: 'depositStatus', message: 'Unable to get deposit status' },
      currentPayment: { status: 'UNKNOWN' },
      phase: 'failed',
      failure: { reason: 'statusUnknown', error: { code: 'depositStatus' } },
    })
    await t.advance(60_000)
    expect(t.statusCalls()).toBe(20)
  })

  it('resetPayment stops the polling and keeps the form; a new payment gets a new paymentId', async () => {
    const t = await paying()
    await t.advance(5_000)
    t.exchange.resetPayment()
    expect(t.state()).toMatchObject({
      isPaymentInProgress: false,
      amount: '100',
      tokenAmount: '0.03333333',
      paymentAsset: { asset: 'native' },
    })
    expect(t.state().currentPayment).toBeUndefined()
    await t.advance(30_000)
    expect(t.statusCalls()).toBe(1)
    await t.exchange.payWithExchange('other-exchange')
    expect(t.state().paymentId).toBe('00000000-0000-4000-8000-000000000002')
    expect(opened).toHaveLength(2)
  })

  it('reset while the pay URL is on its way: the popup closes, nothing polls', async () => {
    let answer!: (r: Response) => void
    const t = await setup({ rpc: { portico_getExchangePayUrl: () => new Promise<Response>((r) => (answer = r)) } })
    await t.exchange.initialize({ amount: '100' })
    const paid = t.exchange.payWithExchange('dev-exchange')
    await flush()
    expect(t.state()).toMatchObject({ isPaymentInProgress: true, currentPayment: { type: 'exchange', exchangeId: 'dev-exchange' } })
    t.exchange.reset()
    answer(json({ jsonrpc: '2.0', id: 1, result: { url: PAY_URL, sessionId: 's1' } }))
    await expect(paid).resolves.toBeUndefined()
    expect(opened[0]!.window).toMatchObject({ closed: true, location: { href: '' } })
    expect(t.state()).toMatchObject({ isPaymentInProgress: false, amount: '', assets: [] })
    await t.advance(30_000)
    expect(t.statusCalls()).toBe(0)
  })

  it('on Solana: SOL as CAIP-19 slip44:501, the recipient solana:<ref>:<address>', async () => {
    const t = await setup({ namespace: 'solana' })
    await t.exchange.initialize({ paymentAsset: 'SOL', amount: '100' })
    expect(t.state().assets.map((a) => a.metadata.symbol)).toEqual(['USDC', 'USDT', 'SOL'])
    expect(t.priceCalls).toEqual([[SOL_PRICE_ID]])
    expect(t.state()).toMatchObject({ paymentAsset: { asset: 'native', price: 150 }, tokenAmount: '0.66666667' })
    await t.exchange.payWithExchange('dev-exchange')
    expect(t.rpcCalls.at(-1)!.params).toEqual({
      exchangeId: 'dev-exchange',
      asset: `${solana.caipNetworkId}/slip44:501`,
      amount: '0.66666667',
      recipient: `${solana.caipNetworkId}:${SOL_ADDRESS}`,
      projectId: 'p',
    })
  })
})

describe('pay with exchange: what it needs (SPEC §5, §8)', () => {
  it("'No account connected' before anything opens", async () => {
    const t = await setup({ connect: false })
    await t.exchange.initialize({ amount: '100' })
    await expect(t.exchange.payWithExchange('dev-exchange')).rejects.toThrow('No account connected')
    expect(t.state().error).toBe('No account connected')
    expect(opened).toHaveLength(0)
  })

  it("'No payment asset selected' on a network without a supported asset", async () => {
    const local: CaipNetwork = { ...mainnet, id: 31337, caipNetworkId: 'eip155:31337', name: 'Local' }
    const t = await setup({ networks: [local] })
    await t.exchange.initialize({ amount: '100' })
    expect(t.state()).toMatchObject({ assets: [], exchanges: [] })
    await expect(t.exchange.payWithExchange('dev-exchange')).rejects.toThrow('No payment asset selected')
    expect(opened).toHaveLength(0)
    expect(t.rpcCalls).toHaveLength(0)
  })

  it("'Could not create popup window' when the browser refuses it; no pay URL is asked", async () => {
    const t = await setup()
    await t.exchange.initialize({ amount: '100' })
    popupRefused = true
    await expect(t.exchange.payWithExchange('dev-exchange')).rejects.toThrow('Could not create popup window')
    expect(t.state()).toMatchObject({ isPaymentInProgress: false, error: 'Could not create popup window' })
    expect(t.rpcCalls.filter((c) => c.method === 'portico_getExchangePayUrl')).toHaveLength(0)
  })

  it("no amount: 'Incorrect amount'", async () => {
    const t = await setup()
    await t.exchange.initialize()
    await expect(t.exchange.payWithExchange('dev-exchange')).rejects.toThrow('Incorrect amount')
    expect(opened).toHaveLength(0)
  })

  it("the pay URL failing: 'Unable to initiate payment' shown and kept, the popup closed, nothing in progress", async () => {
    const t = await paying({ rpc: { portico_getExchangePayUrl: () => rpcError('exchange offline') } })
    expect(t.payment).toBeUndefined()
    expect(opened[0]!.window.closed).toBe(true)
    expect(t.state()).toMatchObject({ isPaymentInProgress: false, error: 'Unable to initiate payment' })
    expect(t.state().currentPayment).toBeUndefined()
    await flush()
    expect(t.banner()).toMatchObject({ message: 'Unable to initiate payment', variant: 'error', open: true })
    await t.advance(10_000)
    expect(t.statusCalls()).toBe(0)
  })

  it("the provider saying the asset is not supported when paying: 'Asset not supported'", async () => {
    const t = await paying({ rpc: { portico_getExchangePayUrl: () => rpcError('asset is not supported by this exchange') } })
    expect(t.state().error).toBe('Asset not supported')
    expect(opened[0]!.window.closed).toBe(true)
  })

  it('a change of network starts over, except during a payment', async () => {
    const t = await setup()
    await t.exchange.initialize({ amount: '100' })
    await t.portico.network.switchNetwork(base)
    expect(t.state()).toMatchObject({ amount: '', assets: [], exchanges: [] })
    expect(t.state().paymentAsset).toBeUndefined()
    await t.exchange.initialize({ amount: '100' })
    expect(t.state().assets.map((a) => a.metadata.symbol)).toEqual(['ETH', 'USDC'])
    await t.exchange.payWithExchange('dev-exchange')
    await t.portico.network.switchNetwork(mainnet)
    expect(t.state()).toMatchObject({ isPaymentInProgress: true, currentPayment: { status: 'IN_PROGRESS' } })
  })
})

describe('pay with exchange: codes and decisions for every UI (issue 21 §4)', () => {
  it('phase: form, waiting while the exchange is paying, success; FAILED is a failure of reason paymentFailed', async () => {
    const t = await setup()
    await t.exchange.initialize({ amount: '100' })
    expect(t.state()).toMatchObject({ phase: 'form', starting: false })
    await t.exchange.payWithExchange('dev-exchange')
    expect(t.state()).toMatchObject({ phase: 'waiting', exchangeId: 'dev-exchange' })
    const u = await paying({ statuses: [{ status: 'FAILED', txHash: null }] })
    await u.advance(5_000)
    expect(u.state()).toMatchObject({ phase: 'failed', failure: { reason: 'paymentFailed' }, exchangeId: 'dev-exchange' })
    expect(u.state().failure?.error).toBeUndefined()
    u.exchange.resetPayment()
    expect(u.state()).toMatchObject({ phase: 'form', exchangeId: 'dev-exchange' })
    expect(u.state().failure).toBeUndefined()
  })

  it('a blocked popup is a failure of reason popupBlocked, coded createPopup; the exchange chosen stays for Try again', async () => {
    const t = await setup()
    await t.exchange.initialize({ amount: '100' })
    popupRefused = true
    await expect(t.exchange.payWithExchange('dev-exchange')).rejects.toThrow('Could not create popup window')
    expect(t.state()).toMatchObject({
      phase: 'failed',
      errorCode: { code: 'createPopup', message: 'Could not create popup window' },
      failure: { reason: 'popupBlocked', error: { code: 'createPopup', message: 'Could not create popup window' } },
      exchangeId: 'dev-exchange',
    })
    expect(t.state().formError).toBeUndefined()
  })

  it('where each error shows: the price where the amount goes, the listing in place of the exchanges, the rest under the form', async () => {
    const priceless = await setup({ price: () => json({ message: 'down' }, 500) })
    await priceless.exchange.initialize({ amount: '100' })
    expect(priceless.state()).toMatchObject({ priceError: { code: 'tokenPrice', message: 'Cannot get token price' } })
    expect([priceless.state().exchangesError, priceless.state().formError]).toEqual([undefined, undefined])

    const unlisted = await setup({ rpc: { portico_getExchanges: () => rpcError('exchange offline') } })
    await unlisted.exchange.initialize({ amount: '100' })
    expect(unlisted.state()).toMatchObject({ exchangesError: { code: 'getExchanges', message: 'Unable to get exchanges' } })
    expect([unlisted.state().priceError, unlisted.state().formError]).toEqual([undefined, undefined])

    const payUrl = await paying({ rpc: { portico_getExchangePayUrl: () => rpcError('exchange offline') } })
    expect(payUrl.state()).toMatchObject({ phase: 'form', formError: { code: 'initiatePayment', message: 'Unable to initiate payment' } })
    await flush()
    expect(payUrl.banner()).toMatchObject({ code: 'initiatePayment', message: 'Unable to initiate payment' })

    // 'Asset not supported' from the pay URL, with exchanges listed: under the form, not in place of them.
    const refused = await paying({ rpc: { portico_getExchangePayUrl: () => rpcError('asset is not supported by this exchange') } })
    expect(refused.state().exchanges.length).toBeGreaterThan(0)
    expect(refused.state()).toMatchObject({ formError: { code: 'assetNotSupported', message: 'Asset not supported' } })
    expect(refused.state().exchangesError).toBeUndefined()
  })

  it('start: once per network for a visit unless an asset is chosen; a preset once per object; starting until the start ends', async () => {
    const t = await setup()
    expect(t.state().starting).toBe(true)
    const visit = {}
    const preset = { amount: '50' }
    await t.exchange.start(preset, visit)
    expect(t.state()).toMatchObject({ starting: false, amount: '50', paymentAsset: { metadata: { symbol: 'ETH' } } })
    const listings = () => t.rpcCalls.filter((c) => c.method === 'portico_getExchanges').length
    const before = listings()
    t.exchange.setAmount('70')
    await t.exchange.start(preset, visit)
    await t.exchange.start(undefined, {})
    expect([t.state().amount, listings()]).toEqual(['70', before])
    await t.exchange.start({ amount: '20' }, visit)
    expect(t.state().amount).toBe('20')

    // A network without an asset: the start ends with none chosen (no longer starting: the view says it is unavailable).
    const local: CaipNetwork = { ...mainnet, id: 31337, caipNetworkId: 'eip155:31337', name: 'Local' }
    const u = await setup({ networks: [local] })
    const v = {}
    await u.exchange.start(undefined, v)
    expect(u.state()).toMatchObject({ starting: false, assets: [] })
    expect(u.state().paymentAsset).toBeUndefined()
  })
})
