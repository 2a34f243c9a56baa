// Issue 15: what the project's remote config does to the real modal — a page whose origin the project
// does not allow (OriginNotAllowed in place of Connect), a region whose time zone is restricted (no Buy
// or Swap in Account, and a note that says why), and the optional email prompt after a wallet connects
// (EmailCapture: the form, an invalid email, "Check your inbox", a failure with Try again). Light and
// dark panels, and the 375×812 phone (the bottom sheet). The fixture API answers the config, the
// origins and the capture; no request leaves the page.
import { createPortico, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, waitFor, within } from 'storybook/test'
import { fixtureFetch } from './support/api'
import { eachMode, fixtureAdapter, LEGAL, networks } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

type Setup = {
  /** The project's allowed origins (the storybook page matches none of these). @default [] (every origin) */
  origins?: string[]
  /** Features the remote config turns off for the visitor's region. @default [] */
  restricted?: ('swaps' | 'onramp' | 'payWithExchange')[]
  /** emailCapture on, and how POST /v1/email-capture answers. @default undefined (off) */
  capture?: { status?: number; body?: unknown; hold?: boolean }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function projectFetch(setup: Setup): typeof fetch {
  const base = fixtureFetch({})
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if (url.pathname.endsWith('/projects/v1/origins')) return json(200, { allowedOrigins: setup.origins ?? [] })
    if (url.pathname.endsWith('/appkit/v1/config')) {
      const restricted = setup.restricted ?? []
      return json(200, { features: Object.fromEntries(restricted.map((f) => [f, false])), ...(restricted.length ? { restricted } : {}) })
    }
    if (url.pathname.endsWith('/v1/email-capture') && setup.capture) {
      if (setup.capture.hold) return new Promise<Response>(() => {})
      return json(setup.capture.status ?? 200, setup.capture.body ?? { status: 'pending' })
    }
    return base(input, init)
  }
}

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

/** The modal opened (the project flow checks and loads the config), then, unless the origin is refused, the fixture wallet connected in it. */
async function make(mode: ThemeMode, setup: Setup): Promise<Portico> {
  const portico = createPortico({
    ...LEGAL,
    projectId: 'storybook',
    networks,
    adapters: [fixtureAdapter()],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: projectFetch(setup),
    timeZone: setup.restricted?.length ? 'Asia/Pyongyang' : 'Europe/Paris',
    ...(setup.capture ? { features: { emailCapture: true } } : {}),
  })
  await portico.ready
  await portico.modal.open()
  const project = await portico.load('project')
  await project.check()
  await portico.features.loadRemote()
  if (setup.origins?.length) return portico
  if (setup.capture) await portico.load('capture')
  await portico.connection.connect('io.portico.devwallet')
  await portico.balance.fetchTokenBalances()
  return portico
}

const loader = (setup: Setup) => eachMode((mode) => make(mode, setup))

const meta = { title: 'Views/ProjectConfig', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const body = () => within(document.body)
const REFUSED = { origins: ['https://shop.example.com', 'https://*.example.org'] }
const RESTRICTED: Setup = { restricted: ['swaps', 'onramp', 'payWithExchange'] }

const steps = async (canvas: Canvas, step: string) =>
  waitFor(async () => {
    const views = await canvas.findAllByTestId('portico-email-capture')
    await expect(views.map((v: HTMLElement) => v.dataset.step)).toEqual(views.map(() => step))
  })

async function submitEmail(canvas: Canvas, email: string) {
  await steps(canvas, 'form')
  for (const input of await canvas.findAllByTestId('portico-email-capture-input')) fireEvent.change(input, { target: { value: email } })
  for (const form of await canvas.findAllByTestId('portico-email-capture-form')) fireEvent.submit(form)
}

export const OriginNotAllowed: Story = {
  name: 'OriginNotAllowed (the page’s origin is not one the project allows: no connect methods)',
  loaders: [loader(REFUSED)],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-origin-not-allowed')).length).toBe(2)
    await expect(canvas.queryAllByTestId('portico-connect-wallet-list')).toEqual([])
  },
}

export const RegionRestricted: Story = {
  name: 'Account in a restricted region (no Buy or Swap; the note says why)',
  loaders: [loader(RESTRICTED)],
  play: async ({ canvas }) => {
    await waitFor(async () =>
      expect((await canvas.findAllByTestId('portico-account-region-note')).map((n) => n.textContent)).toEqual([
        'Swapping and buying are not available in your region.',
        'Swapping and buying are not available in your region.',
      ]),
    )
    await expect(canvas.queryAllByTestId('portico-account-feature-swaps')).toEqual([])
    await expect(canvas.queryAllByTestId('portico-account-feature-onramp')).toEqual([])
    await expect((await canvas.findAllByTestId('portico-account-feature-receive')).length).toBe(2)
  },
}

export const EmailCaptureForm: Story = {
  name: 'EmailCapture (after the wallet connected: the email, Continue, Skip)',
  loaders: [loader({ capture: {} })],
  play: async ({ canvas }) => steps(canvas, 'form'),
}

export const EmailCaptureInvalid: Story = {
  name: 'EmailCapture (an invalid email: its error, no request)',
  loaders: [loader({ capture: {} })],
  play: async ({ canvas }) => {
    await submitEmail(canvas, 'ada@lovelace')
    await waitFor(async () =>
      expect((await canvas.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
        'Invalid email. Try again.',
        'Invalid email. Try again.',
      ]),
    )
  },
}

export const EmailCaptureSending: Story = {
  name: 'EmailCapture (sending)',
  loaders: [loader({ capture: { hold: true } })],
  play: async ({ canvas }) => {
    await submitEmail(canvas, 'ada@example.com')
    await steps(canvas, 'sending')
  },
}

export const EmailCaptureSent: Story = {
  name: 'EmailCapture (Check your inbox to confirm your email)',
  loaders: [loader({ capture: {} })],
  play: async ({ canvas }) => {
    await submitEmail(canvas, 'ada@example.com')
    await steps(canvas, 'sent')
    await expect((await canvas.findAllByText('Check your inbox to confirm your email')).length).toBe(2)
  },
}

export const EmailCaptureFailed: Story = {
  name: 'EmailCapture (the request failed: its text, Try again)',
  loaders: [loader({ capture: { status: 500, body: { error: 'Internal server error' } } })],
  play: async ({ canvas }) => {
    await submitEmail(canvas, 'ada@example.com')
    await steps(canvas, 'failed')
    await expect((await canvas.findAllByText('HTTP status code: 500')).length).toBe(2)
  },
}

export const PhoneOriginNotAllowedLight: Story = {
  ...PHONE,
  name: 'OriginNotAllowed (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader(REFUSED)],
  play: async () => {
    await body().findByTestId('portico-origin-not-allowed')
  },
}

export const PhoneRegionRestrictedDark: Story = {
  ...PHONE,
  name: 'Account in a restricted region (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader(RESTRICTED)],
  play: async () => {
    await body().findByTestId('portico-account-region-note')
  },
}

export const PhoneEmailCaptureLight: Story = {
  ...PHONE,
  name: 'EmailCapture (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader({ capture: {} })],
  play: async () => {
    await body().findByTestId('portico-email-capture-input')
  },
}

export const PhoneEmailCaptureSentDark: Story = {
  ...PHONE,
  name: 'EmailCapture sent (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({ capture: {} })],
  play: async () => {
    const b = body()
    fireEvent.change(await b.findByTestId('portico-email-capture-input'), { target: { value: 'ada@example.com' } })
    fireEvent.submit(await b.findByTestId('portico-email-capture-form'))
    await b.findByTestId('portico-email-capture-done')
  },
}
