import { Tabs } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: { label: 'Account', selected: 0, onSelect: () => {}, tabs: [] },
} satisfies Meta<typeof Tabs>
export default meta
type Story = StoryObj<typeof meta>

function Stateful({ initial }: { initial: number }) {
  const [selected, setSelected] = useState(initial)
  return (
    <Tabs
      label="Account"
      selected={selected}
      onSelect={setSelected}
      tabs={[
        { id: 'tokens', label: 'Tokens', content: <p style={{ margin: 0 }}>Token balances</p> },
        { id: 'activity', label: 'Activity', content: <p style={{ margin: 0 }}>Recent transactions</p> },
      ]}
    />
  )
}

export const TokensSelected: Story = { render: () => <Stateful initial={0} /> }
export const ActivitySelected: Story = { render: () => <Stateful initial={1} /> }
