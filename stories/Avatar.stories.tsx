import { Avatar } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { walletImage } from './support/images'

const meta = { title: 'Components/Avatar', component: Avatar } satisfies Meta<typeof Avatar>
export default meta
type Story = StoryObj<typeof meta>

/** Without a profile image: the picture generated from the address (8×8, mirrored), one per address. */
export const Generated: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap', padding: 8 }}>
      <Avatar address="0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" size={72} label="Avatar of 0xf39F…b92266" />
      <Avatar address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" size={64} />
      <Avatar address="0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" size={48} />
      <Avatar address="0x90F79bf6EB2c4f870365E785982E1f101E93b906" size={32} />
      <Avatar address="9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" size={48} label="Avatar of a Solana address" />
      <Avatar
        address="0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
        imageUrl={walletImage('#7c3aed', '#ec4899')}
        size={48}
        label="Profile image"
      />
    </div>
  ),
}
