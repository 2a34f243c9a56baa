// Connect-family views with the app's legal checkbox on (features.legalCheckbox): the checkbox sits
// above the connect methods, which stay disabled (dimmed) until it is checked.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { instances, renderModal } from './support/fixtures'

type Args = Record<string, never>
const meta = {
  title: 'Views/Legal checkbox',
  render: renderModal,
} satisfies Meta<Args>
export default meta
type Story = StoryObj<typeof meta>

const NAME = 'I agree to our Terms of Service and Privacy Policy'

export const ConnectUnchecked: Story = {
  name: 'Connect (unchecked: wallets disabled)',
  loaders: [instances({ legalCheckbox: true })],
  play: async ({ canvas }) => {
    for (const box of await canvas.findAllByRole('checkbox', { name: NAME })) await expect(box).not.toBeChecked()
    for (const wallet of canvas.getAllByTestId('portico-wallet-item')) await expect(wallet).toBeDisabled()
  },
}

export const ConnectChecked: Story = {
  name: 'Connect (checked: wallets enabled)',
  loaders: [instances({ legalCheckbox: true }, (p) => p.legal.setLegalChecked(true))],
  play: async ({ canvas }) => {
    for (const box of await canvas.findAllByRole('checkbox', { name: NAME })) await expect(box).toBeChecked()
    for (const wallet of canvas.getAllByTestId('portico-wallet-item')) await expect(wallet).toBeEnabled()
  },
}

export const ConnectWalletsUnchecked: Story = {
  name: 'ConnectWallets (unchecked)',
  loaders: [instances({ legalCheckbox: true }, (p) => p.router.push('ConnectWallets'))],
  play: async ({ canvas }) => {
    for (const wallet of await canvas.findAllByTestId('portico-wallet-item')) await expect(wallet).toBeDisabled()
  },
}
