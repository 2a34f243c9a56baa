/**
 * The swap flow (SPEC §3 "Swap state", §4 "Swap", §5, §7, §8): a portico with a fake adapter that
 * sends transactions, and a fake fetch at the HTTP boundary answering /v1/convert/*, prices,
 * balances and history.
 */
import { describe, expect, it } from 'vitest'
import type { SendTransactionParams, TransactionReceipt } from '../../adapters'
import type { TokenBalance } from '../chain/chain'
import { ADDRESS, base, fakeAdapter, mainnet, manualTimers, testPortico } from '../test-utils'
import type { CaipNetwork } from '../types'
import { QUOTE_DEBOUNCE_MS } from './rules'
import type { SwapFailureEvent } from './swap'

const ETH_ID = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USDC_CONTRACT = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const USDC_ID = `eip155:1:${USDC_CONTRACT}`
const PTK_ID = 'eip155:1:0x5fbdb2315678afecb367f032d93f642f64180aa3'
const ROUTER = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0'

const TOKENS = [
  { name: 'Ether', symbol: 'ETH', address: ETH_ID, decimals: 18 },
  { name: 'USD Coin', symbol: 'USDC', address: USDC_ID, decimals: 6 },
  { name: 'Portico Token', symbol: 'PTK', address: PTK_ID, decimals: 18 },
]
const PRICES: Record<string, number> = { [ETH_ID]: 3000, [USDC_ID]: 1, [PTK_ID]: 0.5 }

const ethBalance = (numeric = '2'): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: Number(numeric) * 3000,
  price: 3000,
  iconUrl: '',
  quantity: { decimals: '18', numeric },
})
const usdcBalance = (numeric = '5000'): TokenBalance => ({
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: USDC_ID,
  value: Number(numeric),
  price: 1,
  iconUrl: '',
  quantity: { decimals: '6', numeric },
})

/** Let promises, and the lazy API clients' first import(), settle. */
const flush = async () => {
  for (let i = 0; i < 6; i++) await new Promise((r) => setTimeout(r, 5))
}

type Answer = (url: URL, body: Record<string, unknown> | undefined) => Response | Promise<Response>
const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } })

interface Options {
  networks?: CaipNetwork[]
  balances?: TokenBalance[]
  debug?: boolean
  /** Overrides by path ('/v1/convert/quotes' …). */
  answers?: Record<string, Answer>
  send?: (p: SendTransactionParams) => Promise<string>
  receipt?: (hash: string) => Promise<TransactionReceipt>
  allowance?: () => string
  /** Connect through the embedded wallet (an auth connector) instead of a browser wallet. */
  embedded?: boolean
}

async function setup(opts: Options = {}) {
  const log: string[] = []
  const sent: SendTransactionParams[] = []
  let allowance = '0'
  const connector = opts.embedded
    ? { id: 'portico-auth', name: 'Email', type: 'auth' as const }
    : { id: 'io.metamask', name: 'MetaMask', type: 'announced' as const, rdns: 'io.metamask' }
  const adapter = Object.assign(fakeAdapter('eip155', [connector]), {
    capabilities: (opts.receipt ? ['waitForReceipt'] : []) as never[],
    async sendTransaction(p: SendTransactionParams) {
      sent.push(p)
      log.push(`send ${p.to}`)
      return (opts.send ?? (async () => `0xhash${sent.length}`))(p)
    },
    ...(opts.receipt ? { waitForReceipt: (p: { hash: string }) => opts.receipt!(p.hash) } : {}),
  })
  let balances = opts.balances ?? [ethBalance(), usdcBalance()]
  const requests: { path: string; query: Record<string, string>; body?: Record<string, unknown> }[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    const path = url.pathname
    requests.push({ path, query: Object.fromEntries(url.searchParams), ...(body ? { body } : {}) })
    const own = opts.answers?.[path]
    if (own) return own(url, body)
    if (path.endsWith('/balance')) {
      log.push(`balance${url.searchParams.get('forceUpdate') ? ' forceUpdate' : ''}`)
      return json({ balances: url.searchParams.get('chainId') === 'eip155:1' ? balances : [] })
    }
    if (path.endsWith('/history')) return json({ data: [], next: null })
    if (path === '/v1/fungible/price') {
      const addresses = (body?.addresses as string[]) ?? []
      return json({
        fungibles: addresses
          .filter((a) => PRICES[a] !== undefined)
          .map((a) => ({ symbol: TOKENS.find((t) => t.address === a)?.symbol ?? '', price: PRICES[a], address: a })),
      })
    }
    if (path === '/v1/convert/tokens') return json({ tokens: TOKENS })
    if (path === '/v1/convert/gas-price') return json({ standard: '20000000000', fast: '30000000000', instant: '40000000000' })
    if (path === '/v1/convert/quotes') {
      // 1 ETH → 2970 USDC; 1 USDC → 0.00033 ETH; PTK 0.5 USD
      const amount = BigInt(url.searchParams.get('amount')!)
      const from = url.searchParams.get('from')
      const to = url.searchParams.get('to')
      // The API quotes the market's impact (fees excluded) for ETH → USDC; USDC → ETH leaves it out.
      if (from === ETH_ID && to === USDC_ID)
        return json({ quotes: [{ id: null, toAmount: ((amount * 2970n) / 10n ** 12n).toString(), priceImpact: '0.1042' }] })
      if (from === USDC_ID && to === ETH_ID) return json({ quotes: [{ id: null, toAmount: (amount * 330_000_000n).toString() }] })
      if (to === PTK_ID) return json({ quotes: [] })
      return json({ quotes: [{ id: null, toAmount: amount.toString() }] })
    }
    if (path === '/v1/convert/allowance') return json({ allowance: opts.allowance?.() ?? allowance })
    if (path === '/v1/convert/build-approve') {
      return json({ tx: { from: ADDRESS, to: USDC_CONTRACT, data: '0x095ea7b3', value: '0', eip155: { gasPrice: '20000000000' } } })
    }
    if (path === '/v1/convert/build-transaction') {
      const from = body?.from
      return json({
        tx: {
          from: ADDRESS,
          to: `eip155:1:${ROUTER}`,
          data: '0x7ff36ab5',
          value: from === ETH_ID ? String(body?.amount) : '0',
          eip155: { gas: '200000', gasPrice: '20000000000' },
        },
      })
    }
    return json({})
  }) as typeof globalThis.fetch
  const timers = manualTimers(1_700_000_000_000)
  const portico = testPortico({
    networks: opts.networks ?? [mainnet, base],
    adapters: [adapter],
    fetch,
    timers,
    debug: opts.debug ?? false,
  })
  await portico.connection.connect(connector.id)
  await flush()
  const swap = await portico.load('swap')
  const failures: SwapFailureEvent[] = []
  swap.onFailure((e) => failures.push(e))
  const router = portico.router
  router.reset('Account')
  router.push('Swap')
  log.length = 0
  requests.length = 0
  return {
    portico,
    swap,
    adapter,
    sent,
    log,
    requests,
    timers,
    failures,
    router,
    views: () => router.$history.get().map((e) => e.view),
    banner: () => portico.banner.$banner.get(),
    setAllowance: (a: string) => {
      allowance = a
    },
    setBalances: (b: TokenBalance[]) => {
      balances = b
    },
    paths: () => requests.map((r) => r.path),
  }
}

