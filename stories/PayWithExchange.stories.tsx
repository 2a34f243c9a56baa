// Issue 14: pay with exchange in the real modal — the form (empty; $100 in ETH with the exchanges; the
// price and the exchanges on their way; the price's and the listing's failures), the asset picker, the
// waiting state, success with the hash and the explorer link, and the failures (the exchange's FAILED,
// 'Unable to get deposit status' after 20 polls, a blocked popup), and a network without assets. The
// fixture wallet on the fixture networks; light and dark panels, and the 375×812 phone (the bottom
// sheet). No request leaves the page: the prices and the exchange JSON-RPC are answered here, and the
// exchange's window is a stand-in (window.open is replaced for the one call that opens it).
import { type CaipNetwork, createPortico, type ExchangeFlow, type Portico, type ThemeMode, type Timers } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { fixtureFetch } from './support/api'
import { eachMode, fixtureAdapter, LEGAL, networks } from './support/fixtures'
import { networkImage, walletImage } from './support/images'
import { shows } from './support/panels'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const ETH_ICON = networkImage('#627eea', 'Ξ')
const USDC_ICON = networkImage('#2775ca', '$')
const PRICES: Record<string, { price: number; iconUrl: string }> = {
  eip155: { price: 3120.5, iconUrl: ETH_ICON },
  '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': { price: 1, iconUrl: USDC_ICON },
}
const EXCHANGES = [
  { id: 'dev-exchange', name: 'Dev Exchange', imageUrl: walletImage('#0b3d91', '#22c55e') },
  { id: 'harbor', name: 'Harbor Markets', imageUrl: walletImage('#7c3aed', '#f472b6') },
  { id: 'third', name: 'Third Exchange' },
]
const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'

/** A network without any asset to deposit (not among SPEC §9's). */
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

/** How the fixture API answers: prices and listing at once, never, or failing; the buy status. */
type ApiBehaviour = { hold?: boolean; fail?: boolean; status?: 'IN_PROGRESS' | 'SUCCESS' | 'FAILED'; noTokens?: boolean }

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const rpc = (result: unknown) => json({ jsonrpc: '2.0', id: 1, result })

function exchangeFetch(b: ApiBehaviour): typeof fetch {
  // noTokens: the account holds nothing on the network (where SPEC §9 lists no asset, the flow offers the account's own).
  const api = fixtureFetch(b.noTokens ? { tokens: [] } : {})
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const path = url.pathname.replace('/portico-fixture', '')
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}
    const method = body.method as string | undefined
    const held = b.hold && (path === '/v1/fungible/price' || method === 'portico_getExchanges')
    if (held) return new Promise<Response>(() => {})
    if (path === '/v1/fungible/price') {
      if (b.fail) return json({ message: 'fixture' }, 500)
      const addresses = (body.addresses as string[]) ?? []
      return json({
        fungibles: addresses.flatMap((a) => {
          const key = a.toLowerCase().endsWith('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
            ? 'eip155'
            : (a.toLowerCase().split(':')[2] ?? '')
          const p = PRICES[key]
          return p ? [{ symbol: '', price: p.price, address: a, iconUrl: p.iconUrl }] : []
        }),
      })
    }
    if (path === '/v1/json-rpc') {
      if (method === 'portico_getExchanges')
        return b.fail ? json({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'fixture' } }) : rpc({ exchanges: EXCHANGES })
      if (method === 'portico_getExchangePayUrl') return rpc({ url: 'http://127.0.0.1:1/exchange/pay', sessionId: 'fixture-session' })
      if (method === 'portico_getExchangeBuyStatus')
        return rpc({ status: b.status ?? 'IN_PROGRESS', txHash: b.status === 'SUCCESS' ? HASH : null })
    }
    if (/^\/v1\/identity\//.test(path)) return json({ name: null, avatar: null })
    return api(input, init)
  }
}

/** The status polls at once instead of every 5 s (the stories that show the payment's end). */
const quickPolls: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms === 5_000 ? 1 : ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
}

/** Pay through `id` with a stand-in for the exchange's window. */
async function pay(exchange: ExchangeFlow, id: string): Promise<void> {
  const real = window.open
  window.open = (() => ({ location: { href: '' }, opener: null, close() {} })) as unknown as typeof window.open
  let started: Promise<unknown>
  try {
    started = exchange.payWithExchange(id) // opens the window in this task
  } finally {
    window.open = real
  }
  await started.catch(() => undefined)
}

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

/** Where the flow is shown. */
type Step = 'empty' | 'filled' | 'loading' | 'errors' | 'assets' | 'waiting' | 'success' | 'failed' | 'unknown' | 'blocked' | 'noAssets'

const API: Partial<Record<Step, ApiBehaviour>> = {
  loading: { hold: true },
  errors: { fail: true },
  success: { status: 'SUCCESS' },
  failed: { status: 'FAILED' },
  noAssets: { noTokens: true },
}
const QUICK: readonly Step[] = ['success', 'failed', 'unknown']

