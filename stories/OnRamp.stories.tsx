// Issue 14: buying crypto in the real modal — OnRampProviders (empty with the presets; the options
// loading; quoting; quoted by two providers with the best marked; a provider without a quote; an
// amount below the minimum and above the maximum; the options failed; no token on the network; the
// provider's window opening and open), OnRampTokenSelect and OnRampFiatSelect, and the ways in:
// Account's Buy and Send's 'Fund wallet'. The fixture wallet on the fixture networks; light and dark
// panels, and the 375×812 phone (the bottom sheet). No request leaves the page: the fixture API
// answers the balances, and the on-ramp routes (/v1/onramp/*, /v1/generators/onrampurl) are answered
// here; the provider's window is a stand-in (no real popup opens).
import { type CaipNetwork, type ChainAdapter, createPortico, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fixtureFetch } from './support/api'
import { eachMode, fixtureAdapter, LEGAL, networks } from './support/fixtures'
import { networkImage } from './support/images'
import { shows } from './support/panels'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const net = (name: string, display: string, chainId: string) => ({ name, display_name: display, chain_id: chainId, contract_address: '' })
const OPTIONS = {
  providers: ['coinbase', 'meld'],
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [net('ethereum', 'Ethereum', '1'), net('base', 'Base', '8453'), net('polygon', 'Polygon', '137')],
    },
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [net('ethereum', 'Ethereum', '1'), net('base', 'Base', '8453')] },
    { id: 'USDT', name: 'Tether USD', symbol: 'USDT', networks: [net('ethereum', 'Ethereum', '1')] },
  ],
  // USD and EUR with SPEC §9's fallbacks (none given); GBP with the provider's own limits.
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: [] },
    { id: 'EUR', payment_method_limits: [] },
    { id: 'GBP', payment_method_limits: [{ id: 'card', min: '15.00', max: '5000.00' }] },
  ],
}
/** The sandbox providers keep 1% and 2%; prices in USD. */
const FEES: Record<string, number> = { coinbase: 0.01, meld: 0.02 }
const PRICES: Record<string, number> = { USDC: 1, ETH: 3120.5, USDT: 1 }

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const never = () => new Promise<Response>(() => {})

/** How the on-ramp routes answer. */
type Api = { options?: 'ok' | 'fail' | 'hold'; quotes?: 'ok' | 'hold' | 'meldFails'; page?: 'ok' | 'hold' }

function onrampFetch(api: Api): typeof fetch {
  const fixture = fixtureFetch({})
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const path = url.pathname.replace('/portico-fixture', '')
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}
    if (path === '/v1/onramp/options')
      return api.options === 'hold' ? never() : api.options === 'fail' ? json({ message: 'unavailable' }, 503) : json(OPTIONS)
    if (path === '/v1/onramp/quote') {
      const provider = String(body.provider)
      if (api.quotes === 'hold') return never()
      if (api.quotes === 'meldFails' && provider === 'meld') return json({ message: 'no quote' }, 502)
      const amount = Number(body.amount)
      const fee = amount * (FEES[provider] ?? 0.015)
      const price = PRICES[String(body.purchaseCurrency)] ?? 1
      return json({
        purchaseAmount: { amount: ((amount - fee) / price).toFixed(8), currency: body.purchaseCurrency },
        providerFee: { amount: fee.toFixed(2), currency: body.paymentCurrency },
      })
    }
    if (path === '/v1/generators/onrampurl')
      return api.page === 'hold' ? never() : json({ url: `http://127.0.0.1:4100/checkout?provider=${String(body.provider)}` })
    if (/^\/v1\/identity\//.test(path)) return json({ name: null, avatar: null })
    // The node, for Send's network fee (21000 gas at 2 gwei).
    if (url.port === '8545') {
      const { method } = JSON.parse(String(init?.body)) as { method: string }
      return json({ jsonrpc: '2.0', id: 1, result: method === 'eth_estimateGas' ? '0x5208' : '0x77359400' })
    }
    return fixture(input, init)
  }
}

/** A network no purchase currency is offered on. */
const SEPOLIA: CaipNetwork = {
  id: 11155111,
  caipNetworkId: 'eip155:11155111',
  chainNamespace: 'eip155',
  name: 'Sepolia',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545/11155111'] } },
  assets: { imageUrl: networkImage('#cfb5f0', 'S') },
  testnet: true,
}

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

