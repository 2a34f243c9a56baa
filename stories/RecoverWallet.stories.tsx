// Issue 22 §2: RecoverWallet in the real modal. A new device, whose frame holds no share of the wallet's key,
// says it cannot sign and offers recovery with the recovery secret; the device that made the keys offers to
// show the secret until it is saved. The secret is typed and shown only in the secure frame, absent here: the
// view makes room for it. Light and dark, on a 375×812 phone, and in Arabic. The auth connector is a fixture
// that behaves like the embedded one. No request leaves the page.
import { type ChainAdapter, type EmbeddedKeyState, localeOf, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, waitFor, within } from 'storybook/test'
import { authPortico, bothModes, stillClock } from './support/embedded'
import { ADDRESS, fixtureAdapter } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const EMAIL = 'ada.lovelace@example.com'

type Behaviour = {
  /** The key state when the view opens. @default 'recover' */
  state?: EmbeddedKeyState['state']
  /** The recovery secret of keys made here is unsaved. @default false */
  unsaved?: boolean
  /** What the frame answers to a recovery: the user recovers, or it stays open (the user is typing). @default 'open' */
  frame?: 'recovers' | 'open'
  /** The frame cannot be asked: getKeyState fails with this text. @default undefined */
  failure?: string
  /** Open on Account instead of RecoverWallet. @default false */
  account?: boolean
  /** In Arabic. @default false */
  arabic?: boolean
}

function authAdapter(behaviour: Behaviour): ChainAdapter {
  const base = fixtureAdapter()
  let state: EmbeddedKeyState = { state: behaviour.state ?? 'recover', unsavedRecovery: behaviour.unsaved ?? false }
  const open = () => new Promise<never>(() => undefined)
  return {
    ...base,
    async connect(params) {
      if (params.connectorId !== 'auth') return base.connect(params)
      return { address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: EMAIL }
    },
    getKeyState: async () => {
      if (behaviour.failure) throw new Error(behaviour.failure)
      return state
    },
    recoverWallet: async () => {
      if (behaviour.frame !== 'recovers') return open()
      state = { state: 'here', unsavedRecovery: false }
      return { recovered: true }
    },
    showRecoverySecret: () => open(),
    hideRecovery: async () => undefined,
  }
}

async function make(mode: ThemeMode, behaviour: Behaviour, openModal: boolean): Promise<Portico> {
  const portico = await authPortico(mode, authAdapter(behaviour), { timers: stillClock() })
  if (behaviour.arabic) localeOf(portico).setLocale('ar')
  await portico.connection.connect('auth')
  await portico.balance.fetchTokenBalances()
  if (openModal) await portico.modal.open()
  if (!behaviour.account) portico.router.push('RecoverWallet')
  return portico
}

const loader = (behaviour: Behaviour = {}, openModal = false) => bothModes((mode) => make(mode, behaviour, openModal))

