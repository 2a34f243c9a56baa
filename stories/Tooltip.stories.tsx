import { IconButton, Tooltip } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  args: { content: 'Copy address', children: <span /> },
} satisfies Meta<typeof Tooltip>
export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {
  render: () => (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 40 }}>
      <Tooltip content="Copy address" open>
        <IconButton icon="copy" label="Copy" filled />
      </Tooltip>
    </div>
  ),
}
