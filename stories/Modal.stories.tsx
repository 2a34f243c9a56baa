import { ConnectButton } from '@portico/ui'
import { PorticoModal } from '@portico/ui/modal'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { FreezeMotion } from './support/panels'
import { connected, type Instances, instances } from './support/fixtures'
import { PorticoContextProvider } from '@portico/headless/react'

// The real overlay: portal on document.body, dimmed page, focus moved into the dialog (the view's
// data-autofocus element, else its title).
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
          <h1
            style={{
              margin: '0 0 16px',
              fontFamily: 'system-ui, sans-serif',
              fontSize: 20,
              color: mode === 'dark' ? '#f3f4f7' : '#14161c',
            }}
          >
            Example dapp
          </h1>
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

// Issue 9 §3.3/§3.4: a 375×812 phone. The sheet fits the screen (its body scrolls inside it) and
// focus is on the view: the title, or All wallets' search field.
const PHONE = {
  parameters: { viewport: { options: { iphonex: { name: 'iPhone X', styles: { width: '375px', height: '812px' }, type: 'mobile' } } } },
  globals: { viewport: { value: 'iphonex', isRotated: false } },
}
const body = () => within(document.body)
const titleHasFocus = (title: string) => async () => {
  await expect(await body().findByRole('heading', { name: title })).toHaveFocus()
}
const connectLoaded = async () => {
  await body().findByRole('button', { name: /Rabby Wallet/ })
  await titleHasFocus('Connect wallet')()
}
const searchHasFocus = async () => {
  // The explorer's rows are in (no placeholders left), and focus is in the search field.
  await body().findAllByRole('option')
  await expect(await body().findByRole('searchbox', { name: /Search/ })).toHaveFocus()
}
const allWallets = instances({}, async (p) => {
  await p.modal.open()
  p.router.push('AllWallets')
})

export const PhoneConnectLight: Story = { ...PHONE, name: 'Connect (375×812 sheet, light)', loaders: [openOn()], play: connectLoaded }
export const PhoneConnectDark: Story = {
  ...PHONE,
  name: 'Connect (375×812 sheet, dark)',
  args: { mode: 'dark' },
  loaders: [openOn()],
  play: connectLoaded,
}
export const PhoneAllWalletsLight: Story = {
  ...PHONE,
  name: 'All wallets (375×812 sheet, light, search focused)',
  loaders: [allWallets],
  play: searchHasFocus,
}
export const PhoneAllWalletsDark: Story = {
  ...PHONE,
  name: 'All wallets (375×812 sheet, dark, search focused)',
  args: { mode: 'dark' },
  loaders: [allWallets],
  play: searchHasFocus,
}
export const PhoneAccountLight: Story = {
  ...PHONE,
  name: 'Account (375×812 sheet, light)',
  loaders: [openOn(connected)],
  play: titleHasFocus('Account'),
}
export const PhoneAccountDark: Story = {
  ...PHONE,
  name: 'Account (375×812 sheet, dark)',
  args: { mode: 'dark' },
  loaders: [openOn(connected)],
  play: titleHasFocus('Account'),
}
