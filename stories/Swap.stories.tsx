// Issue 13: Swap in the real modal — the form (empty; quoted with the rate, impact and network cost;
// an amount above the balance; a network without swaps), the token picker (suggested, your tokens,
// popular), the review without and with an approval first, the wallet asked for the approval and for
// the swap, the swap being mined, and a refused swap's error. The fixture wallet on the fixture
// networks; light and dark panels, and the 375×812 phone (the bottom sheet). No request leaves the
// page: the fixture API answers the balances, and the convert routes (/v1/convert/*) and the prices
// are answered here from fixed prices (1% below the fair rate).
import {
  localeOf,
  type CaipNetwork,
  type ChainAdapter,
  createPortico,
  type Portico,
  type SendTransactionParams,
  type ThemeMode,
} from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fixtureFetch } from './support/api'
import { ADDRESS, eachMode, fixtureAdapter, LEGAL, networks } from './support/fixtures'
import { networkImage } from './support/images'
import { shows } from './support/panels'
import { simulationRpc } from './support/simulation'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'

/** The chain's swappable tokens (the balances' ETH, USDC and PTK, plus WETH and DAI held by nobody). */
const TOKENS = [
  { name: 'Ether', symbol: 'ETH', contract: NATIVE, decimals: 18, price: 3120.5, logo: networkImage('#627eea', 'Ξ') },
  {
    name: 'USD Coin',
    symbol: 'USDC',
    contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    decimals: 6,
    price: 1,
    logo: networkImage('#2775ca', '$'),
  },
  {
    name: 'Portico Token',
    symbol: 'PTK',
    contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    decimals: 18,
    price: 0.85,
    logo: networkImage('#0f766e', 'P'),
  },
  {
    name: 'Wrapped Ether',
    symbol: 'WETH',
    contract: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    decimals: 18,
    price: 3120.5,
    logo: networkImage('#ec4899', 'W'),
  },
  {
    name: 'Dai Stablecoin',
    symbol: 'DAI',
    contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
    decimals: 18,
    price: 1,
    logo: networkImage('#f5ac37', 'D'),
  },
]

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const find = (id: string | null) => TOKENS.find((t) => id?.toLowerCase().endsWith(t.contract.toLowerCase()))
/** The fixture token of `id`; the fixture API only ever asks about its own tokens. */
const token = (id: string | null) => {
  const found = find(id)
  if (!found) throw new Error(`No fixture token ${id}`)
  return found
}

/** The fixture API, plus the convert routes and the prices. `allowance` is what the router may spend of any token. */
function swapFetch(allowance: string): typeof fetch {
  const api = fixtureFetch({})
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const path = url.pathname.replace('/portico-fixture', '')
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}
    // The chain's node, for the review's simulation: 0.5 ETH in the router's quote (1,544.6475 USDC) back.
    if (url.port === '8545') {
      const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
      return json(
        simulationRpc(body as { method: string }, {
          tokens: { [usdc.toLowerCase()]: { symbol: 'USDC', decimals: 6 } },
          incoming: { token: usdc, amount: 1_544_647_500n },
        }) ?? { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
      )
    }
    if (path === '/v1/convert/tokens') {
      const chainId = url.searchParams.get('chainId') ?? 'eip155:1'
      return json({
        tokens: TOKENS.map((t) => ({
          name: t.name,
          symbol: t.symbol,
          address: `${chainId}:${t.contract}`,
          decimals: t.decimals,
          logoUri: t.logo,
        })),
      })
    }
    if (path === '/v1/fungible/price') {
      const addresses = (body.addresses as string[]) ?? []
      return json({
        fungibles: addresses.flatMap((a) => {
          const t = find(a)
          return t ? [{ symbol: t.symbol, price: t.price, address: a, iconUrl: t.logo }] : []
        }),
      })
    }
    if (path === '/v1/convert/gas-price') return json({ standard: '2000000000', fast: '3000000000', instant: '4000000000' })
    if (path === '/v1/convert/quotes') {
      const from = token(url.searchParams.get('from'))
      const to = token(url.searchParams.get('to'))
      const amount = Number(url.searchParams.get('amount')) / 10 ** from.decimals
      const out = ((amount * from.price) / to.price) * 0.99
      return json({
        quotes: [
          {
            id: null,
            toAmount: BigInt(Math.floor(out * 10 ** Math.min(to.decimals, 12))).toString() + '0'.repeat(Math.max(0, to.decimals - 12)),
          },
        ],
      })
    }
    if (path === '/v1/convert/allowance') return json({ allowance })
    if (path === '/v1/convert/build-approve') {
      return json({
        tx: {
          from: ADDRESS,
          to: token(url.searchParams.get('from')).contract,
          data: '0x095ea7b3',
          value: '0',
          eip155: { gasPrice: '2000000000' },
        },
      })
    }
    if (path === '/v1/convert/build-transaction') {
      const native = String(body.from).toLowerCase().endsWith(NATIVE)
      return json({
        tx: {
          from: ADDRESS,
          to: ROUTER,
          data: '0x7ff36ab5',
          value: native ? String(body.amount) : '0',
          eip155: { gas: '150000', gasPrice: '2000000000' },
        },
      })
    }
    if (/^\/v1\/identity\//.test(path)) return json({ name: null, avatar: null })
    return api(input, init)
  }
}

