// ConnectingWalletConnect in the real modal: a WalletConnect-like adapter publishes a fixed pairing
// URI (no relay, no request leaves the page), so the QR code is the same on every run.
import { type ChainAdapter, createPortico, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { ADDRESS, type Instances, LEGAL, networks, renderModal } from './support/fixtures'
import { walletImage } from './support/images'

const FIXED_URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000240'

type Pairing = 'uri' | 'loading' | 'reject'

/** Registers the walletConnect connector; connect publishes FIXED_URI and waits (or refuses). */
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

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

const RABBIT = {
  id: 'wallet-rabbit',
  name: 'Rabbit Wallet',
  image_url: walletImage('#ff7a45', '#ffc53d'),
  mobile_link: 'rabbit://',
  desktop_link: null,
  webapp_link: 'https://rabbit.example/app',
}

async function make(mode: ThemeMode, pairing: Pairing, opts: { mobile?: boolean; wallet?: boolean }): Promise<Portico> {
  const portico = createPortico({
    ...LEGAL,
    projectId: 'storybook',
    networks,
    adapters: [pairingAdapter(pairing)],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: opts.mobile ?? false,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: async () => {
      throw new TypeError('Storybook fixtures make no network requests')
    },
  })
  await portico.ready
  if (opts.wallet) {
    ;(await portico.load('explorer')).addRecent(RABBIT)
    portico.router.push('ConnectingWalletConnect', { walletId: RABBIT.id })
  } else portico.router.push('ConnectingWalletConnect', {})
  return portico
}

const loader =
  (pairing: Pairing, opts: { mobile?: boolean; wallet?: boolean } = {}) =>
  async (): Promise<{ portico: Instances }> => ({
    portico: { light: await make('light', pairing, opts), dark: await make('dark', pairing, opts) },
  })

type Args = Record<string, never>
const meta = {
  title: 'Views/ConnectingWalletConnect',
  render: renderModal,
} satisfies Meta<Args>
export default meta
type Story = StoryObj<typeof meta>

export const QrCode: Story = {
  name: 'ConnectingWalletConnect (QR code)',
  loaders: [loader('uri')],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('img', { name: 'WalletConnect QR code' })).length).toBe(2)
    await expect((await canvas.findAllByTestId('portico-wc-copy'))[0]).toHaveAttribute('data-uri', FIXED_URI)
  },
}

export const Loading: Story = {
  name: 'ConnectingWalletConnect (creating the pairing)',
  loaders: [loader('loading')],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText('Generating QR code')).length).toBe(2)
  },
}

export const Rejected: Story = {
  name: 'ConnectingWalletConnect (connection rejected)',
  loaders: [loader('reject')],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Connection rejected')
  },
}

export const ChosenWalletMobile: Story = {
  name: 'ConnectingWalletConnect (chosen wallet on mobile)',
  loaders: [loader('uri', { mobile: true, wallet: true })],
  play: async ({ canvas }) => {
    const links = await canvas.findAllByRole('link', { name: 'Open Rabbit Wallet' })
    await expect(links[0]).toHaveAttribute('href', `rabbit://wc?uri=${encodeURIComponent(FIXED_URI)}`)
  },
}