/**
 * The provider's window, a stand-in: window.open is replaced only for the synchronous start of
 * openProvider (which opens the window before its first await), then put back.
 */
function withFakeWindow(run: () => Promise<unknown>): { done: Promise<unknown>; win: { closed: boolean } } {
  const original = window.open
  const fake = { closed: false, opener: null as unknown, location: { href: 'about:blank' }, close() {} }
  window.open = (() => fake) as unknown as typeof window.open
  try {
    return { done: run(), win: fake }
  } finally {
    window.open = original
  }
}

/** Where the flow is shown. */
type Step =
  | 'empty'
  | 'loading'
  | 'quoting'
  | 'quoted'
  | 'quoteError'
  | 'belowMin'
  | 'aboveMax'
  | 'optionsFailed'
  | 'noCurrency'
  | 'opening'
  | 'waiting'
  | 'returned'
  | 'tokens'
  | 'fiats'
  | 'account'
  | 'fundWallet'

const API: Partial<Record<Step, Api>> = {
  loading: { options: 'hold' },
  quoting: { quotes: 'hold' },
  quoteError: { quotes: 'meldFails' },
  optionsFailed: { options: 'fail' },
  opening: { page: 'hold' },
}
const AMOUNT: Partial<Record<Step, string>> = {
  quoting: '100',
  quoted: '100',
  quoteError: '250',
  belowMin: '5',
  aboveMax: '12000',
  opening: '100',
  waiting: '100',
  returned: '100',
}

async function make(mode: ThemeMode, step: Step, open: boolean): Promise<Portico> {
  const noCurrency = step === 'noCurrency'
  const adapter: ChainAdapter = fixtureAdapter({ chainId: noCurrency ? (SEPOLIA.id as number) : 1 })
  const portico = createPortico({
    projectId: 'storybook',
    networks: noCurrency ? [...networks, SEPOLIA] : networks,
    adapters: [adapter],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    ...LEGAL,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: onrampFetch(API[step] ?? {}),
  })
  await portico.ready
  await portico.connection.connect('io.portico.devwallet')
  await portico.balance.fetchTokenBalances()
  if (open) await portico.modal.open()
  portico.router.push('Account')
  if (step === 'account') return portico
  if (step === 'fundWallet') {
    portico.router.push('WalletSend')
    const send = await portico.load('send')
    const usdc = send.$send.get().tokenBalances.find((t) => t.symbol === 'USDC')
    if (usdc) send.setToken(usdc)
    send.setAmount('2500')
    return portico
  }
  portico.router.push('OnRampProviders')
  const onramp = await portico.load('onramp')
  if (step === 'loading') {
    void onramp.initialize()
    return portico
  }
  await onramp.initialize()
  if (step === 'tokens') portico.router.push('OnRampTokenSelect')
  if (step === 'fiats') portico.router.push('OnRampFiatSelect')
  const amount = AMOUNT[step]
  if (!amount) return portico
  onramp.setPaymentAmount(amount)
  if (step === 'quoting' || step === 'belowMin' || step === 'aboveMax') return portico
  await onramp.fetchQuotes()
  if (step === 'opening' || step === 'waiting' || step === 'returned') {
    // The page is asked for; 'opening' never gets it (its window stays blank).
    const { done, win } = withFakeWindow(() => onramp.openProvider('coinbase'))
    if (step !== 'opening') await done
    if (step === 'returned') {
      // The user closes the provider's window: the flow sees it at its next check (every second).
      win.closed = true
      for (let i = 0; i < 40 && onramp.$onramp.get().inProgress; i++) await new Promise((r) => setTimeout(r, 100))
    }
  }
  return portico
}

const loader = (step: Step, open = false) => eachMode((mode) => make(mode, step, open))

