// Issue 15 "Locales": the real modal in Arabic, right to left (dir="rtl" on its root; the layout
// mirrors through logical CSS, the back chevron and the list chevrons point left), and in German
// (left to right; balances and USD values written the German way). The locale is the instance's
// (localeOf(portico).setLocale, what useLocale().setLocale does); the modal waits for the locale's
// chunk before it shows. Light and dark panels, and the 375×812 phone (the bottom sheet).
import { localeOf, type Portico } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { connected, instances } from './support/fixtures'
import { shows } from './support/panels'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const inLocale =
  (locale: string, then?: (p: Portico) => Promise<void> | void) =>
  async (p: Portico): Promise<void> => {
    localeOf(p).setLocale(locale)
    await then?.(p)
  }
const openAnd = (then: (p: Portico) => Promise<void> | void) => async (p: Portico) => {
  await then(p)
  await p.modal.open()
}

const meta = { title: 'Locales', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

export const ConnectArabic: Story = {
  name: 'Connect (Arabic, right to left)',
  loaders: [instances({}, inLocale('ar'))],
  play: shows('portico-header', 'ربط المحفظة'),
}

export const ConnectWalletsArabic: Story = {
  name: 'ConnectWallets (Arabic: the back button and chevrons mirrored)',
  loaders: [
    instances(
      {},
      inLocale('ar', (p) => p.router.push('ConnectWallets')),
    ),
  ],
  play: shows('portico-header', 'اختر محفظة'),
}

export const AccountArabic: Story = {
  name: 'Account (Arabic, right to left)',
  loaders: [instances({}, inLocale('ar', connected))],
  play: shows('portico-account-balance', 'ETH'),
}

export const AccountGerman: Story = {
  name: 'Account (German: balances and USD values in the German way)',
  loaders: [instances({}, inLocale('de', connected))],
  play: shows('portico-header', 'Konto'),
}

export const ConnectArabicPhone: Story = {
  name: 'Connect (Arabic, phone)',
  ...PHONE,
  loaders: [
    instances(
      {},
      inLocale(
        'ar',
        openAnd(() => undefined),
      ),
    ),
  ],
  // The app's setup (PorticoProvider): the connect button behind the sheet is in Arabic too.
  args: { phone: true, provider: true },
  play: shows('portico-header', 'ربط المحفظة'),
}

export const AccountArabicPhoneDark: Story = {
  name: 'Account (Arabic, phone, dark)',
  ...PHONE,
  loaders: [instances({}, inLocale('ar', openAnd(connected)))],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-account-balance', 'ETH'),
}