/** Initialized, ETH → USDC, amount typed and quoted. */
async function quoted(t: Awaited<ReturnType<typeof setup>>, amount = '1', to = USDC_ID) {
  await t.swap.initialize()
  await t.swap.setToToken(t.swap.$swap.get().tokens!.find((x) => x.address === to))
  t.swap.setSourceTokenAmount(amount)
  t.timers.advance(QUOTE_DEBOUNCE_MS)
  await flush()
}

describe('swap flow: initialization (SPEC §4)', () => {
  it('initializing, then initialized: network price, tokens with popular and suggested lists, prices, gas price; the network token preselected', async () => {
    const t = await setup()
    const done = t.swap.initialize()
    expect(t.swap.$swap.get()).toMatchObject({ initializing: true, initialized: false })
    await done
    const s = t.swap.$swap.get()
    expect(s).toMatchObject({
      initializing: false,
      initialized: true,
      networkPrice: 3000,
      networkTokenSymbol: 'ETH',
      gasFee: '20000000000',
      slippage: 1,
      supported: true,
    })
    // 150000 gas × 20 gwei = 0.003 ETH × 3000 USD
    expect(s.gasPriceInUSD).toBeCloseTo(9, 10)
    expect(s.tokens!.map((x) => x.symbol)).toEqual(['ETH', 'USDC', 'PTK'])
    expect(s.popularTokens!.map((x) => x.symbol)).toEqual(['ETH', 'PTK', 'USDC'])
    expect(s.suggestedTokens!.map((x) => x.symbol)).toEqual(['ETH', 'USDC', 'PTK'])
    expect(s.myTokensWithBalance.map((x) => [x.symbol, x.address, x.quantity?.numeric])).toEqual([
      ['ETH', ETH_ID, '2'],
      ['USDC', USDC_ID, '5000'],
    ])
    expect(s.networkBalanceInUSD).toBe(6000)
    expect(s.tokensPriceMap).toMatchObject({ [ETH_ID]: 3000, [USDC_ID]: 1, [PTK_ID]: 0.5 })
    expect(s.sourceToken).toMatchObject({ symbol: 'ETH', price: 3000, quantity: { numeric: '2' } })
    expect(s.sourceTokenPriceInUSD).toBe(3000)
    expect(t.paths()).toEqual(expect.arrayContaining(['/v1/fungible/price', '/v1/convert/tokens', '/v1/convert/gas-price']))
    expect(t.requests.find((r) => r.path === '/v1/convert/tokens')!.query).toMatchObject({ chainId: 'eip155:1' })
  })

  it("a failure shows 'Failed to initialize swap' and goes back", async () => {
    const t = await setup({ answers: { '/v1/convert/tokens': () => json({ message: 'down' }, 500) } })
    await t.swap.initialize()
    expect(t.swap.$swap.get()).toMatchObject({ initializing: false, initialized: false })
    await flush()
    expect(t.banner()).toMatchObject({ message: 'Failed to initialize swap', code: 'initSwap', variant: 'error', open: true })
    expect(t.views()).toEqual(['Account'])
  })

  it("the network token's price failing shows 'Failed to fetch network token price' and the swap still starts", async () => {
    let first = true
    const t = await setup({
      answers: {
        '/v1/fungible/price': () => {
          if (first) {
            first = false
            return json({}, 500)
          }
          return json({ fungibles: [{ symbol: 'ETH', price: 3000, address: ETH_ID }] })
        },
      },
    })
    await t.swap.initialize()
    expect(t.swap.$swap.get().initialized).toBe(true)
    expect(t.banner()).toMatchObject({ message: 'Failed to fetch network token price', variant: 'error' })
  })

  it("off the 12 EVM swap chains (and the local ones): 'Network not supported for Swaps'", async () => {
    const sepolia: CaipNetwork = { ...mainnet, id: 11155111, caipNetworkId: 'eip155:11155111', name: 'Sepolia' }
    const t = await setup({ networks: [sepolia] })
    expect(t.swap.$swap.get()).toMatchObject({ supported: false, button: { label: 'Network not supported for Swaps', disabled: true } })
    await t.swap.initialize()
    expect(t.swap.$swap.get().initialized).toBe(false)
    expect(t.banner().message).toBe('Network not supported for Swaps')
    expect(t.views()).toEqual(['Account'])
    expect(t.paths().filter((p) => p.startsWith('/v1/convert'))).toEqual([])
  })

  it('a preset (open the Swap view with data) chooses the tokens and the amount, then quotes', async () => {
    const t = await setup()
    await t.swap.initialize({ fromToken: 'USDC', toToken: ETH_ID, amount: '100' })
    await flush()
    expect(t.swap.$swap.get()).toMatchObject({
      sourceToken: { symbol: 'USDC' },
      toToken: { symbol: 'ETH' },
      sourceTokenAmount: '100',
      toTokenAmount: '0.033000',
    })
  })

  it('a change of the active network resets the swap', async () => {
    const t = await setup()
    await quoted(t)
    await t.portico.network.switchNetwork(base)
    await flush()
    expect(t.swap.$swap.get()).toMatchObject({
      initialized: false,
      sourceToken: undefined,
      toToken: undefined,
      sourceTokenAmount: '',
      toTokenAmount: '',
    })
  })
})

