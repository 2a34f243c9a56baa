import { Icon, ListItem, Spinner, WalletListItem } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { walletImage } from './support/images'

const meta = { title: 'Components/ListItem', component: ListItem, args: { title: 'Ethereum' } } satisfies Meta<typeof ListItem>
export default meta
type Story = StoryObj<typeof meta>

export const Items: Story = {
  render: () => (
    <ul style={{ display: 'grid', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}>
      <li>
        <ListItem title="Ethereum" description="Network" leading={<Icon name="globe" />} chevron />
      </li>
      <li>
        <ListItem title="Base" leading={<Icon name="globe" />} current trailing="Connected" />
      </li>
      <li>
        <ListItem title="Unavailable" leading={<Icon name="globe" />} disabled />
      </li>
    </ul>
  ),
}

export const Wallets: Story = {
  render: () => (
    <ul style={{ display: 'grid', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}>
      <li>
        <WalletListItem name="Portico Dev Wallet" imageUrl={walletImage('#3366ff', '#00c2a8')} tag="Installed" tagTone="success" />
      </li>
      <li>
        <WalletListItem name="Rabbit Wallet" imageUrl={walletImage('#ff7a45', '#ffc53d')} tag="Recent" />
      </li>
      <li>
        <WalletListItem name="WalletConnect" />
      </li>
      <li>
        <WalletListItem name="Connecting Wallet" trailing={<Spinner size={20} accent label="Connecting…" />} />
      </li>
    </ul>
  ),
}
