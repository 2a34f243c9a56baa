// ConnectingWalletConnectBasic (SPEC §2, the basic connect view) in the real modal: a WalletConnect-like
// adapter publishes a fixed pairing URI and a fixture explorer answers the wallet list, so nothing
// leaves the page and the QR code is the same on every run.
import { type ChainAdapter, createPortico, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { ADDRESS, type Instances, LEGAL, networks, renderModal } from './support/fixtures'
import { walletImage } from './support/images'

const FIXED_URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000240'

const CATALOGUE = [
  { id: 'wallet-rabbit', name: 'Rabbit Wallet', image_url: walletImage('#ff7a45', '#ffc53d') },
  { id: 'wallet-fjord', name: 'Fjord', image_url: walletImage('#2563eb', '#22d3ee') },
  { id: 'wallet-ember', name: 'Ember', image_url: walletImage('#dc2626', '#f97316') },
  { id: 'wallet-quartz', name: 'Quartz', image_url: walletImage('#7c3aed', '#f472b6') },
  { id: 'wallet-willow', name: 'Willow', image_url: walletImage('#16a34a', '#a3e635') },
]
const FEATURED = ['wallet-rabbit', 'wallet-fjord']
/** The explorer's total (the catalogue stands for a longer list). */
const TOTAL = 418

type Pairing = 'uri' | 'loading' | 'reject'

/** Registers the walletConnect connector; connect publishes FIXED_URI (or nothing yet) and waits. */
function pairingAdapter(pairing: Pairing): ChainAdapter {
  let publish: ((uri: string | undefined) => void) | undefined
  return {
    namespace: 'eip155',
    setup(ctx) {
      publish = (uri) => ctx.emit('walletConnect', { kind: 'pairingUri', uri })
      ctx.setConnectors([
        {
          id: 'walletConnect',
          name: 'WalletConnect',
          type: 'walletConnect',
          namespace: 'eip155',
          imageUrl: walletImage('#3b99fc', '#6cc4ff'),
        },
      ])
    },
    connect({ signal }) {
      if (pairing === 'reject') return Promise.reject(Object.assign(new Error('User rejected the request'), { code: 4001 }))
      if (pairing === 'uri') publish?.(FIXED_URI)
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)))
    },
    reconnect: async () => null,
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ balance: '0', symbol: 'ETH' }),
    signMessage: async () => '0x',
    sendTransaction: async () => ADDRESS,
  }
}

const explorerFetch: typeof fetch = async (input) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
  if (url.pathname.endsWith('/getWallets')) {
    const include = url.searchParams.get('include')?.split(',')
    const exclude = url.searchParams.get('exclude')?.split(',') ?? []
    const data = CATALOGUE.filter((w) => (!include || include.includes(w.id)) && !exclude.includes(w.id))
    return new Response(JSON.stringify({ count: include ? data.length : TOTAL, data }), { status: 200 })
  }
  throw new TypeError(`Storybook fixtures make no network requests (${url.pathname})`)
}

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

async function make(mode: ThemeMode, pairing: Pairing): Promise<Portico> {
  const portico = createPortico({
    ...LEGAL,
    projectId: 'storybook',
    networks,
    adapters: [pairingAdapter(pairing)],
    featuredWalletIds: FEATURED,
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: explorerFetch,
  })
  await portico.ready
  // What opening the modal does: the explorer's first page (and its total) is in.
  await (await portico.load('explorer')).loadMore()
  portico.router.reset('ConnectingWalletConnectBasic')
  return portico
}

const loader = (pairing: Pairing) => async (): Promise<{ portico: Instances }> => ({
  portico: { light: await make('light', pairing), dark: await make('dark', pairing) },
})

type Args = Record<string, never>
const meta = {
  title: 'Views/ConnectingWalletConnectBasic',
  render: renderModal,
} satisfies Meta<Args>
export default meta
type Story = StoryObj<typeof meta>

export const QrCodeAndWallets: Story = {
  name: 'ConnectingWalletConnectBasic (QR code and wallets)',
  loaders: [loader('uri')],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('img', { name: 'WalletConnect QR code' })).length).toBe(2)
    await expect((await canvas.findAllByTestId('portico-wc-copy'))[0]).toHaveAttribute('data-uri', FIXED_URI)
    // Featured first, then the first recommended one; at most three, then All wallets with the total
    // (the page query leaves the featured wallets out; useWallets counts them back in).
    await expect((await canvas.findAllByRole('button', { name: 'Ember' })).length).toBe(2)
    await expect(canvas.queryAllByRole('button', { name: 'Quartz' })).toHaveLength(0)
    await expect((await canvas.findAllByTestId('portico-connect-all-wallets'))[0]).toHaveTextContent(
      `All wallets${TOTAL + FEATURED.length}`,
    )
  },
}

export const Loading: Story = {
  name: 'ConnectingWalletConnectBasic (creating the pairing)',
  loaders: [loader('loading')],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText('Generating QR code')).length).toBe(2)
    await expect((await canvas.findAllByRole('button', { name: 'Rabbit Wallet' })).length).toBe(2)
  },
}

export const Rejected: Story = {
  name: 'ConnectingWalletConnectBasic (pairing rejected: one error state with Try again, the wallets stay)',
  loaders: [loader('reject')],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Connection rejected')
    await expect(canvas.queryAllByText(/Scan with your phone/)).toHaveLength(0)
  },
}
