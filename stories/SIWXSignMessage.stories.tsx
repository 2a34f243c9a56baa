// Issue 15: sign in with the wallet. The real modal after a connect, with the app's own SIWX backend
// in memory (no request leaves the page): the prompt (Sign in, Cancel), the wallet asked ("Approve in
// your wallet"), the wallet's refusal (the reason, Try again), and a required sign-in (Disconnect in
// place of Cancel). Light and dark panels, the 375×812 phone (the bottom sheet), and Arabic (right to left).
import { createPortico, localeOf, type Portico, type SiwxConfig, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { fixtureFetch } from './support/api'
import { fixtureAdapter, type Instances, networks } from './support/fixtures'
import { walletImage } from './support/images'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

type Arrange = { sign?: 'pending' | 'reject'; required?: boolean; locale?: string }

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

/** The app's own backend, in memory: no session yet, so the connect asks for one. */
const backend = (required: boolean): SiwxConfig => ({
  required,
  createMessage: async ({ accountAddress, chainId }) => ({
    accountAddress,
    chainId,
    domain: 'demo.portico.dev',
    uri: 'https://demo.portico.dev',
    version: '1',
    nonce: 'storybook1',
    issuedAt: '2026-11-23T22:00:00.000Z',
  }),
  addSession: async () => undefined,
  getSessions: async () => [],
  revokeSession: async () => undefined,
})

async function make(mode: ThemeMode, arrange: Arrange): Promise<Portico> {
  const adapter = fixtureAdapter()
  if (arrange.sign === 'pending') adapter.signMessage = () => new Promise<string>(() => {})
  if (arrange.sign === 'reject')
    adapter.signMessage = async () => Promise.reject(Object.assign(new Error('User denied message signature'), { code: 4001 }))
  const portico = createPortico({
    projectId: 'storybook',
    networks,
    adapters: [adapter],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: fixtureFetch({}),
    metadata: {
      name: 'Portico Demo',
      description: 'The Portico demo app',
      url: 'https://demo.portico.dev',
      icons: [walletImage('#7c3aed', '#22d3ee')],
    },
    siwx: backend(arrange.required ?? false),
  })
  if (arrange.locale) localeOf(portico).setLocale(arrange.locale)
  await portico.ready
  await portico.connection.connect('io.portico.devwallet')
  const siwx = await portico.load('siwx')
  await waitFor(() => expect(siwx.$siwx.get().status).toBe('prompting'))
  if (arrange.sign) {
    void siwx.signIn()
    await waitFor(() => expect(siwx.$siwx.get().status).toBe(arrange.sign === 'pending' ? 'signing' : 'error'))
  }
  return portico
}

const loader = (arrange: Arrange) => async (): Promise<{ portico: Instances }> => ({
  portico: { light: await make('light', arrange), dark: await make('dark', arrange) },
})

const meta = { title: 'Views/SIWXSignMessage', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

/** Every panel (or the sheet) shows a button named `name`. */
const button = (name: string) => async () => {
  await waitFor(async () => expect((await body().findAllByRole('button', { name })).length).toBeGreaterThan(0))
}

export const Idle: Story = {
  name: 'SIWXSignMessage (asked after connecting: Sign in, Cancel)',
  loaders: [loader({})],
  play: async () => {
    await button('Sign in')()
    await button('Cancel')()
  },
}

export const Signing: Story = {
  name: 'SIWXSignMessage (the wallet is asked)',
  loaders: [loader({ sign: 'pending' })],
  play: button('Approve in your wallet'),
}

export const Refused: Story = {
  name: "SIWXSignMessage (the wallet's refusal: the reason, Try again)",
  loaders: [loader({ sign: 'reject' })],
  play: async () => {
    await waitFor(async () =>
      expect((await body().findAllByRole('alert')).map((a) => a.textContent)).toContain('User rejected the request'),
    )
    await button('Try again')()
  },
}

export const Required: Story = {
  name: 'SIWXSignMessage (required: Disconnect in place of Cancel)',
  loaders: [loader({ required: true })],
  play: button('Disconnect'),
}

/** On the phone: focus lands on Sign in. */
export const IdlePhone: Story = {
  name: 'SIWXSignMessage (phone)',
  ...PHONE,
  loaders: [loader({})],
  args: { phone: true },
  play: async () => {
    await waitFor(async () => expect(document.activeElement).toBe(await body().findByRole('button', { name: 'Sign in' })))
  },
}

export const ErrorPhoneDark: Story = {
  name: 'SIWXSignMessage (refused, phone, dark)',
  ...PHONE,
  loaders: [loader({ sign: 'reject' })],
  args: { phone: true, mode: 'dark' },
  play: button('Try again'),
}

export const RefusedArabic: Story = {
  name: 'SIWXSignMessage (refused, Arabic, right to left)',
  loaders: [loader({ sign: 'reject', locale: 'ar' })],
  // The refusal is worded from its code (userRejected) in Arabic, like the rest of the view.
  play: async () => {
    await waitFor(async () => expect((await body().findAllByRole('alert')).map((a) => a.textContent)).toContain('رفض المستخدم الطلب'))
    await button('حاول مرة أخرى')()
  },
}
