// Issue 11: email login in the real modal, every step, light and dark, and on a 375×812 phone (the
// bottom sheet). The auth connector here is a fixture that behaves like the embedded one: it emails a
// device link or a code (prompts through the adapter contract), refuses any code but 123456 with
// 'Invalid code', and can hold a step. No request leaves the page.
import type { AdapterContext, ChainAdapter, ConnectResult, Portico, ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, waitFor, within } from 'storybook/test'
import { authPortico, bothModes, stillClock } from './support/embedded'
import { ADDRESS, fixtureAdapter } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const EMAIL = 'ada.lovelace@example.com'

type AuthBehaviour = {
  /** What connect asks for first ('none': it never answers, the sign-in is still being set up). @default 'otp' */
  first?: 'otp' | 'device' | 'none'
  /** connect fails (the frame could not load). @default false */
  fail?: boolean
  /** A code sent is never answered (the check is under way). @default false */
  holdCode?: boolean
  /** The clock has moved past the resend cooldown once the code was asked for. @default false */
  cooldownOver?: boolean
}

function authAdapter(behaviour: AuthBehaviour, clock: ReturnType<typeof stillClock>): ChainAdapter {
  const base = fixtureAdapter()
  let ctx: AdapterContext | undefined
  let settle: ((r: ConnectResult) => void) | undefined
  const emit = (prompt: Parameters<AdapterContext['emit']>[1]) => ctx?.emit('auth', prompt)
  return {
    ...base,
    setup(c) {
      ctx = c
      return base.setup(c)
    },
    connect(params) {
      if (params.connectorId !== 'auth') return base.connect(params)
      if (behaviour.fail) return Promise.reject(new Error('Unable to load email login dependency'))
      return new Promise((resolve) => {
        settle = resolve
        const first = behaviour.first ?? 'otp'
        if (first === 'none') return
        queueMicrotask(() => {
          emit({ kind: 'prompt', prompt: { kind: first === 'device' ? 'verifyDevice' : 'verifyOtp', email: EMAIL } })
          if (behaviour.cooldownOver) setTimeout(() => clock.jump(31_000), 0)
        })
      })
    },
    async respond({ answer }) {
      if (answer.kind !== 'otp') return
      if (behaviour.holdCode) return new Promise<void>(() => {})
      if (answer.code !== '123456') throw new Error('Invalid code')
      emit({ kind: 'prompt', prompt: undefined })
      settle?.({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: EMAIL })
    },
  }
}

async function make(mode: ThemeMode, behaviour: AuthBehaviour, email: string, open: boolean): Promise<Portico> {
  const clock = stillClock()
  const portico = await authPortico(mode, authAdapter(behaviour, clock), { timers: clock })
  if (open) await portico.modal.open()
  portico.router.push('EmailLogin', { email })
  return portico
}

const loader = (behaviour: AuthBehaviour = {}, email = EMAIL, open = false) => bothModes((mode) => make(mode, behaviour, email, open))