describe('swap flow: tokens, amounts and the quote (SPEC §4, §5)', () => {
  it('setting a token fetches its price, then re-quotes when swappable', async () => {
    const t = await setup({ answers: {} })
    await t.swap.initialize()
    t.swap.setSourceTokenAmount('1')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    // Only one token: nothing to quote.
    expect(t.paths()).not.toContain('/v1/convert/quotes')
    t.requests.length = 0
    await t.swap.setToToken({ name: 'Other', symbol: 'OTH', address: 'eip155:1:0x0000000000000000000000000000000000000001', decimals: 18 })
    // Its price was not known: asked, then the quote.
    expect(t.paths().slice(0, 2)).toEqual(['/v1/fungible/price', '/v1/convert/quotes'])
    expect(t.requests[0]!.body).toMatchObject({ addresses: ['eip155:1:0x0000000000000000000000000000000000000001'] })
    t.requests.length = 0
    await t.swap.setToToken(t.swap.$swap.get().tokens!.find((x) => x.symbol === 'USDC'))
    // Known price (from the list's prices): straight to the quote.
    expect(t.paths()[0]).toBe('/v1/convert/quotes')
    expect(t.swap.$swap.get()).toMatchObject({ toTokenPriceInUSD: 1, toTokenAmount: '2970.000000' })
  })

  it('typing quotes once after the pause, with the amount in smallest units and the gas price', async () => {
    const t = await setup()
    await t.swap.initialize()
    await t.swap.setToToken(t.swap.$swap.get().tokens!.find((x) => x.symbol === 'USDC'))
    t.requests.length = 0
    t.swap.setSourceTokenAmount('0')
    t.swap.setSourceTokenAmount('0.')
    t.swap.setSourceTokenAmount('0.5')
    expect(t.swap.$swap.get()).toMatchObject({ loadingQuote: true, button: { label: 'Getting quote', loading: true } })
    t.timers.advance(QUOTE_DEBOUNCE_MS - 1)
    await flush()
    expect(t.paths()).not.toContain('/v1/convert/quotes')
    t.timers.advance(1)
    await flush()
    const quotes = t.requests.filter((r) => r.path === '/v1/convert/quotes')
    expect(quotes).toHaveLength(1)
    expect(quotes[0]!.query).toEqual({
      amount: '500000000000000000',
      userAddress: ADDRESS,
      from: ETH_ID,
      to: USDC_ID,
      gasPrice: '20000000000',
      projectId: 'p',
      st: 'portico',
      sv: expect.any(String),
    })
  })

  it('the amount is masked to the token decimals and converted exactly (15-digit integer, 18 decimals)', async () => {
    const t = await setup({ balances: [ethBalance('999999999999999'), usdcBalance()] })
    await t.swap.initialize()
    await t.swap.setToToken(t.swap.$swap.get().tokens!.find((x) => x.symbol === 'PTK'))
    expect(t.swap.setSourceTokenAmount('1,1234567890123456789')).toBe('1.123456789012345678')
    t.requests.length = 0
    t.swap.setSourceTokenAmount('123456789012345')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(t.requests.find((r) => r.path === '/v1/convert/quotes')!.query.amount).toBe('123456789012345000000000000000000')
  })

  it('a quote: destination to 6 decimals, price impact, max slippage and minimum, provider fee, USD values, then the swap transaction (native: no allowance)', async () => {
    const t = await setup()
    await quoted(t, '1')
    const s = t.swap.$swap.get()
    expect(s).toMatchObject({
      toTokenAmount: '2970.000000',
      maxSlippage: '29.7',
      minimumReceived: '2940.3',
      providerFee: '0.0085',
      sourceTokenAmountUsd: 3000,
      toTokenAmountUsd: 2970,
      inputError: undefined,
      button: { label: 'Review swap', disabled: false },
      needsApproval: false,
    })
    // The quote's market impact, not the USD loss with the fees in it (1 %: issue 25).
    expect(s.priceImpact).toBe(0.1042)
    // the rate: 2970 USDC for 1 ETH
    expect(s.rate).toBe(2970)
    expect(s.providerFeePercent).toBe('0.85')
    expect(t.paths()).not.toContain('/v1/convert/allowance')
    expect(t.requests.find((r) => r.path === '/v1/convert/build-transaction')!.body).toEqual({
      amount: '1000000000000000000',
      eip155: { slippage: '1' },
      from: ETH_ID,
      to: USDC_ID,
      userAddress: ADDRESS,
      disableEstimate: true,
    })
    expect(s.swapTransaction).toEqual({
      to: ROUTER,
      data: '0x7ff36ab5',
      gas: 200_000n,
      gasPrice: 20_000_000_000n,
      value: 10n ** 18n,
      toAmount: '2970.000000',
    })
    // the built transaction's gas: 200000 × 20 gwei = 0.004 ETH = 12 USD
    expect(s.gas).toMatchObject({ units: 4_000_000_000_000_000n, native: '0.004' })
    expect(s.gasPriceInUSD).toBeCloseTo(12, 10)
  })

  it("'Insufficient balance' when the source balance is below the amount (no transaction built)", async () => {
    const t = await setup()
    await quoted(t, '2.5')
    expect(t.swap.$swap.get()).toMatchObject({
      inputError: 'Insufficient balance',
      button: { label: 'Insufficient balance', disabled: true },
      swapTransaction: undefined,
    })
    expect(t.paths()).not.toContain('/v1/convert/build-transaction')
  })

  it("'Incorrect amount' when no quote comes back", async () => {
    const t = await setup()
    await quoted(t, '1', PTK_ID)
    expect(t.swap.$swap.get()).toMatchObject({
      inputError: 'Incorrect amount',
      toTokenAmount: '',
      button: { label: 'Incorrect amount', disabled: true },
    })
  })

  it("'Insufficient liquidity' when the quote's refusal mentions it; any other refusal is 'Incorrect amount'", async () => {
    let body: unknown = { error: 'Insufficient liquidity', reasons: [{ description: 'insufficient liquidity for this trade' }] }
    const t = await setup({ answers: { '/v1/convert/quotes': () => json(body, 400) } })
    await quoted(t, '1')
    expect(t.swap.$swap.get()).toMatchObject({ inputError: 'Insufficient liquidity', button: { label: 'Insufficient liquidity' } })
    body = { error: 'amount too small' }
    t.swap.setSourceTokenAmount('0.1')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(t.swap.$swap.get().inputError).toBe('Incorrect amount')
  })

  it('insufficient gas when the native balance is zero, or below the gas cost', async () => {
    const t = await setup({ balances: [usdcBalance()] })
    await t.swap.initialize({ fromToken: 'USDC', toToken: 'ETH' })
    t.swap.setSourceTokenAmount('100')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(t.swap.$swap.get()).toMatchObject({
      inputError: 'Insufficient ETH for gas',
      button: { label: 'Insufficient ETH for gas', disabled: true },
    })
    // 0.002 ETH against the 0.003 ETH of 150000 gas at 20 gwei
    const u = await setup({ balances: [ethBalance('0.002'), usdcBalance()] })
    await u.swap.initialize({ fromToken: 'USDC', toToken: 'ETH' })
    u.swap.setSourceTokenAmount('100')
    u.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(u.swap.$swap.get().inputError).toBe('Insufficient ETH for gas')
  })

  it('Max: the whole balance of a token; the network token keeps the default network cost back (150000 × 20 gwei)', async () => {
    const t = await setup()
    await t.swap.initialize({ fromToken: 'USDC', toToken: 'ETH' })
    expect(t.swap.setMaxSourceAmount()).toBe('5000')
    await t.swap.setSourceToken(t.swap.$swap.get().tokens!.find((x) => x.address === ETH_ID))
    // 2 ETH − 0.003 ETH
    expect(t.swap.setMaxSourceAmount()).toBe('1.997')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(t.swap.$swap.get()).toMatchObject({ sourceTokenAmount: '1.997', toTokenAmount: '5931.090000' })
  })

  it("switchTokens swaps source and target and moves the target amount (or '1' when empty) to the source", async () => {
    const t = await setup()
    await quoted(t, '1')
    await t.swap.switchTokens()
    await flush()
    expect(t.swap.$swap.get()).toMatchObject({
      sourceToken: { symbol: 'USDC' },
      toToken: { symbol: 'ETH' },
      sourceTokenAmount: '2970',
      sourceTokenPriceInUSD: 1,
      toTokenPriceInUSD: 3000,
    })
    // 2970 USDC × 0.00033 = 0.9801 ETH
    expect(t.swap.$swap.get().toTokenAmount).toBe('0.980100')

    const u = await setup()
    await u.swap.initialize()
    await u.swap.setToToken(u.swap.$swap.get().tokens!.find((x) => x.symbol === 'USDC'))
    await u.swap.switchTokens()
    await flush()
    expect(u.swap.$swap.get()).toMatchObject({
      sourceToken: { symbol: 'USDC' },
      toToken: { symbol: 'ETH' },
      sourceTokenAmount: '1',
      toTokenAmount: '0.000330',
    })
  })

  it('switchTokens is ignored while uninitialized, initializing or already switching', async () => {
    const t = await setup()
    await t.swap.switchTokens()
    expect(t.swap.$swap.get()).toMatchObject({ switchingTokens: false, sourceTokenAmount: '' })
    const init = t.swap.initialize()
    await t.swap.switchTokens()
    expect(t.swap.$swap.get().initializing).toBe(true)
    await init
    expect(t.swap.$swap.get().sourceToken?.symbol).toBe('ETH')
    await t.swap.setToToken(t.swap.$swap.get().tokens!.find((x) => x.symbol === 'PTK'))
    const first = t.swap.switchTokens()
    expect(t.swap.$swap.get().switchingTokens).toBe(true)
    const second = t.swap.switchTokens()
    await Promise.all([first, second])
    // Switched once: PTK → ETH, not back.
    expect(t.swap.$swap.get()).toMatchObject({ sourceToken: { symbol: 'PTK' }, toToken: { symbol: 'ETH' }, switchingTokens: false })
  })

  it('fetchTokens and the search by name, symbol or address (foundTokens)', async () => {
    const t = await setup()
    await t.swap.initialize()
    expect(t.swap.searchTokens('coin').map((x) => x.symbol)).toEqual(['USDC'])
    expect(t.swap.$swap.get().foundTokens!.map((x) => x.symbol)).toEqual(['USDC'])
    expect(t.swap.searchTokens('0x5FBDB').map((x) => x.symbol)).toEqual(['PTK'])
    expect(t.swap.searchTokens('ptk').map((x) => x.symbol)).toEqual(['PTK'])
    await expect(t.swap.fetchTokens()).resolves.toHaveLength(3)
  })
})

