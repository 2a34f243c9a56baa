import { Banner, Button, Snackbar } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'

const meta = { title: 'Components/Banner', component: Banner, args: { variant: 'info', children: '' } } satisfies Meta<typeof Banner>
export default meta
type Story = StoryObj<typeof meta>

export const Variants: Story = {
  render: () => (
    <>
      <Banner variant="info">Your wallet may show a different network name.</Banner>
      <Banner variant="success">Swapped 1 ETH to 3,120.5 USDC</Banner>
      <Banner variant="warning">Insufficient balance</Banner>
      <Banner
        variant="error"
        action={
          <Button variant="danger" size="sm">
            Try again
          </Button>
        }
      >
        Connection rejected
      </Banner>
      <Banner variant="loading">Confirm transaction in your wallet</Banner>
    </>
  ),
}

export const Snackbars: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'center', padding: '8px 0 32px' }}>
      <Snackbar variant="success" message="Address copied" />
      <Snackbar variant="error" message="Token Balance Unavailable" />
      <Snackbar variant="loading" message="Swapping ..." />
      <Snackbar variant="warning" message="Action not allowed" />
      <Snackbar variant="info" message="Approve limit increase in your wallet" />
    </div>
  ),
}
