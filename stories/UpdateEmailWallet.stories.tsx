// Issue 11: the embedded wallet's Account (the email or social name, the address beneath, "Update
// email") and UpdateEmailWallet in the real modal, every step, light and dark, and on a 375×812 phone
// (the bottom sheet). The auth connector is a fixture that behaves like the embedded one: signed in
// as EMAIL, its email update mails a code to the current address (111111), then one to the new address
// (222222); any other code is refused with 'Invalid code. Try again.'. No request leaves the page.
import type { ChainAdapter, EmailUpdateConfirmation, Portico, SocialProvider, ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, waitFor, within } from 'storybook/test'
import { authPortico, bothModes, stillClock } from './support/embedded'
import { ADDRESS, fixtureAdapter } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const EMAIL = 'ada.lovelace@example.com'
const NEW_EMAIL = 'countess.ada@example.org'

type Behaviour = {
  /** The update never answers (the code to the current address is on its way). @default false */
  holdUpdate?: boolean
  /** The update is refused with this text. @default undefined */
  refuse?: string
  /** A code sent is never answered (the check is under way). @default false */
  holdCode?: boolean
  /** Signed in with a social provider (its user name) instead of an email. @default undefined */
  social?: { provider: SocialProvider; name: string }
  /** Open on Account instead of UpdateEmailWallet. @default false */
  account?: boolean
}

function authAdapter(behaviour: Behaviour): ChainAdapter {
  const base = fixtureAdapter()
  return {
    ...base,
    async connect(params) {
      if (params.connectorId !== 'auth') return base.connect(params)
      const { social } = behaviour
      return {
        address: ADDRESS,
        chainId: 1,
        accounts: [ADDRESS],
        ...(social ? { authName: social.name, socialProvider: social.provider } : { authName: EMAIL }),
      }
    },
    updateEmail() {
      if (behaviour.holdUpdate) return new Promise(() => {})
      if (behaviour.refuse) return Promise.reject(new Error(behaviour.refuse))
      return Promise.resolve({ action: 'VERIFY_PRIMARY_OTP' as const })
    },
    confirmEmailUpdate({ step, otp }): Promise<EmailUpdateConfirmation> {
      if (behaviour.holdCode) return new Promise(() => {})
      if (step === 'primary' && otp === '111111') return Promise.resolve({ action: 'VERIFY_SECONDARY_OTP' })
      if (step === 'secondary' && otp === '222222') return Promise.resolve({ newEmail: NEW_EMAIL })
      return Promise.reject(new Error('Invalid code. Try again.'))
    },
  }
}

async function make(mode: ThemeMode, behaviour: Behaviour, open: boolean): Promise<Portico> {
  const portico = await authPortico(mode, authAdapter(behaviour), { timers: stillClock() })
  await portico.connection.connect('auth')
  await portico.balance.fetchTokenBalances()
  if (open) await portico.modal.open()
  if (!behaviour.account) portico.router.push('UpdateEmailWallet')
  return portico
}

const loader = (behaviour: Behaviour = {}, open = false) => bothModes((mode) => make(mode, behaviour, open))

const meta = { title: 'Views/UpdateEmailWallet', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const body = () => within(document.body)

const steps = async (canvas: Canvas, step: string) =>
  waitFor(async () => {
    const views = await canvas.findAllByTestId('portico-update-email')
    await expect(views.map((v: HTMLElement) => v.dataset.step)).toEqual(views.map(() => step))
  })

/** Type the new email into every panel's field and submit it. */
async function submitEmail(canvas: Canvas, email: string) {
  await steps(canvas, 'idle')
  for (const input of await canvas.findAllByTestId('portico-update-email-input')) fireEvent.change(input, { target: { value: email } })
  for (const form of await canvas.findAllByTestId('portico-update-email-form')) fireEvent.submit(form)
}

/** Type a code into every panel's field. */
async function typeCode(canvas: Canvas, step: string, code: string) {
  await steps(canvas, step)
  for (const input of await canvas.findAllByTestId('portico-email-otp-input')) fireEvent.change(input, { target: { value: code } })
}

export const EmbeddedAccount: Story = {
  name: 'Account (email login: the email, the address beneath, Update email)',
  loaders: [loader({ account: true })],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-account-address')).map((e) => e.textContent)).toEqual([EMAIL, EMAIL])
    await expect((await canvas.findAllByTestId('portico-account-update-email')).length).toBe(2)
  },
}

export const SocialAccount: Story = {
  name: 'Account (social login: the Discord name without its trailing 0, no Update email)',
  loaders: [loader({ account: true, social: { provider: 'discord', name: 'lovelace0' } })],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-account-address')).map((e) => e.textContent)).toEqual(['lovelace', 'lovelace'])
    await expect(canvas.queryAllByTestId('portico-account-update-email')).toEqual([])
  },
}