describe('swap flow: building (allowance → swap or approval; SPEC §4)', () => {
  it('a token below its allowance gets the approval transaction; enough allowance gets the swap transaction', async () => {
    const t = await setup()
    await t.swap.initialize({ fromToken: 'USDC', toToken: 'ETH' })
    t.swap.setSourceTokenAmount('100')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(t.requests.find((r) => r.path === '/v1/convert/allowance')!.query).toMatchObject({ tokenAddress: USDC_ID, userAddress: ADDRESS })
    expect(t.requests.find((r) => r.path === '/v1/convert/build-approve')!.query).toMatchObject({
      from: USDC_ID,
      to: ETH_ID,
      userAddress: ADDRESS,
    })
    expect(t.swap.$swap.get()).toMatchObject({
      needsApproval: true,
      approvalTransaction: { to: USDC_CONTRACT, data: '0x095ea7b3', gas: 0n, gasPrice: 20_000_000_000n, value: 0n },
      swapTransaction: undefined,
    })
    t.setAllowance('100000000') // exactly 100 USDC
    t.requests.length = 0
    await t.swap.buildTransaction()
    expect(t.paths()).toEqual(['/v1/convert/allowance', '/v1/convert/build-transaction'])
    expect(t.swap.$swap.get()).toMatchObject({
      needsApproval: false,
      approvalTransaction: undefined,
      swapTransaction: { to: ROUTER, value: 0n },
    })
  })

  it.each([
    ['/v1/convert/allowance', 'Failed to check allowance', '0'],
    ['/v1/convert/build-approve', 'Failed to create approval transaction', '0'],
    ['/v1/convert/build-transaction', 'Failed to create transaction', '1000000000000'],
  ])('%s failing: %s, fetchError, back one view', async (path, text, allowance) => {
    const t = await setup({ answers: { [path]: () => json({ tx: 'broken', allowance: 'x' }) }, allowance: () => allowance })
    await t.swap.initialize({ fromToken: 'USDC', toToken: 'ETH' })
    t.router.push('SwapPreview')
    t.swap.setSourceTokenAmount('100')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(t.swap.$swap.get()).toMatchObject({
      fetchError: true,
      loadingBuildTransaction: false,
      approvalTransaction: undefined,
      swapTransaction: undefined,
      button: { label: 'Swap' },
    })
    expect(t.banner()).toMatchObject({ message: text, variant: 'error' })
    expect(t.views()).toEqual(['Account', 'Swap'])
  })

  it("no account: 'No address found to swap the tokens from.'", async () => {
    const t = await setup()
    await quoted(t)
    await t.portico.connection.disconnect()
    await flush()
    await expect(t.swap.buildTransaction()).rejects.toThrow('No address found to swap the tokens from.')
    await expect(t.swap.sendTransactionForSwap()).rejects.toThrow('No address found to swap the tokens from.')
    await expect(t.swap.sendTransactionForApproval()).rejects.toThrow('No address found to swap the tokens from.')
  })
})

