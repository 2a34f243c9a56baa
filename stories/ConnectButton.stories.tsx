import { AccountButton, ConnectButton, NetworkButton } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { connected, type Instances, instances, WithPortico } from './support/fixtures'

type Args = Record<string, never>
const meta = {
  title: 'Components/ConnectButton',
  render: (_args, { loaded }) => (
    <WithPortico instances={(loaded as { portico: Instances }).portico}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'center' }}>
        <NetworkButton />
        <ConnectButton />
        <AccountButton />
      </div>
    </WithPortico>
  ),
} satisfies Meta<Args>
export default meta
type Story = StoryObj<typeof meta>

export const Disconnected: Story = { loaders: [instances()] }
export const Connected: Story = { loaders: [instances({}, connected)] }
export const UnsupportedNetwork: Story = { name: 'Connected (unsupported network)', loaders: [instances({ chainId: 56 }, connected)] }
