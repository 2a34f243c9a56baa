// Issue 22 §2: PasskeysWallet in the real modal: an embedded account's passkeys (name, the days added and last
// used, synced), a removal confirmed in its row, "Add a passkey" (its window, on the secure frame's origin, is
// absent here), the refusal to remove the only way to sign in, a closed passkey window with Try again, and no
// passkeys yet. Light and dark, on a 375×812 phone, and in Arabic. The auth connector is a fixture that behaves
// like the embedded one (its texts are the API's). No request leaves the page.
import { type ChainAdapter, type EmbeddedPasskey, localeOf, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, waitFor, within } from 'storybook/test'
import { authPortico, bothModes, stillClock } from './support/embedded'
import { ADDRESS, fixtureAdapter } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const EMAIL = 'ada.lovelace@example.com'
const LAST = 'This passkey is your only way to sign in. Add another passkey or an email first.'

// Midday UTC: the same calendar day in every time zone the screenshots may be taken in.
const PASSKEYS: readonly EmbeddedPasskey[] = [
  { id: 'cred-iphone', name: 'iPhone', createdAt: '2026-03-14T12:00:00.000Z', lastUsedAt: '2026-12-01T12:00:00.000Z', backedUp: true },
  { id: 'cred-laptop', name: 'Work laptop', createdAt: '2026-11-20T12:00:00.000Z', lastUsedAt: null, backedUp: false },
]

type Behaviour = {
  /** The passkeys when the view opens. @default PASSKEYS */
  passkeys?: readonly EmbeddedPasskey[]
  /** What adding does: the passkey is made, its window is closed first, or it stays open (the user is in it). @default 'made' */
  add?: 'made' | 'closed' | 'open'
  /** Open on Account instead of PasskeysWallet. @default false */
  account?: boolean
  /** In Arabic. @default false */
  arabic?: boolean
}

function authAdapter(behaviour: Behaviour): ChainAdapter {
  const base = fixtureAdapter()
  let list = [...(behaviour.passkeys ?? PASSKEYS)]
  return {
    ...base,
    async connect(params) {
      if (params.connectorId !== 'auth') return base.connect(params)
      return { address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: EMAIL }
    },
    getPasskeys: async () => list,
    addPasskey: ({ name }) => {
      if (behaviour.add === 'open') return new Promise<never>(() => undefined)
      if (behaviour.add === 'closed') return Promise.reject(new Error('Popup closed'))
      const passkey = {
        id: `cred-${list.length + 1}`,
        name: name ?? 'Passkey',
        createdAt: '2026-12-02T12:00:00.000Z',
        lastUsedAt: null,
        backedUp: true,
      }
      list = [...list, passkey]
      return Promise.resolve(passkey)
    },
    removePasskey: async ({ id }) => {
      if (list.length === 1) throw new Error(LAST)
      list = list.filter((p) => p.id !== id)
      return list
    },
  }
}

async function make(mode: ThemeMode, behaviour: Behaviour, openModal: boolean): Promise<Portico> {
  // The app offers passkey login (features.passkeys): the Account row comes with it.
  const portico = await authPortico(mode, authAdapter(behaviour), { timers: stillClock(), features: { passkeys: true } })
  if (behaviour.arabic) localeOf(portico).setLocale('ar')
  await portico.connection.connect('auth')
  await portico.balance.fetchTokenBalances()
  if (openModal) await portico.modal.open()
  if (!behaviour.account) portico.router.push('PasskeysWallet')
  return portico
}

const loader = (behaviour: Behaviour = {}, openModal = false) => bothModes((mode) => make(mode, behaviour, openModal))

const meta = { title: 'Views/PasskeysWallet', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const body = () => within(document.body)

/** Every view shown (one a panel, or the phone's) holds `count` passkeys. */
const ready = async (canvas: Canvas, count: number) =>
  waitFor(async () => {
    const views = await canvas.findAllByTestId('portico-passkeys')
    await expect(views.map((v: HTMLElement) => `${v.dataset.phase} ${v.dataset.count}`)).toEqual(views.map(() => `ready ${count}`))
  })

const clickAll = async (canvas: Canvas, testId: string) => {
  for (const el of await canvas.findAllByTestId(testId)) fireEvent.click(el)
}

/** Remove on the second passkey of each view: its row asks. */
async function askRemove(canvas: Canvas) {
  await ready(canvas, 2)
  for (const view of await canvas.findAllByTestId('portico-passkeys')) {
    const remove = within(view).getAllByTestId('portico-passkey-remove')[1]
    if (remove) fireEvent.click(remove)
  }
  await waitFor(async () => expect((await canvas.findAllByTestId('portico-passkey-keep')).length).toBeGreaterThan(0))
}

export const Account: Story = {
  name: 'Account (an embedded account whose connector has passkeys: its row)',
  loaders: [loader({ account: true })],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-account-passkeys')).length).toBe(2)
  },
}

