// Issue 12: Receive in the real modal — the account's address as a QR code, Copy, the current network
// and every network of the namespace it receives on, with the warning to send on one of them. An EVM
// account (the fixture wallet on the five fixture networks) and a Solana one; light and dark panels,
// and the 375×812 phone (the bottom sheet). No request leaves the page.
import { type CaipNetwork, type ChainAdapter, createPortico, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { fixtureFetch } from './support/api'
import { ADDRESS, fixtureAdapter, type Instances, networks } from './support/fixtures'
import { networkImage, walletImage } from './support/images'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const SOL = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

const solanaNetwork = (id: string, name: string, color: string): CaipNetwork => ({
  id,
  caipNetworkId: `solana:${id}`,
  chainNamespace: 'solana',
  name,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  assets: { imageUrl: networkImage(color, 'S') },
})
const solanaMainnet = solanaNetwork('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', '#9945ff')
const solanaNetworks = [solanaMainnet, solanaNetwork('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet', '#14f195')]

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
    connect: async () => ({ address: SOL, chainId: solanaMainnet.id, accounts: [SOL] }),
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

type Chain = 'evm' | 'solana'

async function make(mode: ThemeMode, chain: Chain, open: boolean): Promise<Portico> {
  const portico = createPortico({
    projectId: 'storybook',
    networks: chain === 'evm' ? networks : solanaNetworks,
    adapters: [chain === 'evm' ? fixtureAdapter() : solanaAdapter()],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: fixtureFetch({}),
  })
  await portico.ready
  await portico.connection.connect(chain === 'evm' ? 'io.portico.devwallet' : 'sol.portico.devwallet')
  if (open) await portico.modal.open()
  portico.router.push('Account')
  portico.router.push('WalletReceive')
  return portico
}

const loader =
  (chain: Chain, open = false) =>
  async (): Promise<{ portico: Instances }> => ({
    portico: { light: await make('light', chain, open), dark: await make('dark', chain, open) },
  })

const meta = { title: 'Views/WalletReceive', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

/** Every panel (or the sheet) shows `address` and its `count` networks; on the phone, focus is on Copy. */
const shows =
  (address: string, count: number, phone = false) =>
  async () => {
    await waitFor(async () => {
      const shown = await body().findAllByTestId('portico-receive-address')
      await expect(shown.map((el) => el.textContent)).toEqual(shown.map(() => address))
    })
    const items = await body().findAllByTestId('portico-receive-network-item')
    const views = await body().findAllByTestId('portico-receive')
    await expect(items.length).toBe(count * views.length)
    if (phone) await waitFor(async () => expect(document.activeElement).toBe(await body().findByTestId('portico-receive-copy')))
  }

export const Evm: Story = {
  name: 'WalletReceive (EVM account: EIP-681 QR code, five networks)',
  loaders: [loader('evm')],
  play: shows(ADDRESS, networks.length),
}

export const Solana: Story = {
  name: 'WalletReceive (Solana account: the address as QR code, two networks)',
  loaders: [loader('solana')],
  play: shows(SOL, 2),
}

export const EvmPhone: Story = {
  name: 'WalletReceive (EVM account, phone)',
  ...PHONE,
  loaders: [loader('evm', true)],
  args: { phone: true },
  play: shows(ADDRESS, networks.length, true),
}

export const EvmPhoneDark: Story = {
  name: 'WalletReceive (EVM account, phone, dark)',
  ...PHONE,
  loaders: [loader('evm', true)],
  args: { phone: true, mode: 'dark' },
  play: shows(ADDRESS, networks.length, true),
}

export const SolanaPhone: Story = {
  name: 'WalletReceive (Solana account, phone)',
  ...PHONE,
  loaders: [loader('solana', true)],
  args: { phone: true },
  play: shows(SOL, 2, true),
}

export const SolanaPhoneDark: Story = {
  name: 'WalletReceive (Solana account, phone, dark)',
  ...PHONE,
  loaders: [loader('solana', true)],
  args: { phone: true, mode: 'dark' },
  play: shows(SOL, 2, true),
}
