// Issue 9 §3.7: an account connected through a WalletConnect session shows the peer wallet's own
// name and icon (from its session metadata) with "via WalletConnect" under it, not "WalletConnect"
// and a "W". The real modal on a real headless instance; the fixture adapter answers connect like
// the WalletConnect adapter does (ConnectResult.wallet).
import { type ConnectResult, createPortico, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { fixtureFetch } from './support/api'
import { ADDRESS, fixtureAdapter, type Instances, LEGAL, networks, renderModal } from './support/fixtures'
import { walletImage } from './support/images'

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

async function make(mode: ThemeMode, wallet: ConnectResult['wallet']): Promise<Portico> {
  const adapter = {
    ...fixtureAdapter(),
    connect: async (): Promise<ConnectResult> => ({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], wallet }),
  }
  const portico = createPortico({
    projectId: 'storybook',
    networks,
    adapters: [adapter],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    ...LEGAL,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: fixtureFetch({}),
  })
  await portico.ready
  await portico.connection.connect('walletConnect')
  await portico.balance.fetchTokenBalances()
  return portico
}

const session = (wallet: ConnectResult['wallet']) => async (): Promise<{ portico: Instances }> => ({
  portico: { light: await make('light', wallet), dark: await make('dark', wallet) },
})

type Args = Record<string, never>
const meta = { title: 'Views/WalletConnect account', render: renderModal } satisfies Meta<Args>
export default meta
type Story = StoryObj<typeof meta>

export const PeerWallet: Story = {
  name: 'Account (WalletConnect session: the peer wallet)',
  loaders: [session({ name: 'Portico WC Dev Wallet', icon: walletImage('#14b8a6', '#0f5f8f') })],
  play: async ({ canvas }) => {
    const [name] = await canvas.findAllByTestId('portico-account-wallet-name')
    await expect(name).toHaveTextContent('Portico WC Dev Wallet')
    await expect((await canvas.findAllByTestId('portico-account-wallet'))[0]).toHaveTextContent('via WalletConnect')
  },
}

export const PeerWalletNoIcon: Story = {
  name: 'Account (WalletConnect session: a peer without an icon)',
  loaders: [session({ name: 'Node Wallet' })],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-account-wallet-name'))[0]).toHaveTextContent('Node Wallet')
  },
}