const meta = { title: 'Views/EmailLogin', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

const steps = async (canvas: ReturnType<typeof within>, step: string) =>
  waitFor(async () => {
    const views = await canvas.findAllByTestId('portico-email-login')
    await expect(views.map((v: HTMLElement) => v.dataset.step)).toEqual(views.map(() => step))
  })

/** Type a code into every panel's field (the panels are two instances). */
const typeCode =
  (code: string) =>
  async ({ canvas }: { canvas: ReturnType<typeof within> }) => {
    await steps(canvas, 'verifyOtp')
    for (const input of await canvas.findAllByTestId('portico-email-otp-input')) fireEvent.change(input, { target: { value: code } })
  }

export const InvalidEmail: Story = {
  name: 'EmailLogin (invalid email: the email step with its error)',
  loaders: [loader({}, 'ada.lovelace@example')],
  play: async ({ canvas }) => {
    await steps(canvas, 'idle')
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Invalid email. Try again.')
  },
}

export const Sending: Story = {
  name: 'EmailLogin (setting up the sign-in)',
  loaders: [loader({ first: 'none' })],
  play: async ({ canvas }) => steps(canvas, 'sending'),
}

export const VerifyDevice: Story = {
  name: 'EmailLogin (approve this device: waiting for the emailed link)',
  loaders: [loader({ first: 'device' })],
  play: async ({ canvas }) => {
    await steps(canvas, 'verifyDevice')
    await expect((await canvas.findAllByText(`We emailed a link to ${EMAIL}. Open it to continue.`)).length).toBe(2)
  },
}

export const VerifyOtp: Story = {
  name: 'EmailLogin (the 6-digit code, resend counting down)',
  loaders: [loader()],
  play: async ({ canvas }) => {
    await steps(canvas, 'verifyOtp')
    await expect((await canvas.findAllByTestId('portico-email-resend'))[0]).toHaveTextContent('Resend code in 30 s')
  },
}

export const VerifyOtpTyping: Story = {
  name: 'EmailLogin (a code half typed)',
  loaders: [loader()],
  play: async (ctx) => {
    await typeCode('1234')(ctx)
    await expect((await ctx.canvas.findAllByTestId('portico-email-otp-input'))[1]).toHaveValue('1234')
  },
}

export const WrongCode: Story = {
  name: 'EmailLogin (a wrong code: the connector’s text, type again)',
  loaders: [loader()],
  play: async (ctx) => {
    await typeCode('000 000')(ctx)
    await waitFor(async () => expect((await ctx.canvas.findAllByRole('alert')).length).toBe(2))
    await expect((await ctx.canvas.findAllByRole('alert'))[0]).toHaveTextContent('Invalid code')
  },
}

export const ResendAvailable: Story = {
  name: 'EmailLogin (cooldown over: Resend code)',
  loaders: [loader({ cooldownOver: true })],
  play: async ({ canvas }) => {
    await steps(canvas, 'verifyOtp')
    await waitFor(
      async () =>
        expect((await canvas.findAllByTestId('portico-email-resend')).map((b) => b.textContent)).toEqual(['Resend code', 'Resend code']),
      { timeout: 3000 },
    )
  },
}

export const Verifying: Story = {
  name: 'EmailLogin (checking the code)',
  loaders: [loader({ holdCode: true })],
  play: async (ctx) => {
    await typeCode('123456')(ctx)
    await steps(ctx.canvas, 'verifying')
  },
}

export const Failed: Story = {
  name: 'EmailLogin (sign-in failed: the frame’s text, Try again)',
  loaders: [loader({ fail: true })],
  play: async ({ canvas }) => {
    await steps(canvas, 'error')
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Unable to load email login dependency')
  },
}

const body = () => within(document.body)

export const PhoneVerifyOtpLight: Story = {
  ...PHONE,
  name: 'EmailLogin code (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader({}, EMAIL, true)],
  play: async () => {
    await waitFor(async () => expect(document.activeElement).toBe(await body().findByTestId('portico-email-otp-input')))
  },
}

export const PhoneVerifyOtpDark: Story = {
  ...PHONE,
  name: 'EmailLogin code (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({}, EMAIL, true)],
  play: async () => {
    await waitFor(async () => expect(document.activeElement).toBe(await body().findByTestId('portico-email-otp-input')))
  },
}

export const PhoneVerifyDeviceDark: Story = {
  ...PHONE,
  name: 'EmailLogin device approval (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({ first: 'device' }, EMAIL, true)],
  play: async () => {
    await body().findByText('Approve this device')
  },
}

export const PhoneFailedLight: Story = {
  ...PHONE,
  name: 'EmailLogin failed (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader({ fail: true }, EMAIL, true)],
  play: async () => {
    await body().findByRole('button', { name: 'Try again' })
  },
}
