import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { connected, instances, networks, renderModal } from './support/fixtures'

type Args = Record<string, never>
const meta = {
  title: 'Views',
  render: renderModal,
} satisfies Meta<Args>
export default meta
type Story = StoryObj<typeof meta>

const target = networks[1] as (typeof networks)[number]

export const Connect: Story = { loaders: [instances()] }

export const ConnectCustomTheme: Story = {
  name: 'Connect (app theme: accent and colour mix)',
  loaders: [
    instances({}, (p) =>
      p.theme.setThemeVariables({
        '--portico-accent': '#7c3aed',
        '--portico-color-mix': '#7c3aed',
        '--portico-color-mix-strength': 8,
        '--portico-radius-modal': '20px',
        // Dropped by the sanitiser: it would inject a rule.
        '--portico-color-surface': 'red; } body { display: none',
      }),
    ),
  ],
}

export const ConnectEmailFirst: Story = {
  name: 'Connect (wallets after email and socials)',
  loaders: [instances({ connectMethodsOrder: ['email', 'social', 'wallet'] })],
}

export const ConnectRejected: Story = {
  name: 'Connect (connection rejected)',
  loaders: [
    instances({ connect: 'reject' }, async (p) => {
      // The failed connect's text lands in the connection state the view shows (tryConnect never rejects).
      await p.connection.tryConnect('io.portico.devwallet')
    }),
  ],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Connection rejected')
  },
}

export const ConnectWallets: Story = { loaders: [instances({}, (p) => p.router.push('ConnectWallets'))] }

export const Account: Story = { loaders: [instances({}, connected)] }

export const AccountActivity: Story = {
  name: 'Account (Activity tab)',
  loaders: [
    instances({}, async (p) => {
      await connected(p)
      p.chain.setCurrentTab(1)
    }),
  ],
}

export const AccountWithBanner: Story = {
  name: 'Account (banner)',
  loaders: [
    instances({}, async (p) => {
      await connected(p)
      p.banner.show('Address copied', 'success')
    }),
  ],
}

export const AccountBalanceUnavailable: Story = {
  name: 'Account (balance unavailable)',
  loaders: [instances({ balanceStatus: 503 }, connected)],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Token Balance Unavailable')
  },
}

export const AccountNoTokens: Story = {
  name: 'Account (no tokens)',
  loaders: [instances({ tokens: [] }, connected)],
}

export const Networks: Story = {
  loaders: [
    instances({}, async (p) => {
      await connected(p)
      p.router.push('Networks')
    }),
  ],
}

export const NetworksNotConnected: Story = {
  name: 'Networks (no wallet connected: the current one marked, never "Connected")',
  loaders: [instances({}, (p) => p.router.push('Networks'))],
  play: async ({ canvas }) => {
    await expect(canvas.queryAllByText('Connected').length).toBe(0)
  },
}

export const NetworksLongNames: Story = {
  name: 'Networks (long names are not cut off)',
  loaders: [
    instances(
      {
        // The first two renamed, the third as it is.
        networks: networks
          .slice(0, 3)
          .map((n, i) => ({ ...n, name: ['Portico Local Solana Devnet', 'Base Sepolia Testnet (Portico fork)'][i] ?? n.name })),
      },
      async (p) => {
        await connected(p)
        p.router.push('Networks')
      },
    ),
  ],
}

export const SwitchNetworkWaiting: Story = {
  name: 'SwitchNetwork (waiting for wallet)',
  loaders: [
    instances({ switchNetwork: 'pending' }, async (p) => {
      await connected(p)
      p.router.push('Networks')
      p.router.push('SwitchNetwork', { network: target })
    }),
  ],
}

export const SwitchNetworkError: Story = {
  name: 'SwitchNetwork (declined)',
  loaders: [
    instances({ switchNetwork: 'reject' }, async (p) => {
      await connected(p)
      p.router.push('Networks')
      p.router.push('SwitchNetwork', { network: target })
    }),
  ],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Switch declined')
  },
}

export const UnsupportedChain: Story = {
  loaders: [instances({ chainId: 56 }, connected)],
  play: async ({ canvas }) => {
    await canvas.findAllByTestId('portico-unsupported-chain')
  },
}
