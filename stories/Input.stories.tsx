import { Input } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'

const meta = { title: 'Components/Input', component: Input, args: { label: 'Email', placeholder: 'Email', icon: 'mail' } } satisfies Meta<
  typeof Input
>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Filled: Story = { args: { defaultValue: 'ada@example.com' } }
export const Invalid: Story = { args: { defaultValue: 'ada@', error: 'Enter a valid email address' } }
export const WithVisibleLabel: Story = { args: { showLabel: true, label: 'Recipient address', icon: undefined, placeholder: '0x…' } }