async function make(mode: ThemeMode, step: Step, open: boolean): Promise<Portico> {
  const noAssets = step === 'noAssets'
  const portico = createPortico({
    projectId: 'storybook',
    networks: noAssets ? [...networks, SEPOLIA] : networks,
    adapters: [fixtureAdapter({ chainId: noAssets ? (SEPOLIA.id as number) : 1 })],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    ...LEGAL,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: exchangeFetch(API[step] ?? {}),
    ...(QUICK.includes(step) ? { timers: quickPolls } : {}),
  })
  await portico.ready
  await portico.connection.connect('io.portico.devwallet')
  await portico.balance.fetchTokenBalances()
  if (open) await portico.modal.open()
  portico.router.push('Account')
  portico.router.push('PayWithExchange')
  const exchange = await portico.load('exchange')
  if (noAssets) return portico
  const started = exchange.initialize(step === 'empty' ? {} : { amount: '100' })
  if (step === 'loading') return portico
  await started
  if (step === 'assets') portico.router.push('PayWithExchangeSelectAsset')
  if (['empty', 'filled', 'errors', 'assets', 'blocked'].includes(step)) return portico
  await pay(exchange, 'dev-exchange')
  if (QUICK.includes(step)) await waitFor(() => expect(exchange.$exchange.get().isPaymentInProgress).toBe(false), { timeout: 5_000 })
  return portico
}

const loader = (step: Step, open = false) => eachMode((mode) => make(mode, step, open))

const meta = { title: 'Views/PayWithExchange', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

// ——— The form ———

export const Empty: Story = {
  name: 'PayWithExchange (empty: ETH on Ethereum, the exchanges wait for an amount)',
  loaders: [loader('empty')],
  play: shows('portico-exchange-list', 'Dev Exchange'),
}

export const Filled: Story = {
  name: 'PayWithExchange ($100 in ETH, the first 2 exchanges)',
  loaders: [loader('filled')],
  play: shows('portico-exchange-token-amount', 'ETH'),
}

export const Loading: Story = {
  name: 'PayWithExchange (the price and the exchanges on their way)',
  loaders: [loader('loading')],
  play: shows('portico-exchange-skeletons'),
}

export const Errors: Story = {
  name: "PayWithExchange ('Cannot get token price', 'Unable to get exchanges')",
  loaders: [loader('errors')],
  play: shows('portico-exchange-list-error', 'Unable to get exchanges'),
}

export const NoAssets: Story = {
  name: 'PayWithExchange (a network without assets to deposit: none listed, none held)',
  loaders: [loader('noAssets')],
  play: shows('portico-exchange-unavailable', 'Sepolia'),
}

export const FilledPhone: Story = {
  name: 'PayWithExchange ($100 in ETH, phone)',
  ...PHONE,
  loaders: [loader('filled', true)],
  args: { phone: true },
  play: shows('portico-exchange-token-amount', 'ETH'),
}

export const FilledPhoneDark: Story = {
  name: 'PayWithExchange ($100 in ETH, phone, dark)',
  ...PHONE,
  loaders: [loader('filled', true)],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-exchange-token-amount', 'ETH'),
}

// ——— The asset picker ———

export const Assets: Story = {
  name: "PayWithExchangeSelectAsset (Ethereum's assets)",
  loaders: [loader('assets')],
  play: shows('portico-exchange-assets', 'USD Coin'),
}

// ——— The payment ———

export const Waiting: Story = {
  name: "PayWithExchange (waiting: complete the payment in the exchange's window)",
  loaders: [loader('waiting')],
  play: shows('portico-exchange-status', 'In progress'),
}

export const Success: Story = {
  name: 'PayWithExchange (success: the amount, the hash, the explorer link)',
  loaders: [loader('success')],
  play: shows('portico-exchange-success', 'deposited'),
}

export const Failed: Story = {
  name: "PayWithExchange (the exchange's FAILED, Try again)",
  loaders: [loader('failed')],
  play: shows('portico-exchange-failure', 'did not complete the payment'),
}

export const Unknown: Story = {
  name: "PayWithExchange ('Unable to get deposit status' after 20 polls)",
  loaders: [loader('unknown')],
  play: shows('portico-exchange-failure', 'Unable to get deposit status'),
}

export const Blocked: Story = {
  name: "PayWithExchange ('Could not create popup window')",
  loaders: [loader('blocked')],
  // The user presses an exchange (in each panel) and the browser refuses the window.
  play: async () => {
    const real = window.open
    window.open = (() => null) as typeof window.open
    try {
      await waitFor(async () => expect(await body().findAllByRole('button', { name: 'Deposit with Dev Exchange' })).toHaveLength(2))
      for (const button of body().getAllByRole('button', { name: 'Deposit with Dev Exchange' })) button.click()
      await shows('portico-exchange-failure', 'Could not create popup window')()
    } finally {
      window.open = real
    }
  },
}

export const WaitingPhoneDark: Story = {
  name: 'PayWithExchange (waiting, phone, dark)',
  ...PHONE,
  loaders: [loader('waiting', true)],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-exchange-status', 'In progress'),
}

export const SuccessPhone: Story = {
  name: 'PayWithExchange (success, phone)',
  ...PHONE,
  loaders: [loader('success', true)],
  args: { phone: true },
  play: shows('portico-exchange-success', 'deposited'),
}