const meta = { title: 'Views/OnRamp', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

// ——— OnRampProviders ———

export const Empty: Story = {
  name: 'OnRampProviders (empty: presets, USD, USDC on Ethereum)',
  loaders: [loader('empty')],
  play: shows('portico-onramp-hint', 'Enter an amount'),
}

export const Loading: Story = {
  name: 'OnRampProviders (the options loading)',
  loaders: [loader('loading')],
  play: shows('portico-onramp-loading', 'Loading the providers'),
}

export const Quoting: Story = {
  name: 'OnRampProviders (quoting $100)',
  loaders: [loader('quoting')],
  play: shows('portico-onramp-quote-skeleton'),
}

export const Quoted: Story = {
  name: 'OnRampProviders (quoted: two providers, the best marked)',
  loaders: [loader('quoted')],
  play: shows('portico-onramp-providers', 'You get 99 USDC'),
}

export const QuoteError: Story = {
  name: 'OnRampProviders (a provider without a quote, with retry)',
  loaders: [loader('quoteError')],
  play: shows('portico-onramp-quote-error', 'HTTP status code: 502'),
}

export const BelowMinimum: Story = {
  name: 'OnRampProviders (below the minimum)',
  loaders: [loader('belowMin')],
  play: shows('portico-onramp-amount-error', 'The minimum is 10.00 USD'),
}

export const AboveMaximum: Story = {
  name: 'OnRampProviders (above the maximum)',
  loaders: [loader('aboveMax')],
  play: shows('portico-onramp-amount-error', 'The maximum is 7,500.00 USD'),
}

export const OptionsFailed: Story = {
  name: 'OnRampProviders (the options failed, with retry)',
  loaders: [loader('optionsFailed')],
  play: shows('portico-list-error', 'HTTP status code: 503'),
}

export const NoCurrency: Story = {
  name: 'OnRampProviders (no token on the network)',
  loaders: [loader('noCurrency')],
  play: shows('portico-onramp-unsupported', 'No token can be bought on Sepolia'),
}

export const Opening: Story = {
  name: "OnRampProviders (opening the provider's window)",
  loaders: [loader('opening')],
  play: shows('portico-onramp-waiting', 'Opening Coinbase'),
}

export const Waiting: Story = {
  name: "OnRampProviders (the purchase in the provider's window)",
  loaders: [loader('waiting')],
  play: shows('portico-onramp-waiting', "Complete your purchase in the provider's window"),
}

export const Returned: Story = {
  name: "OnRampProviders (back from the provider's window)",
  loaders: [loader('returned')],
  play: shows('portico-onramp-returned', 'Back from Coinbase'),
}

export const QuotedPhone: Story = {
  name: 'OnRampProviders (quoted, phone)',
  ...PHONE,
  loaders: [loader('quoted', true)],
  args: { phone: true },
  play: shows('portico-onramp-providers', 'You get 99 USDC'),
}

export const WaitingPhoneDark: Story = {
  name: 'OnRampProviders (waiting, phone, dark)',
  ...PHONE,
  loaders: [loader('waiting', true)],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-onramp-waiting', "Complete your purchase in the provider's window"),
}

// ——— The pickers ———

export const Tokens: Story = {
  name: 'OnRampTokenSelect (the tokens of Ethereum)',
  loaders: [loader('tokens')],
  play: shows('portico-onramp-tokens', 'Tether USD'),
}

export const Fiats: Story = {
  name: 'OnRampFiatSelect (the currencies with their limits)',
  loaders: [loader('fiats')],
  play: shows('portico-onramp-fiats', '15.00–5,000.00 GBP'),
}

export const FiatsPhone: Story = {
  name: 'OnRampFiatSelect (phone)',
  ...PHONE,
  loaders: [loader('fiats', true)],
  args: { phone: true },
  play: shows('portico-onramp-fiats', 'US Dollar'),
}

// ——— The ways in ———

export const AccountBuy: Story = {
  name: 'Account (Buy first among the wallet features)',
  loaders: [loader('account')],
  play: shows('portico-account-feature-onramp', 'Buy'),
}

export const SendFundWallet: Story = {
  name: "WalletSend (insufficient funds: 'Fund wallet')",
  loaders: [loader('fundWallet')],
  play: shows('portico-send-fund', 'Fund wallet'),
}

export const AccountBuyPhone: Story = {
  name: 'Account (Buy first, phone)',
  ...PHONE,
  loaders: [loader('account', true)],
  args: { phone: true },
  play: shows('portico-account-feature-onramp', 'Buy'),
}