describe('swap flow: sending (SPEC §4, §8)', () => {
  it("approval: 'Approve limit increase in your wallet', sent to the token; then re-quote, rebuild (swap transaction), replace the view with SwapPreview", async () => {
    let allowance = '0'
    const t = await setup({
      allowance: () => allowance,
      send: async () => {
        allowance = '1000000000000'
        return '0xapprove'
      },
    })
    await t.swap.initialize({ fromToken: 'USDC', toToken: 'ETH' })
    t.swap.setSourceTokenAmount('100')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    t.router.push('SwapPreview')
    t.requests.length = 0
    const pending = t.swap.sendTransactionForApproval()
    expect(t.swap.$swap.get()).toMatchObject({ loadingApprovalTransaction: true, loadingText: 'Approve limit increase in your wallet' })
    expect(t.banner()).toMatchObject({ message: 'Approve limit increase in your wallet', variant: 'loading' })
    await expect(pending).resolves.toBe('0xapprove')
    expect(t.swap.$swap.get().loadingText).toBeUndefined()
    expect(t.sent[0]).toMatchObject({ to: USDC_CONTRACT, data: '0x095ea7b3', value: 0n, gasPrice: 20_000_000_000n, address: ADDRESS })
    expect(t.sent[0]!.gas).toBeUndefined()
    expect(t.paths().filter((p) => p.startsWith('/v1/convert'))).toEqual([
      '/v1/convert/quotes',
      '/v1/convert/allowance',
      '/v1/convert/build-transaction',
    ])
    expect(t.swap.$swap.get()).toMatchObject({
      loadingApprovalTransaction: false,
      approvalTransaction: undefined,
      swapTransaction: { to: ROUTER },
      needsApproval: false,
    })
    expect(t.views()).toEqual(['Account', 'Swap', 'SwapPreview'])
    expect(t.router.$history.get().length).toBe(3)
  })

  it("swap: 'Confirm transaction in your wallet', 'Swapping ...', then 'Swapped X to Y Z', reset, back to Account, balances past the cache, a 'trade' in Activity", async () => {
    let settle!: (r: TransactionReceipt) => void
    const t = await setup({ receipt: (hash) => new Promise((r) => (settle = (x) => r({ ...x, hash }))) })
    const activity = await t.portico.load('activity')
    await activity.fetchTransactions()
    await quoted(t, '1')
    t.router.push('SwapPreview')
    const pending = t.swap.sendTransactionForSwap()
    expect(t.swap.$swap.get()).toMatchObject({
      loadingTransaction: true,
      loadingText: 'Confirm transaction in your wallet',
      loadingCode: { code: 'confirmTransaction', message: 'Confirm transaction in your wallet' },
    })
    expect(t.banner()).toMatchObject({ message: 'Confirm transaction in your wallet', code: 'confirmTransaction', variant: 'loading' })
    await flush()
    expect(t.swap.$swap.get().loadingText).toBe('Swapping ...')
    expect(t.swap.$swap.get().loadingCode).toEqual({ code: 'swapping', message: 'Swapping ...' })
    expect(t.sent[0]).toMatchObject({ to: ROUTER, data: '0x7ff36ab5', value: 10n ** 18n, gasPrice: 20_000_000_000n })
    // The built gas (the API's default when the estimate is skipped) is no limit: the wallet estimates.
    expect(t.sent[0]).not.toHaveProperty('gas')
    t.timers.advance(200)
    expect(t.banner()).toMatchObject({ message: 'Swapping ...', variant: 'loading' })
    expect(activity.$activity.get().transactions[0]).toMatchObject({
      id: 'eip155:1:0xhash1',
      metadata: { operationType: 'trade', status: 'pending' },
    })
    settle({ hash: '', status: 'success' })
    await expect(pending).resolves.toBe('0xhash1')
    await flush()
    t.timers.advance(200)
    expect(t.banner()).toMatchObject({
      // What was paid, and the amounts grouped (issue 25).
      message: 'Swapped 1 ETH to 2,970 USDC',
      code: 'swapped',
      params: { paid: '1', from: 'ETH', amount: '2970', to: 'USDC' },
      variant: 'success',
    })
    expect(t.views()).toEqual(['Account'])
    expect(t.swap.$swap.get()).toMatchObject({
      initialized: false,
      sourceToken: undefined,
      toToken: undefined,
      sourceTokenAmount: '',
      toTokenAmount: '',
      swapTransaction: undefined,
      loadingTransaction: false,
    })
    expect(t.log).toContain('balance forceUpdate')
    const row = activity.$activity.get().transactions[0]!
    expect(row).toMatchObject({
      id: 'eip155:1:0xhash1',
      metadata: { operationType: 'trade', status: 'confirmed', sentFrom: ADDRESS, sentTo: ROUTER },
    })
    expect(row.transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: '1' }, fungible_info: expect.objectContaining({ symbol: 'ETH' }) }),
      expect.objectContaining({
        direction: 'in',
        quantity: { numeric: '2970' },
        fungible_info: expect.objectContaining({ symbol: 'USDC' }),
      }),
    ])
    expect(t.failures).toEqual([])
  })

  it('a second press while the wallet is asked sends nothing more', async () => {
    let answer!: (hash: string) => void
    const t = await setup({ send: () => new Promise((r) => (answer = r)) })
    await quoted(t, '1')
    const first = t.swap.sendTransactionForSwap()
    await expect(t.swap.sendTransactionForSwap()).resolves.toBeUndefined()
    await flush()
    answer('0xonce')
    await expect(first).resolves.toBe('0xonce')
    expect(t.sent).toHaveLength(1)
  })

  it('the embedded wallet also returns to Account after a swap (SPEC §2)', async () => {
    const t = await setup({ embedded: true })
    expect(t.portico.connection.getConnection()?.connectorId).toBe('portico-auth')
    await quoted(t, '0.5')
    t.router.push('SwapPreview')
    await expect(t.swap.sendTransactionForSwap()).resolves.toBe('0xhash1')
    expect(t.views()).toEqual(['Account'])
    expect(t.banner().message).toBe('Swapped 0.5 ETH to 1,485 USDC')
  })

  it.each([
    [
      'a refusal',
      async () => Promise.reject(Object.assign(new Error('User rejected the request'), { code: 4001 })),
      'User rejected the request',
      { code: 'userRejected', message: 'User rejected the request' },
    ],
    [
      'an error without a message',
      async () => Promise.reject(new Error('')),
      'Transaction error',
      { code: 'transactionError', message: 'Transaction error' },
    ],
    [
      "the wallet's own error",
      async () => Promise.reject(new Error('execution reverted: STF')),
      'execution reverted: STF',
      { code: 'otherError', params: { detail: 'execution reverted: STF' }, message: 'execution reverted: STF' },
    ],
  ])(
    '%s of the swap: transactionError, the preview keeps its state, no banner unless debug, an analytics failure event',
    async (_, send, text, coded) => {
      const t = await setup({ send })
      await quoted(t, '1')
      t.router.push('SwapPreview')
      await expect(t.swap.sendTransactionForSwap()).resolves.toBeUndefined()
      expect(t.swap.$swap.get().transactionErrorCode).toEqual(coded)
      expect(t.swap.$swap.get()).toMatchObject({
        transactionError: text,
        loadingTransaction: false,
        sourceTokenAmount: '1',
        toTokenAmount: '2970.000000',
        swapTransaction: { to: ROUTER },
      })
      expect(t.views()).toEqual(['Account', 'Swap', 'SwapPreview'])
      expect(t.banner().open).toBe(false)
      expect(t.failures).toEqual([
        {
          event: 'SWAP_ERROR',
          properties: {
            message: text,
            network: 'eip155:1',
            swapFromToken: 'ETH',
            swapToToken: 'USDC',
            swapFromAmount: '1',
            swapToAmount: '2970.000000',
            isSmartAccount: false,
          },
        },
      ])
    },
  )

  it('debug mode: swap and approval errors show as banners (SPEC §8)', async () => {
    const t = await setup({ debug: true, send: async () => Promise.reject(new Error('User rejected the request')) })
    await t.swap.initialize({ fromToken: 'USDC', toToken: 'ETH' })
    t.swap.setSourceTokenAmount('100')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    await expect(t.swap.sendTransactionForApproval()).resolves.toBeUndefined()
    t.timers.advance(200)
    expect(t.banner()).toMatchObject({ message: 'User rejected the request', variant: 'error', open: true })
    expect(t.swap.$swap.get()).toMatchObject({
      transactionError: 'User rejected the request',
      loadingApprovalTransaction: false,
      approvalTransaction: { to: USDC_CONTRACT },
    })
    expect(t.failures.map((f) => [f.event, f.properties.swapFromToken, f.properties.swapFromAmount])).toEqual([
      ['SWAP_APPROVAL_ERROR', 'USDC', '100'],
    ])
  })

  it("a reverted swap is 'Transaction error' and a failed row in Activity; the preview stays", async () => {
    const t = await setup({ receipt: async (hash) => ({ hash, status: 'reverted' }) })
    const activity = await t.portico.load('activity')
    await activity.fetchTransactions()
    await quoted(t, '1')
    t.router.push('SwapPreview')
    await expect(t.swap.sendTransactionForSwap()).resolves.toBeUndefined()
    expect(t.swap.$swap.get().transactionError).toBe('Transaction error')
    expect(t.views()).toEqual(['Account', 'Swap', 'SwapPreview'])
    await flush()
    expect(activity.$activity.get().transactions[0]).toMatchObject({ metadata: { status: 'failed' }, transfers: [] })
    expect(t.failures[0]!.event).toBe('SWAP_ERROR')
  })
})

