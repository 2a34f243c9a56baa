// Issue 22 §2: passkey login in the real Connect view (features.passkeys with the embedded wallet's
// auth connector): "Continue with a passkey" and "Create a passkey" under the email field, a passkey
// being created in the window that opened, and a passkey the wallet does not know — light and dark,
// and on a 375×812 phone. The auth connector is a fixture: its connect holds, or fails as the story
// says (no window is opened, no request leaves the page).
import { type ChainAdapter, localeOf, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { authPortico, bothModes } from './support/embedded'
import { fixtureAdapter } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

/** 'hold': the passkey prompt stays open; 'unknown': the wallet does not know the passkey. */
type Behaviour = 'hold' | 'unknown'

const UNKNOWN = 'This passkey is not registered here'

function passkeyAdapter(behaviour: Behaviour): ChainAdapter {
  const base = fixtureAdapter()
  return {
    ...base,
    connect(params) {
      if (params.connectorId !== 'auth') return base.connect(params)
      if (behaviour === 'unknown') return Promise.reject(new Error(UNKNOWN))
      return new Promise(() => {})
    },
    async respond() {},
  }
}

async function make(mode: ThemeMode, behaviour: Behaviour, open: boolean, locale?: string): Promise<Portico> {
  const portico = await authPortico(mode, passkeyAdapter(behaviour), { features: { passkeys: true, legalCheckbox: false } })
  if (locale) localeOf(portico).setLocale(locale)
  if (open) await portico.modal.open()
  return portico
}

const loader = (behaviour: Behaviour, open = false, locale?: string) => bothModes((mode) => make(mode, behaviour, open, locale))

const meta = {
  title: 'Views/PasskeyLogin',
  render: (args, context) => renderOnPhone(args, context),
} satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

/** Press `testId` in every panel (light and dark). */
const pressAll = async (root: ReturnType<typeof within>, testId: string) => {
  for (const button of await root.findAllByTestId(testId)) button.click()
}

export const Connect: Story = {
  name: 'Connect with passkeys',
  loaders: [loader('hold')],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText('Continue with a passkey')).length).toBe(2)
    await expect((await canvas.findAllByText('Create a passkey')).length).toBe(2)
  },
}

export const Creating: Story = {
  name: 'Connect: a passkey is being created',
  loaders: [loader('hold')],
  play: async ({ canvas }) => {
    await pressAll(canvas, 'portico-connect-passkey-sign-up')
    await waitFor(async () => expect((await canvas.findAllByText('Create your passkey in the window that opened')).length).toBe(2))
  },
}

export const Unknown: Story = {
  name: 'Connect: a passkey the wallet does not know',
  loaders: [loader('unknown')],
  play: async ({ canvas }) => {
    await pressAll(canvas, 'portico-connect-passkey-sign-in')
    await waitFor(async () => expect((await canvas.findAllByText(UNKNOWN)).length).toBe(2))
  },
}

const body = () => within(document.body)

export const PhoneLight: Story = {
  ...PHONE,
  name: 'Connect with passkeys (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader('hold', true)],
  play: async () => {
    await body().findByText('Continue with a passkey')
  },
}

export const PhoneUnknownDark: Story = {
  ...PHONE,
  name: 'Connect: unknown passkey (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader('unknown', true)],
  play: async () => {
    await pressAll(body(), 'portico-connect-passkey-sign-in')
    await body().findByText(UNKNOWN)
  },
}

export const UnknownArabic: Story = {
  name: 'Connect: unknown passkey (Arabic, right to left)',
  loaders: [loader('unknown', false, 'ar')],
  // The refusal is worded from its code (passkeyUnknown) in Arabic, like the rest of the view.
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText('متابعة باستخدام مفتاح مرور')).length).toBe(2)
    await pressAll(canvas, 'portico-connect-passkey-sign-in')
    await waitFor(async () => expect((await canvas.findAllByText('مفتاح المرور هذا غير مسجّل هنا')).length).toBe(2))
  },
}
