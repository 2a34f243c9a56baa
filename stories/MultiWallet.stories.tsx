// Several wallets at once (one per namespace) in the real modal: ProfileWallets and SwitchActiveChain.
// A real headless instance with the EVM fixture adapter and a Solana one, arranged through public actions.
import { type CaipNetwork, type ChainAdapter, createPortico, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { fixtureAdapter, type Instances, networks, renderModal } from './support/fixtures'
import { fixtureFetch } from './support/api'
import { networkImage, walletImage } from './support/images'

const SOL = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  assets: { imageUrl: networkImage('#9945ff', 'S') },
}

function solanaAdapter(): ChainAdapter {
  return {
    namespace: 'solana',
    setup(ctx) {
      ctx.setConnectors([
        {
          id: 'sol.portico.devwallet',
          name: 'Portico Dev Wallet',
          type: 'announced',
          namespace: 'solana',
          imageUrl: walletImage('#3366ff', '#00c2a8'),
        },
      ])
    },
    connect: async () => ({ address: SOL, chainId: solana.id, accounts: [SOL] }),
    reconnect: async () => null,
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ balance: '100', symbol: 'SOL' }),
    signMessage: async () => '0x',
    sendTransaction: async () => SOL,
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

async function make(mode: ThemeMode, arrange: (p: Portico) => Promise<void>): Promise<Portico> {
  const portico = createPortico({
    projectId: 'storybook',
    networks: [...networks, solana],
    adapters: [fixtureAdapter(), solanaAdapter()],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: fixtureFetch({}),
  })
  await portico.ready
  await arrange(portico)
  return portico
}

const instances = (arrange: (p: Portico) => Promise<void>) => async (): Promise<{ portico: Instances }> => ({
  portico: { light: await make('light', arrange), dark: await make('dark', arrange) },
})

const evmConnected = async (p: Portico) => {
  await p.connection.connect('io.portico.devwallet')
}

type Args = Record<string, never>
const meta = {
  title: 'Views/MultiWallet',
  render: renderModal,
} satisfies Meta<Args>
export default meta
type Story = StoryObj<typeof meta>

export const ProfileWalletsOne: Story = {
  name: 'ProfileWallets (EVM connected, add Solana)',
  loaders: [
    instances(async (p) => {
      await evmConnected(p)
      p.router.push('ProfileWallets')
    }),
  ],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-profile-wallet-add')).length).toBe(2)
  },
}

export const ProfileWalletsBoth: Story = {
  name: 'ProfileWallets (both connected, Solana active)',
  loaders: [
    instances(async (p) => {
      await evmConnected(p)
      await p.connection.connect('sol.portico.devwallet')
      p.router.push('ProfileWallets')
    }),
  ],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-profile-wallet')).length).toBe(4)
  },
}

export const SwitchActiveChain: Story = {
  name: 'SwitchActiveChain (to Solana, then Connect)',
  loaders: [
    instances(async (p) => {
      await evmConnected(p)
      p.network.selectNetwork(solana)
    }),
  ],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-switch-active-chain')).length).toBe(2)
  },
}

export const AccountWithWallets: Story = {
  name: 'Account (wallets row)',
  loaders: [instances(evmConnected)],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-account-wallets')).length).toBe(2)
  },
}