export const List: Story = {
  name: 'PasskeysWallet (two passkeys: added, last used or never, synced)',
  loaders: [loader()],
  play: async ({ canvas }) => ready(canvas, 2),
}

export const ConfirmRemove: Story = {
  name: 'PasskeysWallet (Remove asks in its row: Keep, Remove)',
  loaders: [loader()],
  play: async ({ canvas }) => {
    await askRemove(canvas)
    await expect((await canvas.findAllByText('Remove “Work laptop”? You can no longer sign in with it.')).length).toBe(2)
  },
}

export const Removed: Story = {
  name: 'PasskeysWallet (removed: one left)',
  loaders: [loader()],
  play: async ({ canvas }) => {
    await askRemove(canvas)
    await clickAll(canvas, 'portico-passkey-confirm-remove')
    await ready(canvas, 1)
  },
}

export const LastPasskey: Story = {
  name: 'PasskeysWallet (the only way to sign in: not removed, the reason)',
  loaders: [loader({ passkeys: PASSKEYS.slice(0, 1) })],
  play: async ({ canvas }) => {
    await ready(canvas, 1)
    await clickAll(canvas, 'portico-passkey-remove')
    await clickAll(canvas, 'portico-passkey-confirm-remove')
    await waitFor(async () =>
      expect((await canvas.findAllByTestId('portico-passkeys-error')).map((e) => e.textContent)).toEqual([LAST, LAST]),
    )
  },
}

export const Adding: Story = {
  name: 'PasskeysWallet (adding: made in the window that opened)',
  loaders: [loader({ add: 'open' })],
  play: async ({ canvas }) => {
    await ready(canvas, 2)
    for (const input of await canvas.findAllByTestId('portico-passkeys-name')) fireEvent.change(input, { target: { value: 'Tablet' } })
    await clickAll(canvas, 'portico-passkeys-add')
    await expect((await canvas.findAllByText('Create your passkey in the window that opened')).length).toBe(2)
  },
}

export const PopupClosed: Story = {
  name: 'PasskeysWallet (the passkey window closed: Try again)',
  loaders: [loader({ add: 'closed' })],
  play: async ({ canvas }) => {
    await ready(canvas, 2)
    await clickAll(canvas, 'portico-passkeys-add')
    await expect((await canvas.findAllByTestId('portico-passkeys-retry')).length).toBe(2)
  },
}

export const Empty: Story = {
  name: 'PasskeysWallet (no passkeys yet)',
  loaders: [loader({ passkeys: [] })],
  play: async ({ canvas }) => {
    await ready(canvas, 0)
    await expect((await canvas.findAllByTestId('portico-passkeys-empty')).length).toBe(2)
  },
}

export const PhoneListLight: Story = {
  ...PHONE,
  name: 'PasskeysWallet (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader({}, true)],
  play: async () => ready(body(), 2),
}

export const PhoneConfirmDark: Story = {
  ...PHONE,
  name: 'PasskeysWallet Remove asks (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({}, true)],
  play: async () => {
    await askRemove(body())
    await waitFor(async () => expect(document.activeElement).toBe(await body().findByTestId('portico-passkey-keep')))
  },
}

export const ListArabic: Story = {
  name: 'PasskeysWallet (Arabic, right to left)',
  loaders: [loader({ arabic: true })],
  play: async ({ canvas }) => {
    await ready(canvas, 2)
    await expect((await canvas.findAllByRole('button', { name: 'إزالة مفتاح المرور Work laptop' })).length).toBe(2)
  },
}

export const PhoneErrorArabic: Story = {
  ...PHONE,
  name: 'PasskeysWallet the only way to sign in (Arabic, 375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({ passkeys: PASSKEYS.slice(0, 1), arabic: true }, true)],
  play: async () => {
    await ready(body(), 1)
    await clickAll(body(), 'portico-passkey-remove')
    await clickAll(body(), 'portico-passkey-confirm-remove')
    await expect((await body().findByTestId('portico-passkeys-error')).textContent).toBe(
      'مفتاح المرور هذا هو وسيلتك الوحيدة لتسجيل الدخول. أضف مفتاح مرور آخر أو بريدًا إلكترونيًا أولًا.',
    )
  },
}
