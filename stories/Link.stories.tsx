import { Link } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'

const meta = {
  title: 'Components/Link',
  component: Link,
  args: { href: 'https://example.com/terms', children: 'Terms of Service' },
} satisfies Meta<typeof Link>
export default meta
type Story = StoryObj<typeof meta>

export const InText: Story = {
  render: (args) => (
    <p style={{ margin: 0, fontSize: 14 }}>
      By connecting your wallet, you agree to our <Link {...args} /> and <Link href="https://example.com/privacy">Privacy Policy</Link>.
    </p>
  ),
}
