// Issue 11: the account type switch in the Account view of an embedded wallet (an email login through
// the secure frame): "Regular account" / "Smart account", in the real modal, light and dark, and on a
// 375×812 phone (the bottom sheet). The auth connector is a fixture: signed in as EMAIL, its switch to
// the smart account succeeds, never answers (the delegation transaction is on its way), or falls back
// to the regular account with the auth service's reason. No request leaves the page.
import type { ChainAdapter, Portico, ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, waitFor, within } from 'storybook/test'
import { authPortico, bothModes } from './support/embedded'
import { ADDRESS, fixtureAdapter } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const EMAIL = 'ada.lovelace@example.com'
const REASON = 'Falling back to EOA: insufficient funds for gas * price + value: have 0 want 21000'

type Behaviour = {
  /** What switching to the smart account does. @default 'succeed' */
  smart?: 'succeed' | 'hold' | 'fallback'
}

function authAdapter(behaviour: Behaviour): ChainAdapter {
  const base = fixtureAdapter()
  return {
    ...base,
    async connect(params) {
      if (params.connectorId !== 'auth') return base.connect(params)
      return { address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: EMAIL }
    },
    setPreferredAccountType({ type }) {
      if (type === 'eoa') return Promise.resolve({ type, address: ADDRESS })
      if (behaviour.smart === 'hold') return new Promise(() => {})
      if (behaviour.smart === 'fallback') return Promise.resolve({ type: 'eoa', address: ADDRESS, reason: REASON })
      return Promise.resolve({ type, address: ADDRESS, smartAccountDeployed: true })
    },
  }
}

async function make(mode: ThemeMode, behaviour: Behaviour, open: boolean): Promise<Portico> {
  const portico = await authPortico(mode, authAdapter(behaviour))
  await portico.connection.connect('auth')
  await portico.balance.fetchTokenBalances()
  if (open) await portico.modal.open()
  return portico
}

const loader = (behaviour: Behaviour = {}, open = false) => bothModes((mode) => make(mode, behaviour, open))

const meta = { title: 'Views/Account type', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const body = () => within(document.body)

/** Every panel's switch shows `value` (and is switching to `switching`, if given). */
const shows = async (canvas: Canvas, value: string, switching?: string) =>
  waitFor(async () => {
    const rows = await canvas.findAllByTestId('portico-account-type')
    await expect(rows.map((r: HTMLElement) => [r.dataset.value, r.dataset.switching])).toEqual(rows.map(() => [value, switching]))
  })

/** Pick the smart account in every panel. */
async function pickSmart(canvas: Canvas) {
  await shows(canvas, 'eoa')
  for (const radio of await canvas.findAllByTestId('portico-account-type-smartAccount')) fireEvent.click(radio)
}

const fallbackText = `Could not switch to a smart account: ${REASON}`

export const Regular: Story = {
  name: 'Account type: a regular account',
  loaders: [loader()],
  play: async ({ canvas }) => shows(canvas, 'eoa'),
}

export const Smart: Story = {
  name: 'Account type: a smart account',
  loaders: [loader()],
  play: async ({ canvas }) => {
    await pickSmart(canvas)
    await shows(canvas, 'smartAccount')
  },
}

export const Switching: Story = {
  name: 'Account type: switching to a smart account (busy)',
  loaders: [loader({ smart: 'hold' })],
  play: async ({ canvas }) => {
    await pickSmart(canvas)
    await shows(canvas, 'eoa', 'smartAccount')
    await expect((await canvas.findAllByRole('status', { name: 'Switching account type' })).length).toBe(2)
  },
}

export const Fallback: Story = {
  name: 'Account type: the smart account failed (the reason, still regular)',
  loaders: [loader({ smart: 'fallback' })],
  play: async ({ canvas }) => {
    await pickSmart(canvas)
    await waitFor(async () => expect((await canvas.findAllByRole('alert')).map((a) => a.textContent)).toEqual([fallbackText, fallbackText]))
    await shows(canvas, 'eoa')
  },
}

export const PhoneRegularLight: Story = {
  ...PHONE,
  name: 'Account type: regular (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader({}, true)],
  play: async () => shows(body(), 'eoa'),
}

export const PhoneSmartDark: Story = {
  ...PHONE,
  name: 'Account type: smart account (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({}, true)],
  play: async () => {
    await pickSmart(body())
    await shows(body(), 'smartAccount')
  },
}

export const PhoneSwitchingDark: Story = {
  ...PHONE,
  name: 'Account type: switching (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({ smart: 'hold' }, true)],
  play: async () => {
    await pickSmart(body())
    await shows(body(), 'eoa', 'smartAccount')
  },
}

export const PhoneFallbackLight: Story = {
  ...PHONE,
  name: 'Account type: the fallback’s reason (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader({ smart: 'fallback' }, true)],
  play: async () => {
    await pickSmart(body())
    await waitFor(async () => expect((await body().findByRole('alert')).textContent).toBe(fallbackText))
  },
}

export const PhoneFallbackDark: Story = {
  ...PHONE,
  name: 'Account type: the fallback’s reason (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({ smart: 'fallback' }, true)],
  play: async () => {
    await pickSmart(body())
    await waitFor(async () => expect((await body().findByRole('alert')).textContent).toBe(fallbackText))
  },
}