/** A network without swaps (not among SPEC §9's chains). */
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

/** The wallet's answer to a transaction: a hash (mined at once, or never), a refusal, or never (still asking). */
type Wallet = 'approve' | 'mining' | 'reject' | 'pending'

function swappingAdapter(wallet: Wallet, chainId: number): ChainAdapter {
  return {
    ...fixtureAdapter({ chainId }),
    capabilities: ['waitForReceipt'],
    sendTransaction(_tx: SendTransactionParams) {
      if (wallet === 'pending') return new Promise<string>(() => {})
      if (wallet === 'reject') return Promise.reject(Object.assign(new Error('User rejected the request'), { code: 4001 }))
      return Promise.resolve('0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060')
    },
    waitForReceipt({ hash }) {
      if (wallet === 'mining') return new Promise(() => {})
      return Promise.resolve({ hash, status: 'success' as const })
    },
  }
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
type Step =
  | 'empty'
  | 'quoted'
  | 'insufficient'
  | 'unsupported'
  | 'tokens'
  | 'preview'
  | 'previewApproval'
  | 'approving'
  | 'confirming'
  | 'swapping'
  | 'error'

const WALLET: Partial<Record<Step, Wallet>> = { approving: 'pending', confirming: 'pending', swapping: 'mining', error: 'reject' }
const APPROVAL: readonly Step[] = ['previewApproval', 'approving']

async function make(mode: ThemeMode, step: Step, open: boolean, locale?: string): Promise<Portico> {
  const unsupported = step === 'unsupported'
  const portico = createPortico({
    projectId: 'storybook',
    networks: unsupported ? [...networks, SEPOLIA] : networks,
    adapters: [swappingAdapter(WALLET[step] ?? 'approve', unsupported ? (SEPOLIA.id as number) : 1)],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    ...LEGAL,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: swapFetch(APPROVAL.includes(step) ? '0' : '1000000000000000000000000'),
  })
  await portico.ready
  if (locale) localeOf(portico).setLocale(locale)
  await portico.connection.connect('io.portico.devwallet')
  await portico.balance.fetchTokenBalances()
  if (open) await portico.modal.open()
  portico.router.push('Account')
  portico.router.push('Swap')
  const swap = await portico.load('swap')
  if (unsupported) return portico
  const preset =
    step === 'empty' || step === 'tokens'
      ? {}
      : APPROVAL.includes(step)
        ? { fromToken: 'USDC', toToken: 'ETH', amount: '250' }
        : { fromToken: 'ETH', toToken: 'USDC', amount: step === 'insufficient' ? '20' : '0.5' }
  await swap.initialize(preset)
  if (step === 'tokens') portico.router.push('SwapSelectToken', { target: 'toToken' })
  if (['empty', 'quoted', 'insufficient', 'tokens'].includes(step)) return portico
  portico.router.push('SwapPreview')
  // The review's simulation is in before the picture (the view asks for it when it shows).
  await swap.simulate()
  if (step === 'approving') void swap.sendTransactionForApproval()
  if (step === 'confirming' || step === 'swapping') void swap.sendTransactionForSwap()
  if (step === 'error') await swap.sendTransactionForSwap()
  return portico
}

const loader = (step: Step, open = false, locale?: string) => eachMode((mode) => make(mode, step, open, locale))

const meta = { title: 'Views/Swap', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

// ——— The form ———

export const Empty: Story = {
  name: 'Swap (empty: ETH to choose a token for)',
  loaders: [loader('empty')],
  play: shows('portico-swap-button', 'Select token'),
}

export const Quoted: Story = {
  name: 'Swap (quoted: 0.5 ETH to USDC, rate, impact, network cost)',
  loaders: [loader('quoted')],
  play: shows('portico-swap-button', 'Review swap'),
}

export const Insufficient: Story = {
  name: 'Swap (insufficient balance)',
  loaders: [loader('insufficient')],
  play: shows('portico-swap-button', 'Insufficient balance'),
}

export const Unsupported: Story = {
  name: 'Swap (network not supported for swaps)',
  loaders: [loader('unsupported')],
  play: shows('portico-swap-unsupported', 'Network not supported for Swaps'),
}

export const QuotedPhone: Story = {
  name: 'Swap (quoted, phone)',
  ...PHONE,
  loaders: [loader('quoted', true)],
  args: { phone: true },
  play: shows('portico-swap-button', 'Review swap'),
}

export const QuotedPhoneDark: Story = {
  name: 'Swap (quoted, phone, dark)',
  ...PHONE,
  loaders: [loader('quoted', true)],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-swap-button', 'Review swap'),
}

// ——— The token picker ———

export const Tokens: Story = {
  name: 'SwapSelectToken (suggested, your tokens, popular)',
  loaders: [loader('tokens')],
  play: shows('portico-swap-popular', 'Dai Stablecoin'),
}

export const TokensPhone: Story = {
  name: 'SwapSelectToken (phone)',
  ...PHONE,
  loaders: [loader('tokens', true)],
  args: { phone: true },
  play: shows('portico-swap-popular', 'Dai Stablecoin'),
}

// ——— The review, the approval, the wallet asked, the error ———

export const Preview: Story = {
  name: 'SwapPreview (0.5 ETH to USDC, with the simulated changes)',
  loaders: [loader('preview')],
  play: shows('portico-simulation', '+1,544.6475'),
}

export const PreviewApproval: Story = {
  name: 'SwapPreview (250 USDC to ETH: approval first; the approval moves no balance)',
  loaders: [loader('previewApproval')],
  play: shows('portico-simulation-none', 'No balance changes'),
}

export const Approving: Story = {
  name: 'SwapPreview (the wallet is asked for the approval)',
  loaders: [loader('approving')],
  play: shows('portico-snackbar', 'Approve limit increase in your wallet'),
}

export const Confirming: Story = {
  name: 'SwapPreview (the wallet is asked for the swap)',
  loaders: [loader('confirming')],
  play: shows('portico-snackbar', 'Confirm transaction in your wallet'),
}

export const Swapping: Story = {
  name: 'SwapPreview (swapping: the transaction is mined)',
  loaders: [loader('swapping')],
  play: shows('portico-snackbar', 'Swapping ...'),
}

export const Refused: Story = {
  name: 'SwapPreview (the wallet refused: the error, the values kept)',
  loaders: [loader('error')],
  play: shows('portico-swap-error', 'User rejected the request'),
}

export const PreviewApprovalPhone: Story = {
  name: 'SwapPreview (approval first, phone)',
  ...PHONE,
  loaders: [loader('previewApproval', true)],
  args: { phone: true },
  play: shows('portico-swap-approve', 'Approve USDC'),
}

export const SwappingPhoneDark: Story = {
  name: 'SwapPreview (swapping, phone, dark)',
  ...PHONE,
  loaders: [loader('swapping', true)],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-snackbar', 'Swapping ...'),
}

// ——— Arabic, right to left (issue 15) ———

export const QuotedArabic: Story = {
  name: 'Swap (quoted, Arabic, right to left)',
  loaders: [loader('quoted', false, 'ar')],
  play: shows('portico-swap-button', 'مراجعة المبادلة'),
}

export const QuotedArabicPhone: Story = {
  name: 'Swap (quoted, Arabic, phone)',
  ...PHONE,
  loaders: [loader('quoted', true, 'ar')],
  args: { phone: true },
  play: shows('portico-swap-button', 'مراجعة المبادلة'),
}