describe('swap flow: codes and decisions for every UI (issue 21 §4)', () => {
  it('phase: loading until initialized, then form; unsupported off the swap chains', async () => {
    const t = await setup()
    expect(t.swap.$swap.get().phase).toBe('loading')
    await t.swap.initialize()
    expect(t.swap.$swap.get().phase).toBe('form')
    const sepolia: CaipNetwork = { ...mainnet, id: 11155111, caipNetworkId: 'eip155:11155111', name: 'Sepolia' }
    const u = await setup({ networks: [sepolia] })
    expect(u.swap.$swap.get()).toMatchObject({ phase: 'unsupported', button: { action: 'unsupported', disabled: true } })
  })

  it('start: once per network for a visit; a failed start is not retried by that visit, a new visit tries again', async () => {
    const t = await setup({ answers: { '/v1/convert/tokens': () => json({ message: 'down' }, 500) } })
    const visit = {}
    await t.swap.start(undefined, visit)
    expect(t.paths().filter((p) => p === '/v1/convert/tokens')).toHaveLength(1)
    expect(t.banner()).toMatchObject({ code: 'initSwap', message: 'Failed to initialize swap' })
    expect(t.views()).toEqual(['Account'])
    await t.swap.start(undefined, visit)
    expect(t.paths().filter((p) => p === '/v1/convert/tokens')).toHaveLength(1)
    await t.swap.start(undefined, {})
    expect(t.paths().filter((p) => p === '/v1/convert/tokens')).toHaveLength(2)
  })

  it('start: an initialized swap is kept; a preset is applied once per preset object; nothing off the swap chains', async () => {
    const t = await setup()
    const visit = {}
    await t.swap.start(undefined, visit)
    expect(t.swap.$swap.get()).toMatchObject({ initialized: true, sourceToken: { symbol: 'ETH' } })
    const tokenCalls = () => t.paths().filter((p) => p === '/v1/convert/tokens').length
    await t.swap.start(undefined, {})
    expect(tokenCalls()).toBe(1)
    const preset = { fromToken: 'USDC', toToken: 'ETH', amount: '100' }
    await t.swap.start(preset, visit)
    await flush()
    expect(t.swap.$swap.get()).toMatchObject({ sourceToken: { symbol: 'USDC' }, toToken: { symbol: 'ETH' }, sourceTokenAmount: '100' })
    t.swap.setSourceTokenAmount('5')
    await t.swap.start(preset, visit)
    expect(t.swap.$swap.get().sourceTokenAmount).toBe('5')

    const sepolia: CaipNetwork = { ...mainnet, id: 11155111, caipNetworkId: 'eip155:11155111', name: 'Sepolia' }
    const u = await setup({ networks: [sepolia] })
    await u.swap.start({ fromToken: 'ETH' }, {})
    expect([u.banner().open, u.views(), u.paths()]).toEqual([false, ['Account', 'Swap'], []])
  })

  it("pressButton: 'review' opens SwapPreview; 'retry' after a failed build quotes again; a disabled button does nothing", async () => {
    const t = await setup()
    await t.swap.initialize()
    await t.swap.pressButton()
    expect(t.swap.$swap.get().button).toMatchObject({ action: 'selectToken', disabled: true })
    expect(t.views()).toEqual(['Account', 'Swap'])
    await quoted(t, '1')
    expect(t.swap.$swap.get().button).toMatchObject({ action: 'review', label: 'Review swap', disabled: false })
    await t.swap.pressButton()
    expect(t.views()).toEqual(['Account', 'Swap', 'SwapPreview'])

    const u = await setup({
      answers: { '/v1/convert/build-transaction': () => json({ tx: 'broken' }) },
    })
    await quoted(u, '1')
    expect(u.swap.$swap.get()).toMatchObject({ fetchError: true, button: { action: 'retry', label: 'Swap', disabled: false } })
    expect(u.banner()).toMatchObject({ code: 'createTransaction', message: 'Failed to create transaction' })
    const quotes = () => u.paths().filter((p) => p === '/v1/convert/quotes').length
    const before = quotes()
    await u.swap.pressButton()
    expect(quotes()).toBe(before + 1)
  })

  it('input errors are coded: insufficientBalance, insufficientGas with the symbol', async () => {
    const t = await setup()
    await quoted(t, '3')
    expect(t.swap.$swap.get()).toMatchObject({
      inputError: 'Insufficient balance',
      inputErrorCode: { code: 'insufficientBalance', message: 'Insufficient balance' },
      button: { action: 'inputError', error: { code: 'insufficientBalance' }, disabled: true },
    })
    const u = await setup({ balances: [ethBalance('0'), usdcBalance()] })
    await u.swap.initialize({ fromToken: 'USDC', toToken: 'ETH' })
    u.swap.setSourceTokenAmount('100')
    u.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(u.swap.$swap.get()).toMatchObject({
      inputError: 'Insufficient ETH for gas',
      inputErrorCode: { code: 'insufficientGas', params: { symbol: 'ETH' }, message: 'Insufficient ETH for gas' },
      button: { action: 'inputError', label: 'Insufficient ETH for gas' },
    })
  })
})

