/**
 * The on-ramp flow (SPEC §3 "On-ramp state", §5, §7, §9): a portico with a fake adapter, a fake fetch
 * at the HTTP boundary answering /v1/onramp/*, the balances and the history, hand-driven timers, and
 * a fake browser window (`window.open`, focus) at the window boundary.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TokenBalance } from '../chain/chain'
import { ADDRESS, fakeAdapter, mainnet, manualTimers, SOL_ADDRESS, solana, testPortico } from '../test-utils'
import type { CaipNetwork, ChainNamespace } from '../types'
import { decimalGain, PURCHASE_WATCH_MS, QUOTE_DEBOUNCE_MS, RETURN_MIN_GAP_MS, RETURN_RECHECK_MS, WINDOW_POLL_MS } from './rules'

const polygon: CaipNetwork = {
  ...mainnet,
  id: 137,
  caipNetworkId: 'eip155:137',
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
}
const net = (name: string, chainId: string) => ({ name, display_name: name, chain_id: chainId, contract_address: '' })
const OPTIONS = {
  providers: ['coinbase', 'meld'],
  purchaseCurrencies: [
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [net('ethereum', '1')] },
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [net('ethereum', '1'), net('polygon', '137'), net('solana', solana.id as string)],
    },
    { id: 'SOL', name: 'Solana', symbol: 'SOL', networks: [net('solana', solana.id as string)] },
  ],
  // USD without limits: the SPEC §9 fallbacks apply; EUR with the provider's own.
  paymentCurrencies: [
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: '20.00', max: '5000.00' }] },
    { id: 'USD', payment_method_limits: [] },
  ],
}
/** The sandbox providers' fees: coinbase keeps 1%, meld 2% (USDC at 1 USD). */
const FEES: Record<string, number> = { coinbase: 0.01, meld: 0.02 }

const ETH: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 3000,
  price: 3000,
  iconUrl: '',
  quantity: { decimals: '18', numeric: '1' },
}

const flush = async () => {
  for (let i = 0; i < 6; i++) await new Promise((r) => setTimeout(r, 5))
}
const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } })

interface FakeWindow {
  closed: boolean
  location: { href: string }
  opener: unknown
  close(): void
}