const meta = { title: 'Views/RecoverWallet', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const body = () => within(document.body)

const phases = async (canvas: Canvas, phase: string) =>
  waitFor(async () => {
    const views = await canvas.findAllByTestId('portico-recover-wallet')
    await expect(views.map((v: HTMLElement) => v.dataset.phase)).toEqual(views.map(() => phase))
  })

const clickAll = async (canvas: Canvas, testId: string) => {
  for (const el of await canvas.findAllByTestId(testId)) fireEvent.click(el)
}

export const AccountNeeded: Story = {
  name: 'Account (a new device: "Recover your wallet" row)',
  loaders: [loader({ account: true })],
  play: async ({ canvas }) => {
    await waitFor(async () =>
      expect((await canvas.findAllByTestId('portico-account-recovery')).map((r: HTMLElement) => r.dataset.kind)).toEqual([
        'needed',
        'needed',
      ]),
    )
  },
}

export const AccountUnsaved: Story = {
  name: 'Account (keys made here: "Save your recovery secret" row)',
  loaders: [loader({ account: true, state: 'here', unsaved: true })],
  play: async ({ canvas }) => {
    await waitFor(async () =>
      expect((await canvas.findAllByTestId('portico-account-recovery')).map((r: HTMLElement) => r.dataset.kind)).toEqual([
        'unsaved',
        'unsaved',
      ]),
    )
  },
}

export const Needed: Story = {
  name: 'RecoverWallet (a new device: it cannot sign yet; Enter recovery secret)',
  loaders: [loader()],
  play: async ({ canvas }) => phases(canvas, 'needed'),
}

export const Asking: Story = {
  name: 'RecoverWallet (the room for the secure frame, which asks for the secret)',
  loaders: [loader()],
  play: async ({ canvas }) => {
    await phases(canvas, 'needed')
    await clickAll(canvas, 'portico-recovery-recover')
    await phases(canvas, 'asking')
  },
}

export const Recovered: Story = {
  name: 'RecoverWallet (recovered: this device can sign now)',
  loaders: [loader({ frame: 'recovers' })],
  play: async ({ canvas }) => {
    await phases(canvas, 'needed')
    await clickAll(canvas, 'portico-recovery-recover')
    await waitFor(async () =>
      expect((await canvas.findAllByTestId('portico-recover-wallet')).map((v: HTMLElement) => v.dataset.state)).toEqual([
        'recovered',
        'recovered',
      ]),
    )
  },
}

export const Unsaved: Story = {
  name: 'RecoverWallet (keys made here: Show recovery secret)',
  loaders: [loader({ state: 'here', unsaved: true })],
  play: async ({ canvas }) => {
    await phases(canvas, 'here')
    await expect((await canvas.findAllByTestId('portico-recovery-show')).length).toBe(2)
  },
}

export const Showing: Story = {
  name: 'RecoverWallet (the room for the secure frame, which shows the secret)',
  loaders: [loader({ state: 'here', unsaved: true })],
  play: async ({ canvas }) => {
    await phases(canvas, 'here')
    await clickAll(canvas, 'portico-recovery-show')
    await phases(canvas, 'showing')
    // No secret on this page: the fixture has none, and the real frame shows it in its own document.
    await expect(document.body.textContent).not.toMatch(/[A-Z2-7]{4}-[A-Z2-7]{4}-/)
  },
}

export const Here: Story = {
  name: 'RecoverWallet (this device holds its share; nothing to do)',
  loaders: [loader({ state: 'here' })],
  play: async ({ canvas }) => phases(canvas, 'here'),
}

export const Server: Story = {
  name: 'RecoverWallet (a wallet from before key shares: nothing to recover)',
  loaders: [loader({ state: 'server' })],
  play: async ({ canvas }) => phases(canvas, 'server'),
}

export const Failed: Story = {
  name: 'RecoverWallet (the frame cannot be asked: its text, Try again)',
  loaders: [loader({ failure: 'The wallet frame did not answer' })],
  play: async ({ canvas }) => {
    await waitFor(async () =>
      expect((await canvas.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
        'The wallet frame did not answer',
        'The wallet frame did not answer',
      ]),
    )
    await expect((await canvas.findAllByTestId('portico-recovery-retry')).length).toBe(2)
  },
}

export const PhoneNeededLight: Story = {
  ...PHONE,
  name: 'RecoverWallet a new device (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader({}, true)],
  play: async () => phases(body(), 'needed'),
}

export const PhoneUnsavedDark: Story = {
  ...PHONE,
  name: 'RecoverWallet keys made here (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({ state: 'here', unsaved: true }, true)],
  play: async () => phases(body(), 'here'),
}

export const NeededArabic: Story = {
  ...PHONE,
  name: 'RecoverWallet a new device (Arabic, 375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({ arabic: true }, true)],
  play: async () => {
    await phases(body(), 'needed')
    await expect((await body().findAllByText('استعد محفظتك على هذا الجهاز')).length).toBeGreaterThan(0)
  },
}
