import { Button, Icon, IconButton } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'

const meta = { title: 'Components/Button', component: Button, args: { children: 'Connect wallet' } } satisfies Meta<typeof Button>
export default meta
type Story = StoryObj<typeof meta>

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      <Button {...args} variant="primary" fullWidth />
      <Button {...args} variant="secondary" fullWidth icon={<Icon name="wallet" size={18} />} />
      <Button {...args} variant="accentSoft" fullWidth />
      <Button {...args} variant="danger" fullWidth>
        Disconnect
      </Button>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button {...args} variant="ghost" size="sm">
          Cancel
        </Button>
        <Button {...args} size="sm" loading>
          Connecting…
        </Button>
        <Button {...args} size="sm" disabled>
          Disabled
        </Button>
      </div>
    </div>
  ),
}

export const IconButtons: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <IconButton icon="back" label="Back" />
      <IconButton icon="close" label="Close" />
      <IconButton icon="copy" label="Copy address" filled />
      <IconButton icon="chevronRight" label="Continue" size="sm" filled />
      <IconButton icon="refresh" label="Refresh" disabled />
    </div>
  ),
}
