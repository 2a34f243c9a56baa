import { Spinner } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'

const meta = { title: 'Components/Spinner', component: Spinner } satisfies Meta<typeof Spinner>
export default meta
type Story = StoryObj<typeof meta>

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <Spinner size={16} />
      <Spinner size={24} accent label="Loading" />
      <Spinner size={40} accent />
    </div>
  ),
}
