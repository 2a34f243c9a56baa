// Issue 12: Send in the real modal — the form (empty; filled with a name resolved; insufficient
// funds; a refused send's error), the token list (the tokens with a balance; a search that finds
// nothing), the review, the wallet being asked, and the success with the hash and the explorer
// link. The fixture wallet on the fixture networks (Ethereum has an explorer); light and dark
// panels, and the 375×812 phone (the bottom sheet). No request leaves the page: the fixture API
// answers the balances and the name, and the node's gas estimate is answered here.
import { localeOf, type ChainAdapter, createPortico, type Portico, type ThemeMode, type TransferParams } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { userEvent, within } from 'storybook/test'
import { fixtureFetch, TOKENS } from './support/api'
import { eachMode, fixtureAdapter, LEGAL, networks } from './support/fixtures'
import { walletImage } from './support/images'
import { shows } from './support/panels'
import { simulationRpc } from './support/simulation'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const NAME = 'alice.portico.id'
const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'

/** The wallet's answer to a transfer: a hash, a refusal, or never (still asking). */
type Wallet = 'approve' | 'reject' | 'pending'

function sendingAdapter(wallet: Wallet): ChainAdapter {
  return {
    ...fixtureAdapter(),
    capabilities: ['nativeTransfer', 'tokenTransfer'],
    transfer(_params: TransferParams) {
      if (wallet === 'pending') return new Promise<string>(() => {})
      if (wallet === 'reject') return Promise.reject(Object.assign(new Error('User rejected the request'), { code: 4001 }))
      return Promise.resolve(HASH)
    },
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * The fixture API, plus the name record of alice.portico.id and the node: the gas estimate (21000 gas ×
 * 2 gwei) and the review's simulation (the send's own transfer, or a revert with `revert`'s reason).
 */
function sendFetch(large = false, revert?: string): typeof fetch {
  // 'large': a whale's ETH, to show that the amount and the balance fit whole (issue 25 §1).
  const api = fixtureFetch(large ? { tokens: TOKENS.map((t) => (t.symbol === 'ETH' ? { ...t, numeric: '98765432.123456789' } : t)) } : {})
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if (url.pathname.endsWith(`/v1/profile/account/${NAME}`)) {
      return json({
        name: NAME,
        registered_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
        addresses: { '2147483649': { address: RECEIVER } },
        attributes: { avatar: walletImage('#f97316', '#facc15') },
      })
    }
    if (url.port === '8545') {
      const body = JSON.parse(String(init?.body)) as { id?: number; method: string; params?: unknown[] }
      const simulated = simulationRpc(body, revert ? { revert } : {})
      if (simulated) return json(simulated)
      return json({ jsonrpc: '2.0', id: 1, result: body.method === 'eth_estimateGas' ? '0x5208' : '0x77359400' })
    }
    return api(input, init)
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
type Step = 'empty' | 'filled' | 'insufficient' | 'large' | 'error' | 'tokens' | 'preview' | 'failing' | 'sending' | 'success'

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
}

async function make(mode: ThemeMode, step: Step, open: boolean, locale?: string): Promise<Portico> {
  const wallet: Wallet = step === 'error' ? 'reject' : step === 'sending' ? 'pending' : 'approve'
  const portico = createPortico({
    projectId: 'storybook',
    networks,
    adapters: [sendingAdapter(wallet)],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    ...LEGAL,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: sendFetch(step === 'large', step === 'failing' ? 'Transfers are paused' : undefined),
  })
  await portico.ready
  if (locale) localeOf(portico).setLocale(locale)
  await portico.connection.connect('io.portico.devwallet')
  await portico.balance.fetchTokenBalances()
  if (open) await portico.modal.open()
  portico.router.push('Account')
  portico.router.push('WalletSend')
  const send = await portico.load('send')
  const state = () => send.$send.get()
  const eth = () => {
    const token = state().tokenBalances.find((t) => t.symbol === 'ETH')
    if (!token) throw new Error('The fixture wallet has no ETH balance')
    return token
  }
  if (step === 'tokens') {
    portico.router.push('WalletSendSelectToken')
    return portico
  }
  if (step === 'empty') return portico
  send.setToken(eth())
  await until(() => !state().gasLoading && state().gas !== undefined)
  send.setAmount(step === 'insufficient' ? '20' : step === 'large' ? '98765432.123456789' : '0.5')
  if (step === 'insufficient' || step === 'large') return portico
  send.setReceiver(step === 'error' ? RECEIVER : NAME)
  await until(() => !state().resolving)
  if (step === 'filled') return portico
  if (step === 'error') {
    await send.send().catch(() => undefined)
    return portico
  }
  portico.router.push('WalletSendPreview')
  // The review's simulation is in before the picture (the view asks for it when it shows).
  await send.simulate()
  if (step === 'sending') void send.send()
  if (step === 'success') {
    await send.send()
    portico.router.replace('WalletSendSuccess')
  }
  return portico
}

const loader = (step: Step, open = false, locale?: string) => eachMode((mode) => make(mode, step, open, locale))

const meta = { title: 'Views/WalletSend', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

// ——— The form ———

export const Empty: Story = {
  name: 'WalletSend (empty form)',
  loaders: [loader('empty')],
  play: shows('portico-send-button', 'Select token'),
}

export const Filled: Story = {
  name: 'WalletSend (filled: 0.5 ETH to a name, resolved with its avatar)',
  loaders: [loader('filled')],
  play: shows('portico-send-resolved', NAME),
}

export const Insufficient: Story = {
  name: 'WalletSend (insufficient funds)',
  loaders: [loader('insufficient')],
  play: shows('portico-send-button', 'Insufficient funds'),
}

export const Large: Story = {
  name: 'WalletSend (a large amount and balance: whole, the amount smaller)',
  loaders: [loader('large')],
  play: shows('portico-send-balance', 'Balance: 98,765,432.123 ETH'),
}

export const Refused: Story = {
  name: 'WalletSend (the wallet refused: the error, the form kept)',
  loaders: [loader('error')],
  play: shows('portico-send-error', 'User rejected the request'),
}

export const FilledPhone: Story = {
  name: 'WalletSend (filled, phone)',
  ...PHONE,
  loaders: [loader('filled', true)],
  args: { phone: true },
  play: shows('portico-send-resolved', NAME),
}

export const FilledPhoneDark: Story = {
  name: 'WalletSend (filled, phone, dark)',
  ...PHONE,
  loaders: [loader('filled', true)],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-send-resolved', NAME),
}

export const RefusedPhone: Story = {
  name: 'WalletSend (the wallet refused, phone)',
  ...PHONE,
  loaders: [loader('error', true)],
  args: { phone: true },
  play: shows('portico-send-error', 'User rejected the request'),
}

// ——— The token list ———

export const Tokens: Story = {
  name: 'WalletSendSelectToken (the tokens with a balance)',
  loaders: [loader('tokens')],
  play: shows('portico-send-token-item'),
}

export const TokensSearchEmpty: Story = {
  name: 'WalletSendSelectToken (a search that finds nothing)',
  loaders: [loader('tokens')],
  play: async () => {
    for (const field of await body().findAllByLabelText('Search tokens')) await userEvent.type(field, 'btc')
    await shows('portico-send-tokens-empty', 'No token matches “btc”.')()
  },
}

export const TokensPhone: Story = {
  name: 'WalletSendSelectToken (phone)',
  ...PHONE,
  loaders: [loader('tokens', true)],
  args: { phone: true },
  play: shows('portico-send-token-item'),
}

// ——— The review, the wallet asked, the success ———

export const Preview: Story = {
  name: 'WalletSendPreview (0.5 ETH to a name on Ethereum, with the fee and the simulated change)',
  loaders: [loader('preview')],
  play: shows('portico-simulation-change', 'ETH'),
}

export const PreviewFailing: Story = {
  name: 'WalletSendPreview (the simulation says it fails: the reason, Send anyway)',
  loaders: [loader('failing')],
  play: shows('portico-simulation-failing', 'Transfers are paused'),
}

export const PreviewArabicPhoneDark: Story = {
  name: 'WalletSendPreview (the simulated changes, Arabic, phone, dark)',
  ...PHONE,
  loaders: [loader('preview', true, 'ar')],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-simulation-change'),
}

export const Sending: Story = {
  name: 'WalletSendPreview (the wallet is asked)',
  loaders: [loader('sending')],
  play: shows('portico-send-waiting', 'Confirm in your wallet'),
}

export const PreviewPhone: Story = {
  name: 'WalletSendPreview (phone)',
  ...PHONE,
  loaders: [loader('preview', true)],
  args: { phone: true },
  play: shows('portico-send-preview-to', NAME),
}

export const SendingPhoneDark: Story = {
  name: 'WalletSendPreview (the wallet is asked, phone, dark)',
  ...PHONE,
  loaders: [loader('sending', true)],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-send-waiting', 'Confirm in your wallet'),
}

export const Success: Story = {
  name: 'WalletSendSuccess (the hash, Copy, the explorer link, Done)',
  loaders: [loader('success')],
  play: shows('portico-send-explorer'),
}

export const SuccessPhone: Story = {
  name: 'WalletSendSuccess (phone)',
  ...PHONE,
  loaders: [loader('success', true)],
  args: { phone: true },
  play: shows('portico-send-explorer'),
}

export const SuccessPhoneDark: Story = {
  name: 'WalletSendSuccess (phone, dark)',
  ...PHONE,
  loaders: [loader('success', true)],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-send-explorer'),
}

// ——— Arabic, right to left (issue 15) ———

export const FilledArabic: Story = {
  name: 'WalletSend (filled, Arabic, right to left)',
  loaders: [loader('filled', false, 'ar')],
  play: shows('portico-send-resolved', NAME),
}

export const FilledArabicPhoneDark: Story = {
  name: 'WalletSend (filled, Arabic, phone, dark)',
  ...PHONE,
  loaders: [loader('filled', true, 'ar')],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-send-resolved', NAME),
}
