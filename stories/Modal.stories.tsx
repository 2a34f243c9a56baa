import { ConnectButton } from '@portico/ui'
import { PorticoModal } from '@portico/ui/modal'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { FreezeMotion } from './support/panels'
import { connected, type Instances, instances } from './support/fixtures'
import { PorticoContextProvider } from '@portico/headless/react'

// The real overlay: portal on document.body, dimmed page, focus moved into the dialog.
type Args = { mode: 'light' | 'dark' }
const meta = {
  title: 'Modal/Overlay',
  parameters: { panels: false },
  args: { mode: 'light' },
  render: ({ mode }, { loaded }) => {
    const p = (loaded as { portico: Instances }).portico[mode]
    return (
      <PorticoContextProvider portico={p}>
          <FreezeMotion />
          <main style={{ minHeight: '100vh', boxSizing: 'border-box', padding: 24, background: mode === 'dark' ? '#0e0f13' : '#f7f8fa' }}>
            <h1 style={{ margin: '0 0 16px', fontFamily: 'system-ui, sans-serif', fontSize: 20, color: mode === 'dark' ? '#f3f4f7' : '#14161c' }}>Example dapp</h1>
            <ConnectButton />
          </main>
          <PorticoModal />
      </PorticoContextProvider>
    )
  },
} satisfies Meta<Args>
export default meta
type Story = StoryObj<typeof meta>

const openOn = (arrange?: Parameters<typeof instances>[1]) =>
  instances({}, async (p) => {
    await arrange?.(p)
    await p.modal.open()
  })

export const ConnectLight: Story = { name: 'Connect (light)', loaders: [openOn()] }
export const ConnectDark: Story = { name: 'Connect (dark)', args: { mode: 'dark' }, loaders: [openOn()] }
export const AccountLight: Story = { name: 'Account (light)', loaders: [openOn(connected)] }
export const AccountDark: Story = { name: 'Account (dark)', args: { mode: 'dark' }, loaders: [openOn(connected)] }
export const BottomSheet: Story = {
  name: 'Account (bottom sheet, 375 px wide screen)',
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  loaders: [openOn(connected)],
}
export const BottomSheetDark: Story = {
  name: 'Connect (bottom sheet, dark, 375 px wide screen)',
  args: { mode: 'dark' },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  loaders: [openOn()],
}