describe('swap flow: the review simulates what it would send (issue 23 §2)', () => {
  /** A node without eth_simulateV1 at mainnet's RPC (the e2e journeys simulate on anvil); its requests kept. */
  const noSimulation =
    (calls: unknown[][]): Answer =>
    (_url, body) => {
      const { id, method, params } = body as { id: number; method: string; params: [{ blockStateCalls: { calls: unknown[] }[] }] }
      if (method === 'eth_simulateV1') calls.push(params[0].blockStateCalls[0]!.calls)
      return json({
        jsonrpc: '2.0',
        id,
        ...(method === 'eth_gasPrice' ? { result: '0x1' } : { error: { code: -32601, message: 'Method not found' } }),
      })
    }

  it('the swap transaction, from the account; a new quote drops the simulation', async () => {
    const calls: unknown[][] = []
    const t = await setup({ answers: { '/1': noSimulation(calls) } })
    await quoted(t, '1')
    expect(t.swap.$swap.get()).toMatchObject({ swapTransaction: { to: ROUTER }, simulation: null, simulating: false })
    const result = await t.swap.simulate()
    expect(calls).toEqual([[expect.objectContaining({ from: ADDRESS, to: ROUTER, data: '0x7ff36ab5', value: '0xde0b6b3a7640000' })]])
    expect(result).toEqual({
      simulation: 'unavailable',
      reason: 'unsupported',
      calls: [
        {
          kind: 'contractCall',
          to: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
          value: 10n ** 18n,
          selector: '0x7ff36ab5',
          data: '0x7ff36ab5',
          flags: ['unknownCall'],
        },
      ],
    })
    expect(t.swap.$swap.get().simulation).toEqual(result)
    t.swap.setSourceTokenAmount('0.5')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    expect(t.swap.$swap.get()).toMatchObject({ swapTransaction: { value: 5n * 10n ** 17n }, simulation: null })
  })

  it('with an approval needed, the approval is what is simulated', async () => {
    const calls: unknown[][] = []
    const t = await setup({ answers: { '/1': noSimulation(calls) } })
    await t.swap.initialize({ fromToken: 'USDC', toToken: 'ETH' })
    t.swap.setSourceTokenAmount('100')
    t.timers.advance(QUOTE_DEBOUNCE_MS)
    await flush()
    await t.swap.simulate()
    expect(calls).toEqual([[expect.objectContaining({ from: ADDRESS, to: USDC_CONTRACT, data: '0x095ea7b3' })]])
  })

  it('nothing built, nothing simulated', async () => {
    const t = await setup()
    await t.swap.initialize()
    await expect(t.swap.simulate()).resolves.toBeUndefined()
  })
})
