import { Header } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'

const meta = { title: 'Components/Header', component: Header, args: { title: 'Connect wallet' } } satisfies Meta<typeof Header>
export default meta
type Story = StoryObj<typeof meta>

export const CloseOnly: Story = { args: { onClose: () => {} } }
export const BackAndClose: Story = { args: { title: 'Choose network', onBack: () => {}, onClose: () => {} } }