/** A browser stand-in: window.open records its calls and gives a scriptable window (or null: blocked); focus listeners. */
function fakeBrowser(opts: { blocked?: boolean } = {}) {
  const opened: { url: string; name: string; features: string; win: FakeWindow }[] = []
  const focus = new Set<() => void>()
  const win = {
    screenX: 0,
    screenY: 0,
    outerWidth: 1300,
    outerHeight: 920,
    open(url: string, name: string, features: string) {
      if (opts.blocked) return null
      const w: FakeWindow = {
        closed: false,
        location: { href: url },
        opener: win,
        close() {
          w.closed = true
        },
      }
      opened.push({ url, name, features, win: w })
      return w
    },
    addEventListener: (type: string, fn: () => void) => type === 'focus' && focus.add(fn),
    removeEventListener: (type: string, fn: () => void) => type === 'focus' && focus.delete(fn),
  }
  vi.stubGlobal('window', win)
  return {
    opened,
    focus,
    returnFocus: () => {
      for (const fn of [...focus]) fn()
    },
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

interface Options {
  namespace?: ChainNamespace
  features?: { onramp?: boolean }
  answers?: Record<string, (body: Record<string, unknown> | undefined) => Response | Promise<Response>>
  connect?: boolean
  blocked?: boolean
}

async function setup(opts: Options = {}) {
  const namespace = opts.namespace ?? 'eip155'
  const browser = fakeBrowser({ blocked: opts.blocked })
  const adapter = fakeAdapter(namespace)
  const requests: { path: string; query: Record<string, string>; body?: Record<string, unknown> }[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    const path = url.pathname
    requests.push({ path, query: Object.fromEntries(url.searchParams), ...(body ? { body } : {}) })
    const own = opts.answers?.[path]
    if (own) return own(body)
    if (path === '/v1/onramp/options') return json(OPTIONS)
    if (path === '/v1/onramp/quote') {
      const fee = FEES[String(body?.provider)] ?? 0
      const amount = Number(body?.amount)
      return json({
        purchaseAmount: { amount: String(amount * (1 - fee)), currency: body?.purchaseCurrency },
        providerFee: { amount: String(amount * fee), currency: body?.paymentCurrency },
      })
    }
    if (path === '/v1/generators/onrampurl')
      return json({ url: `http://127.0.0.1:4100/checkout?provider=${String(body?.provider)}&session=1` })
    if (path.endsWith('/balance')) return json({ balances: url.searchParams.get('chainId') === 'eip155:1' ? [ETH] : [] })
    if (path.endsWith('/history')) return json({ data: [], next: null })
    return json({})
  }) as typeof globalThis.fetch
  const timers = manualTimers(1_700_000_000_000)
  const portico = testPortico({
    networks: namespace === 'solana' ? [solana] : [mainnet, polygon],
    adapters: [adapter],
    fetch,
    timers,
    ...(opts.features ? { features: opts.features } : {}),
  })
  if (opts.connect !== false) await portico.connection.connect('io.metamask')
  await flush()
  const onramp = await portico.load('onramp')
  requests.length = 0
  const paths = () => requests.map((r) => r.path)
  return { portico, onramp, requests, paths, timers, browser, state: () => onramp.$onramp.get(), adapter }
}

type T = Awaited<ReturnType<typeof setup>>

/** Initialized with 100 USD typed and quoted. */
async function quoted(t: T, amount = '100') {
  await t.onramp.initialize()
  t.onramp.setPaymentAmount(amount)
  t.timers.advance(QUOTE_DEBOUNCE_MS)
  await flush()
}

describe('on-ramp: options (SPEC §3, §5, §9)', () => {
  it('initialize fetches the options once: providers, the network’s purchase currencies with USDC first on Ethereum, USD first with the fallback limits', async () => {
    const t = await setup()
    expect(t.state()).toMatchObject({ supported: true, initialized: false, providers: [], ready: false })
    const done = t.onramp.initialize()
    expect(t.state().loading).toBe(true)
    await done
    const s = t.state()
    expect(s).toMatchObject({
      loading: false,
      initialized: true,
      providers: ['coinbase', 'meld'],
      paymentMethod: 'card',
      feeRange: { min: 1, max: 2 },
    })
    expect(s.purchaseCurrencies.map((c) => c.id)).toEqual(['ETH', 'USDC'])
    expect(s.purchaseCurrency?.id).toBe('USDC')
    expect(s.network?.name).toBe('ethereum')
    expect(s.paymentCurrencies).toEqual([
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '20.00', max: '5000.00' }] },
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
    ])
    expect(s.paymentCurrency?.id).toBe('USD')
    expect(s.limits).toEqual({ min: '10.00', max: '7500.00' })
    expect(s.currencyLimits).toEqual({ EUR: { min: '20.00', max: '5000.00' }, USD: { min: '10.00', max: '7500.00' } })
    expect(s.presetAmounts).toEqual(['50', '100', '250', '500'])
    await t.onramp.initialize()
    expect(t.paths().filter((p) => p === '/v1/onramp/options')).toHaveLength(1)
  })

  it('SPEC §5: a provider list that is not an array of strings reads as empty (nothing to quote or open)', async () => {
    const t = await setup({ answers: { '/v1/onramp/options': () => json({ ...OPTIONS, providers: ['coinbase', 7] }) } })
    await quoted(t)
    expect(t.state()).toMatchObject({ initialized: true, providers: [], quotes: [], ready: false })
    expect(t.paths()).not.toContain('/v1/onramp/quote')
  })

  it('a failed options call puts its text into error; the next initialize tries again', async () => {
    let fail = true
    const t = await setup({ answers: { '/v1/onramp/options': () => (fail ? json({}, 500) : json(OPTIONS)) } })
    await t.onramp.initialize()
    expect(t.state()).toMatchObject({ loading: false, initialized: false, error: 'HTTP status code: 500' })
    fail = false
    await t.onramp.initialize()
    expect(t.state()).toMatchObject({ initialized: true, error: undefined, providers: ['coinbase', 'meld'] })
  })

  it('Solana: SOL first, the network named by its genesis id', async () => {
    const t = await setup({ namespace: 'solana' })
    await t.onramp.initialize()
    expect(t.state().purchaseCurrencies.map((c) => c.id)).toEqual(['USDC', 'SOL'])
    expect(t.state()).toMatchObject({ purchaseCurrency: { id: 'SOL' }, network: { name: 'solana' }, supported: true })
  })

  it.each([
    ['the onramp flag is off', { features: { onramp: false } }],
    ['no account is connected', { connect: false }],
  ])('not supported when %s: initialize asks nothing', async (_name, opts) => {
    const t = await setup(opts)
    await t.onramp.initialize()
    expect(t.state()).toMatchObject({ supported: false, initialized: false, ready: false })
    expect(t.paths()).not.toContain('/v1/onramp/options')
  })

  it('a new network: its currencies, the choice kept when it has it, the quotes asked again', async () => {
    const t = await setup()
    await quoted(t)
    expect(t.state().quotes).toHaveLength(2)
    t.onramp.setPurchaseCurrency('ETH')
    t.timers.advance(0)
    await flush()
    await t.portico.network.switchNetwork(polygon)
    expect(t.state()).toMatchObject({ purchaseCurrency: { id: 'USDC' }, network: { name: 'polygon' }, quotes: [], quotesLoading: true })
    expect(t.state().purchaseCurrencies.map((c) => c.id)).toEqual(['USDC'])
    t.requests.length = 0
    t.timers.advance(0)
    await flush()
    expect(t.requests.filter((r) => r.path === '/v1/onramp/quote').map((r) => r.body?.network)).toEqual(['polygon', 'polygon'])
    expect(t.state().purchaseAmount).toBe('99')
  })
})