export const EmailStep: Story = {
  name: 'UpdateEmailWallet (the new email; the current one named)',
  loaders: [loader()],
  play: async ({ canvas }) => steps(canvas, 'idle'),
}

export const SameEmail: Story = {
  name: 'UpdateEmailWallet (the current email again: its error)',
  loaders: [loader()],
  play: async ({ canvas }) => {
    await submitEmail(canvas, EMAIL)
    await waitFor(async () =>
      expect((await canvas.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
        'That is already your email',
        'That is already your email',
      ]),
    )
  },
}

export const Sending: Story = {
  name: 'UpdateEmailWallet (sending the code to the current email)',
  loaders: [loader({ holdUpdate: true })],
  play: async ({ canvas }) => {
    await submitEmail(canvas, NEW_EMAIL)
    await steps(canvas, 'sending')
  },
}

export const ConfirmCurrent: Story = {
  name: 'UpdateEmailWallet (confirm your current email: its code, resend counting down)',
  loaders: [loader()],
  play: async ({ canvas }) => {
    await submitEmail(canvas, NEW_EMAIL)
    await steps(canvas, 'verifyPrimary')
    await expect((await canvas.findAllByTestId('portico-update-email-resend'))[0]).toHaveTextContent('Resend code in 30 s')
  },
}

export const WrongCode: Story = {
  name: 'UpdateEmailWallet (a wrong code: the connector’s text, type again)',
  loaders: [loader()],
  play: async ({ canvas }) => {
    await submitEmail(canvas, NEW_EMAIL)
    await typeCode(canvas, 'verifyPrimary', '000000')
    await waitFor(async () =>
      expect((await canvas.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
        'Invalid code. Try again.',
        'Invalid code. Try again.',
      ]),
    )
  },
}

export const ConfirmNew: Story = {
  name: 'UpdateEmailWallet (confirm your new email: its code)',
  loaders: [loader()],
  play: async ({ canvas }) => {
    await submitEmail(canvas, NEW_EMAIL)
    await typeCode(canvas, 'verifyPrimary', '111111')
    await steps(canvas, 'verifySecondary')
    await expect((await canvas.findAllByText(`We emailed a 6-digit code to ${NEW_EMAIL}.`)).length).toBe(2)
  },
}

export const Verifying: Story = {
  name: 'UpdateEmailWallet (checking the code)',
  loaders: [loader({ holdCode: true })],
  play: async ({ canvas }) => {
    await submitEmail(canvas, NEW_EMAIL)
    await typeCode(canvas, 'verifyPrimary', '111111')
    await steps(canvas, 'verifying')
  },
}

export const Done: Story = {
  name: 'UpdateEmailWallet (email updated: Back to account)',
  loaders: [loader()],
  play: async ({ canvas }) => {
    await submitEmail(canvas, NEW_EMAIL)
    await typeCode(canvas, 'verifyPrimary', '111111')
    await typeCode(canvas, 'verifySecondary', '222222')
    await steps(canvas, 'done')
  },
}

export const Failed: Story = {
  name: 'UpdateEmailWallet (the update refused: its text, Try again)',
  loaders: [loader({ refuse: 'That email is already in use' })],
  play: async ({ canvas }) => {
    await submitEmail(canvas, NEW_EMAIL)
    await steps(canvas, 'error')
  },
}

export const PhoneAccountLight: Story = {
  ...PHONE,
  name: 'Account of an email login (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader({ account: true }, true)],
  play: async () => {
    await body().findByTestId('portico-account-update-email')
  },
}

export const PhoneAccountDark: Story = {
  ...PHONE,
  name: 'Account of an email login (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({ account: true }, true)],
  play: async () => {
    await body().findByTestId('portico-account-update-email')
  },
}

export const PhoneEmailStepDark: Story = {
  ...PHONE,
  name: 'UpdateEmailWallet new email (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({}, true)],
  play: async () => {
    await waitFor(async () => expect(document.activeElement).toBe(await body().findByTestId('portico-update-email-input')))
  },
}

export const PhoneConfirmCurrentLight: Story = {
  ...PHONE,
  name: 'UpdateEmailWallet current email’s code (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader({}, true)],
  play: async () => {
    await submitEmail(body(), NEW_EMAIL)
    await waitFor(async () => expect(document.activeElement).toBe(await body().findByTestId('portico-email-otp-input')))
  },
}

export const PhoneConfirmNewDark: Story = {
  ...PHONE,
  name: 'UpdateEmailWallet new email’s code (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({}, true)],
  play: async () => {
    await submitEmail(body(), NEW_EMAIL)
    await typeCode(body(), 'verifyPrimary', '111111')
    await steps(body(), 'verifySecondary')
    await waitFor(async () => expect(document.activeElement).toBe(await body().findByTestId('portico-email-otp-input')))
  },
}
