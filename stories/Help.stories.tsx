// Issue 9 §3.12: help for people without a wallet — "What is a wallet?" from Connect, then "Get a
// wallet": the explorer's wallets that are not installed, with their stores, website or web app.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { instances } from './support/fixtures'
import { type PhoneArgs, PHONE as SHEET, renderOnPhone } from './support/phone'

const meta = { title: 'Views/Help', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

const PHONE = { args: { phone: true }, ...SHEET }

const whatIsAWallet = (open = false) =>
  instances({}, async (p) => {
    if (open) await p.modal.open()
    p.router.push('WhatIsAWallet')
  })
const getWallet = (open = false, explorer?: { hold?: boolean; status?: number }) =>
  instances({ explorer }, async (p) => {
    if (open) await p.modal.open()
    p.router.push('WhatIsAWallet')
    p.router.push('GetWallet')
    if (!explorer) {
      const e = await p.load('explorer')
      await Promise.all([e.loadFeatured(), e.loadRecommended(), e.loadMore()])
    }
  })
const body = () => within(document.body)

export const ConnectEntry: Story = {
  name: 'Connect (the way in: "What is a wallet?")',
  loaders: [instances()],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('button', { name: 'New to wallets? What is a wallet?' })).length).toBe(2)
  },
}

export const WhatIsAWallet: Story = {
  name: 'What is a wallet?',
  loaders: [whatIsAWallet()],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('button', { name: 'Get a wallet' })).length).toBe(2)
  },
}

export const GetWallet: Story = {
  name: 'Get a wallet (wallets not installed, where to get them)',
  loaders: [getWallet()],
  play: async ({ canvas }) => {
    // 8 wallets; the installed Portico Dev Wallet is not among them.
    await expect((await canvas.findAllByTestId('portico-get-wallet-item')).length).toBe(16)
    await expect(canvas.queryAllByText('Portico Dev Wallet').length).toBe(0)
  },
}

export const GetWalletLoading: Story = {
  name: 'Get a wallet (explorer on its way)',
  loaders: [getWallet(false, { hold: true })],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-get-wallet-loading')).length).toBe(2)
  },
}

export const GetWalletError: Story = {
  name: 'Get a wallet (explorer request failed)',
  loaders: [getWallet(false, { status: 500 })],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Wallets could not be loaded')
  },
}

export const PhoneWhatIsAWallet: Story = {
  ...PHONE,
  name: 'What is a wallet? (375×812 sheet, light)',
  loaders: [whatIsAWallet(true)],
  play: async () => {
    await body().findByRole('button', { name: 'Get a wallet' })
  },
}

export const PhoneGetWalletLight: Story = {
  ...PHONE,
  name: 'Get a wallet (375×812 sheet, light)',
  loaders: [getWallet(true)],
  play: async () => {
    await expect((await body().findAllByTestId('portico-get-wallet-item')).length).toBe(8)
  },
}

export const PhoneGetWalletDark: Story = {
  ...PHONE,
  name: 'Get a wallet (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [getWallet(true)],
  play: async () => {
    await expect((await body().findAllByTestId('portico-get-wallet-item')).length).toBe(8)
  },
}