describe('on-ramp: amount and quotes', () => {
  it('no quote is asked until an amount is typed, whatever is chosen before (issue 25 §4)', async () => {
    const t = await setup()
    await t.onramp.initialize()
    t.onramp.setPurchaseCurrency('ETH')
    t.onramp.setPaymentCurrency('EUR')
    t.onramp.setPaymentMethod('ach_bank_account')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(t.paths()).not.toContain('/v1/onramp/quote')
    expect(t.state()).toMatchObject({ paymentAmount: '', quotes: [], quotesLoading: false })
  })

  it('the amount is masked to 2 decimals, quoted per provider after the pause, with quotesLoading; purchaseAmount is the best quote', async () => {
    const t = await setup()
    await t.onramp.initialize()
    t.onramp.setPaymentAmount('1')
    t.onramp.setPaymentAmount('10')
    expect(t.onramp.setPaymentAmount('100,509')).toBe('100.50')
    expect(t.state()).toMatchObject({ paymentAmount: '100.50', quotesLoading: true, ready: true })
    t.timers.advance(QUOTE_DEBOUNCE_MS - 1)
    await flush()
    expect(t.paths()).not.toContain('/v1/onramp/quote')
    t.timers.advance(1)
    await flush()
    expect(t.requests.filter((r) => r.path === '/v1/onramp/quote').map((r) => r.body)).toEqual([
      { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100.5', network: 'ethereum', provider: 'coinbase' },
      { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100.5', network: 'ethereum', provider: 'meld' },
    ])
    const s = t.state()
    expect(s.quotesLoading).toBe(false)
    expect(s.quotes.map((q) => [q.provider, q.purchaseAmount])).toEqual([
      ['coinbase', '99.495'],
      ['meld', '98.49'],
    ])
    expect(s.purchaseAmount).toBe('99.495')
    // The provider whose quote gives most (the views mark it 'Best'); none before a quote.
    expect(s.bestProvider).toBe('coinbase')
    t.onramp.selectProvider('meld')
    expect(t.state()).toMatchObject({ selectedProvider: { name: 'meld', url: '' }, purchaseAmount: '98.49' })
  })

  it('a currency the network does not offer is ignored; an offered one is chosen and quoted again', async () => {
    const t = await setup()
    await quoted(t)
    t.onramp.setPurchaseCurrency('SOL')
    t.onramp.setPaymentCurrency('GBP')
    expect(t.state()).toMatchObject({ purchaseCurrency: { id: 'USDC' }, paymentCurrency: { id: 'USD' }, purchaseAmount: '99' })
    t.requests.length = 0
    t.onramp.setPurchaseCurrency('ETH')
    expect(t.state()).toMatchObject({ purchaseCurrency: { id: 'ETH' }, purchaseAmount: undefined, quotes: [], quotesLoading: true })
    expect(t.state().bestProvider).toBeUndefined()
    t.timers.advance(0)
    await flush()
    expect(t.requests.map((r) => r.body?.purchaseCurrency)).toEqual(['ETH', 'ETH'])
  })

  it('SPEC §9: the quoted amount is rounded to 8 decimals', async () => {
    const t = await setup({
      answers: { '/v1/onramp/quote': () => json({ purchaseAmount: { amount: '0.0333333333333', currency: 'ETH' } }) },
    })
    await quoted(t, '100')
    expect(t.state().quotes.map((q) => q.purchaseAmount)).toEqual(['0.03333333', '0.03333333'])
  })

  it.each([
    ['9.99', { kind: 'min', limit: '10.00', currency: 'USD' }],
    ['7500.01', { kind: 'max', limit: '7500.00', currency: 'USD' }],
  ])('%s USD is outside the card limits: amountError, no quote', async (amount, error) => {
    const t = await setup()
    await quoted(t, amount)
    expect(t.state()).toMatchObject({ amountError: error, quotesLoading: false, quotes: [], ready: false })
    expect(t.paths()).not.toContain('/v1/onramp/quote')
  })

  it('bank transfer allows up to 25000 USD; EUR has the provider’s limits', async () => {
    const t = await setup()
    await quoted(t, '20000')
    expect(t.state().amountError).toMatchObject({ kind: 'max' })
    expect(t.paths()).not.toContain('/v1/onramp/quote')
    t.onramp.setPaymentMethod('ach_bank_account')
    expect(t.state()).toMatchObject({ limits: { min: '10.00', max: '25000.00' }, quotesLoading: true })
    // Each currency's limits follow the method (EUR has no bank limits: its first, the card's).
    expect(t.state().currencyLimits).toEqual({ EUR: { min: '20.00', max: '5000.00' }, USD: { min: '10.00', max: '25000.00' } })
    expect(t.state().amountError).toBeUndefined()
    t.timers.advance(0)
    await flush()
    expect(t.state().quotes.map((q) => q.purchaseAmount)).toEqual(['19800', '19600'])
    t.onramp.setPaymentMethod('card')
    t.onramp.setPaymentCurrency('EUR')
    t.onramp.setPaymentAmount('15')
    expect(t.state()).toMatchObject({
      paymentCurrency: { id: 'EUR' },
      limits: { min: '20.00', max: '5000.00' },
      amountError: { kind: 'min', limit: '20.00', currency: 'EUR' },
    })
  })

  it('a failed quote keeps its text on the quote and in error; the other provider’s quote stands', async () => {
    const t = await setup({
      answers: {
        '/v1/onramp/quote': (body) =>
          body?.provider === 'meld' ? json({ message: 'nope' }, 400) : json({ purchaseAmount: { amount: '99', currency: 'USDC' } }),
      },
    })
    await quoted(t)
    expect(t.state()).toMatchObject({
      quotesLoading: false,
      error: 'HTTP status code: 400',
      purchaseAmount: '99',
      quotes: [
        { provider: 'coinbase', purchaseAmount: '99' },
        { provider: 'meld', error: 'HTTP status code: 400' },
      ],
    })
  })

  it('an answer for an older amount is dropped', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const t = await setup({
      answers: {
        '/v1/onramp/quote': async (body) => {
          // The first round's answers arrive after the second's.
          if (body?.amount === '50') await gate
          return json({ purchaseAmount: { amount: body?.amount === '50' ? '49' : '198', currency: 'USDC' } })
        },
      },
    })
    await t.onramp.initialize()
    t.onramp.setPaymentAmount('50')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    t.onramp.setPaymentAmount('200')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(t.state()).toMatchObject({ paymentAmount: '200', purchaseAmount: '198', quotesLoading: false })
    release()
    await flush()
    expect(t.state()).toMatchObject({ paymentAmount: '200', purchaseAmount: '198', quotesLoading: false })
    expect(t.state().quotes.map((q) => q.purchaseAmount)).toEqual(['198', '198'])
  })
})

describe('on-ramp: the provider window and the return', () => {
  it('openProvider opens a blank window at once (inside the click), cuts the opener, then loads the provider’s page', async () => {
    const t = await setup()
    await quoted(t)
    const pending = t.onramp.openProvider('meld')
    // Synchronously, before any await: the browser still sees the click.
    expect(t.browser.opened).toHaveLength(1)
    const { win, url, name, features } = t.browser.opened[0]!
    expect([url, name, features]).toEqual(['about:blank', 'portico-onramp', 'popup=yes,width=500,height=720,left=400,top=100'])
    expect(win.opener).toBeNull()
    expect(t.state()).toMatchObject({ opening: true, selectedProvider: { name: 'meld', url: '' } })
    await expect(pending).resolves.toBe('http://127.0.0.1:4100/checkout?provider=meld&session=1')
    expect(win.location.href).toBe('http://127.0.0.1:4100/checkout?provider=meld&session=1')
    expect(t.requests.find((r) => r.path === '/v1/generators/onrampurl')?.body).toEqual({
      provider: 'meld',
      destinationWallets: [{ address: ADDRESS, blockchains: ['ethereum'], assets: ['USDC'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: ADDRESS,
      presetFiatAmount: 100,
      presetCryptoAmount: 98,
    })
    expect(t.state()).toMatchObject({
      opening: false,
      inProgress: true,
      selectedProvider: { name: 'meld', url: 'http://127.0.0.1:4100/checkout?provider=meld&session=1' },
      purchaseAmount: '98',
    })
  })

  it('without a name or a selected provider, the page of the provider whose quote gives most', async () => {
    const t = await setup({
      answers: {
        '/v1/onramp/quote': (body) => json({ purchaseAmount: { amount: body?.provider === 'meld' ? '99.2' : '98.7', currency: 'USDC' } }),
      },
    })
    await quoted(t)
    await expect(t.onramp.openProvider()).resolves.toBe('http://127.0.0.1:4100/checkout?provider=meld&session=1')
    expect(t.requests.find((r) => r.path === '/v1/generators/onrampurl')?.body).toMatchObject({
      provider: 'meld',
      presetCryptoAmount: 99.2,
    })
  })

  it("a blocked window: 'Could not create popup window', no page asked", async () => {
    const t = await setup({ blocked: true })
    await quoted(t)
    await expect(t.onramp.openProvider('coinbase')).resolves.toBeUndefined()
    expect(t.state()).toMatchObject({ error: 'Could not create popup window', inProgress: false, opening: false })
    expect(t.paths()).not.toContain('/v1/generators/onrampurl')
  })

  it('a failed page closes the window again and puts the text into error', async () => {
    const t = await setup({ answers: { '/v1/generators/onrampurl': () => json({}, 503) } })
    await quoted(t)
    await expect(t.onramp.openProvider('coinbase')).resolves.toBeUndefined()
    expect(t.browser.opened[0]!.win.closed).toBe(true)
    expect(t.state()).toMatchObject({ error: 'HTTP status code: 503', opening: false, inProgress: false })
  })

  it('the remote config turning the onramp flag off: not supported, no window', async () => {
    const t = await setup()
    await quoted(t)
    expect(t.state().ready).toBe(true)
    t.portico.features.applyRemote({ onramp: false })
    expect(t.state()).toMatchObject({ supported: false, ready: false })
    await expect(t.onramp.openProvider('coinbase')).resolves.toBeUndefined()
    expect(t.browser.opened).toHaveLength(0)
  })

  it("no account: 'No account connected', no window", async () => {
    const t = await setup()
    await quoted(t)
    await t.portico.connection.disconnect()
    await expect(t.onramp.openProvider('coinbase')).resolves.toBeUndefined()
    expect(t.state().error).toBe('No account connected')
    expect(t.browser.opened).toHaveLength(0)
  })

  it('EVM: when the window closes, the balances refresh past the cache and Activity re-reads its first page; once more 16 s later', async () => {
    const t = await setup()
    const activity = await t.portico.load('activity')
    await activity.fetchTransactions()
    await quoted(t)
    await t.onramp.openProvider('coinbase')
    t.requests.length = 0
    // The user pays at the provider for a minute: nothing is asked meanwhile.
    t.timers.advance(60_000)
    await flush()
    expect(t.paths()).toEqual([])
    t.browser.opened[0]!.win.closed = true
    t.timers.advance(WINDOW_POLL_MS)
    await flush()
    expect(t.state().inProgress).toBe(false)
    const balance = (r: { path: string }) => r.path.endsWith('/balance')
    expect(t.requests.filter(balance).map((r) => r.query.forceUpdate)).toEqual(['true'])
    expect(t.paths().filter((p) => p.endsWith('/history'))).toHaveLength(1)
    t.timers.advance(RETURN_RECHECK_MS)
    await flush()
    expect(t.requests.filter(balance).map((r) => r.query.forceUpdate)).toEqual(['true', 'true'])
    expect(t.paths().filter((p) => p.endsWith('/history'))).toHaveLength(2)
    // Closed: its focus no longer counts; the purchase, not arrived, is looked for every 16 s for 2 minutes.
    t.browser.returnFocus()
    await flush()
    expect(t.requests.filter(balance)).toHaveLength(2)
    for (let i = 0; i < 12; i++) {
      t.timers.advance(RETURN_RECHECK_MS)
      await flush()
    }
    const looked = t.requests.filter(balance).length
    expect(looked).toBe(1 + Math.ceil(PURCHASE_WATCH_MS / RETURN_RECHECK_MS))
    t.timers.advance(RETURN_RECHECK_MS * 4)
    await flush()
    expect(t.requests.filter(balance)).toHaveLength(looked)
    expect(t.state().purchase).toBeUndefined()
  })

  it('the purchase arrives: the amount the bought token grew by and its transaction from the history; no more rechecks (issue 25 §1)', async () => {
    const USDC = { ...ETH, name: 'USD Coin', symbol: 'USDC', address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', price: 1 }
    let usdc = '1000'
    const HASH = `0x${'ab'.repeat(32)}`
    const t = await setup({
      answers: {
        [`/v1/account/${ADDRESS}/balance`]: () => json({ balances: [ETH, { ...USDC, quantity: { decimals: '6', numeric: usdc } }] }),
        [`/v1/account/${ADDRESS}/history`]: () =>
          json({
            data: [
              {
                id: `eip155:1:${HASH}`,
                metadata: {
                  minedAt: new Date(1_700_000_030_000).toISOString(),
                  chain: 'eip155:1',
                  operationType: 'receive',
                  status: 'confirmed',
                  sentFrom: '0xtreasury',
                  sentTo: ADDRESS,
                },
                transfers: [{ direction: 'in', quantity: { numeric: '29.5' }, fungible_info: { symbol: 'USDC' } }],
              },
            ],
            next: null,
          }),
      },
    })
    await t.portico.balance.fetchTokenBalances({ namespace: 'eip155', forceUpdate: true })
    await quoted(t)
    await t.onramp.openProvider('coinbase')
    expect(t.state().purchase).toBeUndefined()
    // The provider pays out, the user closes its window.
    usdc = '1029.5'
    t.browser.opened[0]!.win.closed = true
    t.timers.advance(WINDOW_POLL_MS)
    await flush()
    expect(t.state().purchase).toEqual({
      amount: '29.5',
      symbol: 'USDC',
      hash: HASH,
      explorerUrl: `http://127.0.0.1:4000/1/tx/${HASH}`,
    })
    // Arrived: the rechecks stop after the one already set.
    const balance = (r: { path: string }) => r.path.endsWith('/balance')
    const before = t.requests.filter(balance).length
    for (let i = 0; i < 4; i++) {
      t.timers.advance(RETURN_RECHECK_MS)
      await flush()
    }
    expect(t.requests.filter(balance).length).toBeLessThanOrEqual(before + 1)
    // A new purchase starts afresh.
    t.onramp.reset()
    expect(t.state().purchase).toBeUndefined()
  })

  it('the transaction shown is the purchase’s own: an earlier incoming transfer of the token (another amount) is not taken while the history lacks the purchase', async () => {
    const USDC = { ...ETH, name: 'USD Coin', symbol: 'USDC', address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', price: 1 }
    let usdc = '1000'
    const FUNDING = `0x${'0f'.repeat(32)}`
    const HASH = `0x${'ab'.repeat(32)}`
    const incoming = (hash: string, at: number, amount: string) => ({
      id: `eip155:1:${hash}`,
      metadata: {
        minedAt: new Date(at).toISOString(),
        chain: 'eip155:1',
        operationType: 'receive',
        status: 'confirmed',
        sentFrom: '0xtreasury',
        sentTo: ADDRESS,
      },
      transfers: [{ direction: 'in', quantity: { numeric: amount }, fungible_info: { symbol: 'USDC' } }],
    })
    // The account was funded with 1000 USDC a few seconds before the window opened (within the clock slack).
    let history = [incoming(FUNDING, 1_699_999_990_000, '1000.000000')]
    const t = await setup({
      answers: {
        [`/v1/account/${ADDRESS}/balance`]: () => json({ balances: [ETH, { ...USDC, quantity: { decimals: '6', numeric: usdc } }] }),
        [`/v1/account/${ADDRESS}/history`]: () => json({ data: history, next: null }),
      },
    })
    await t.portico.balance.fetchTokenBalances({ namespace: 'eip155', forceUpdate: true })
    await quoted(t)
    await t.onramp.openProvider('coinbase')
    usdc = '1029.5'
    t.browser.opened[0]!.win.closed = true
    t.timers.advance(WINDOW_POLL_MS)
    await flush()
    // The balance grew by 29.5; the history does not list the purchase yet: no transaction shown (not the funding's).
    expect(t.state().purchase).toEqual({ amount: '29.5', symbol: 'USDC' })
    history = [incoming(HASH, 1_700_000_030_000, '29.500000'), ...history]
    t.timers.advance(RETURN_RECHECK_MS)
    await flush()
    expect(t.state().purchase).toMatchObject({ amount: '29.5', symbol: 'USDC', hash: HASH })
  })

  it.each<[string, string, string | undefined]>([
    ['1029.5', '1000', '29.5'],
    ['0.3', '0.1', '0.2'],
    ['5', '5', undefined],
    ['4.99', '5', undefined],
    ['1e3', '0', undefined],
    ['100', '99.999999', '0.000001'],
  ])('decimalGain(%j, %j) → %j', (after, before, gain) => {
    expect(decimalGain(after, before)).toBe(gain)
  })

  it('coming back to the page (focus) refreshes while the window stays open; two focus events within 2 s refresh once', async () => {
    const t = await setup()
    await quoted(t)
    await t.onramp.openProvider('coinbase')
    t.requests.length = 0
    t.timers.advance(30_000)
    t.browser.returnFocus()
    await flush()
    t.timers.advance(RETURN_MIN_GAP_MS - 1)
    t.browser.returnFocus()
    await flush()
    expect(t.paths().filter((p) => p.endsWith('/balance'))).toHaveLength(1)
    t.timers.advance(1)
    t.browser.returnFocus()
    await flush()
    expect(t.paths().filter((p) => p.endsWith('/balance'))).toHaveLength(2)
    // Activity is not loaded: nothing to re-read (it reads the server's history when shown).
    expect(t.paths().filter((p) => p.endsWith('/history'))).toHaveLength(0)
    expect(t.state().inProgress).toBe(true)
  })

  it('Solana: the balance and Activity refresh on return (the API serves Solana history)', async () => {
    const t = await setup({ namespace: 'solana' })
    const activity = await t.portico.load('activity')
    await activity.fetchTransactions()
    await quoted(t)
    const url = await t.onramp.openProvider()
    expect(url).toBe('http://127.0.0.1:4100/checkout?provider=coinbase&session=1')
    expect(t.requests.find((r) => r.path === '/v1/generators/onrampurl')?.body).toMatchObject({
      destinationWallets: [{ address: SOL_ADDRESS, blockchains: ['solana'], assets: ['SOL'] }],
      defaultNetwork: 'solana',
      partnerUserId: SOL_ADDRESS,
    })
    t.requests.length = 0
    t.timers.advance(20_000)
    t.browser.opened[0]!.win.closed = true
    t.timers.advance(WINDOW_POLL_MS)
    await flush()
    expect(t.requests.filter((r) => r.path.endsWith('/balance')).map((r) => r.query.forceUpdate)).toEqual(['true'])
    expect(t.paths().filter((p) => p.endsWith('/history'))).toEqual([`/v1/account/${SOL_ADDRESS}/history`])
  })

  it('reset: back to the first choices, the options kept, the window no longer watched', async () => {
    const t = await setup()
    await quoted(t)
    await t.onramp.openProvider('coinbase')
    t.onramp.setPurchaseCurrency('ETH')
    t.onramp.reset()
    expect(t.state()).toMatchObject({
      initialized: true,
      providers: ['coinbase', 'meld'],
      purchaseCurrency: { id: 'USDC' },
      paymentCurrency: { id: 'USD' },
      paymentAmount: '',
      quotes: [],
      inProgress: false,
    })
    expect(t.state().selectedProvider).toBeUndefined()
    t.requests.length = 0
    t.browser.opened[0]!.win.closed = true
    t.timers.advance(WINDOW_POLL_MS * 2)
    t.browser.returnFocus()
    await flush()
    expect(t.paths()).toEqual([])
  })
})
