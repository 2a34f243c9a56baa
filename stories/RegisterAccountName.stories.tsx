// Issue 12: choosing a name in the real modal (SPEC §4 "Name registration", §5 rules). The fixture
// wallet's EVM account on the fixture networks; the names service of SPEC §7 answered in the page
// (suggestions, registration), so no request leaves it. Every state of RegisterAccountName, the
// success view, and Account's entry to it with the total value; light and dark panels and the
// 375×812 phone (the bottom sheet).
import { createPortico, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { fixtureFetch } from './support/api'
import { fixtureAdapter, type Instances, networks } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

type Names = {
  /** Suggestions never answer (the availability check is on its way). */
  holdSuggestions?: boolean
  /** The registration is refused with this status (the service's reason). */
  registerStatus?: number
  /** Balances never answer (Account's total is on its way). */
  holdBalances?: boolean
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The fixture API plus the names service: 'taken' (and any name starting with it) is registered; the rest are free. */
function namesFetch(opts: Names): typeof fetch {
  const base = fixtureFetch({})
  let registered: string | null = null
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if (opts.holdBalances && /\/v1\/account\/[^/]+\/balance$/.test(url.pathname)) return new Promise<Response>(() => {})
    if (/\/v1\/identity\//.test(url.pathname)) return json(200, { name: registered, avatar: null })
    const suggested = /\/v1\/profile\/suggestions\/([^/]+)$/.exec(url.pathname)?.[1]
    if (suggested !== undefined) {
      if (opts.holdSuggestions) return new Promise<Response>(() => {})
      const name = decodeURIComponent(suggested).toLowerCase()
      const candidates = [name, `${name}1`, `${name}-eth`, `the-${name}`]
      return json(200, { suggestions: candidates.map((c) => ({ name: `${c}.portico.id`, registered: c === 'taken' })) })
    }
    if (url.pathname.endsWith('/v1/profile/account') && init?.method === 'POST') {
      if (opts.registerStatus) return json(opts.registerStatus, { reasons: [{ description: 'This name is already registered' }] })
      const message = JSON.parse(String(init.body)) as { message: string }
      registered = `${(JSON.parse(message.message) as { name: string }).name}.portico.id`
      return json(200, {
        name: registered,
        registered_at: '2026-11-23T00:00:00Z',
        updated_at: '2026-11-23T00:00:00Z',
        addresses: {},
        attributes: {},
      })
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

/** What the form shows: a typed name, and whether Register was pressed (and how the wallet answers). */
type Arrange = { type?: string; register?: 'sign' | 'pending'; view?: 'form' | 'account' }

async function make(mode: ThemeMode, names: Names, arrange: Arrange, open: boolean): Promise<Portico> {
  const adapter = fixtureAdapter()
  if (arrange.register === 'pending') adapter.signMessage = () => new Promise<string>(() => {})
  const portico = createPortico({
    projectId: 'storybook',
    networks,
    adapters: [adapter],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: namesFetch(names),
  })
  await portico.ready
  await portico.connection.connect('io.portico.devwallet')
  if (!names.holdBalances) await portico.balance.fetchTokenBalances()
  if (open) await portico.modal.open()
  portico.router.reset('Account')
  if (arrange.view === 'account') return portico
  portico.router.push('RegisterAccountName')
  const flow = await portico.load('names')
  if (arrange.type !== undefined) {
    flow.setName(arrange.type)
    // The availability check answers after the typing pause (unless it is held).
    if (!names.holdSuggestions) await waitFor(() => expect(flow.$names.get().checking).toBe(false), { timeout: 3_000 })
  }
  if (arrange.register) {
    const done = flow.registerInModal()
    if (arrange.register === 'sign') await done
    else await waitFor(() => expect(flow.$names.get().signing).toBe(true))
  }
  return portico
}

const loader =
  (names: Names, arrange: Arrange, open = false) =>
  async (): Promise<{ portico: Instances }> => ({
    portico: { light: await make('light', names, arrange, open), dark: await make('dark', names, arrange, open) },
  })

const meta = { title: 'Views/RegisterAccountName', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

/** Every panel (or the sheet) shows `text` in each of its `testId` elements. */
const shows = (testId: string, text: string) => async () => {
  await waitFor(async () => {
    const shown = await body().findAllByTestId(testId)
    await expect(shown.map((el) => el.textContent)).toEqual(shown.map(() => text))
  })
}

export const Empty: Story = {
  name: 'RegisterAccountName (empty: the field with its zone)',
  loaders: [loader({}, {})],
  play: shows('portico-register-name-zone', '.portico.id'),
}

export const RuleError: Story = {
  name: 'RegisterAccountName (SPEC §5 rule: too short)',
  loaders: [loader({}, { type: 'ab' })],
  play: async () => {
    await waitFor(async () => expect((await body().findAllByText('Name must be at least 4 characters')).length).toBeGreaterThan(0))
  },
}

export const Checking: Story = {
  name: 'RegisterAccountName (checking availability)',
  loaders: [loader({ holdSuggestions: true }, { type: 'alice' })],
  play: shows('portico-register-name-status', 'Checking availability…'),
}

export const Available: Story = {
  name: 'RegisterAccountName (available, with suggestions)',
  loaders: [loader({}, { type: 'alice' })],
  play: shows('portico-register-name-status', 'alice.portico.id is available'),
}

export const Taken: Story = {
  name: 'RegisterAccountName (taken: free suggestions)',
  loaders: [loader({}, { type: 'taken' })],
  play: shows('portico-register-name-status', 'taken.portico.id is taken'),
}

export const Registering: Story = {
  name: 'RegisterAccountName (confirm in the wallet)',
  loaders: [loader({}, { type: 'alice', register: 'pending' })],
  play: shows('portico-register-name-submit', 'Confirm in your wallet'),
}

export const Failed: Story = {
  name: 'RegisterAccountName (registration refused: the reason)',
  loaders: [loader({ registerStatus: 409 }, { type: 'alice', register: 'sign' })],
  play: async () => {
    await waitFor(async () =>
      expect((await body().findAllByRole('alert')).map((a) => a.textContent).join()).toContain('This name is already registered'),
    )
  },
}

export const Success: Story = {
  name: 'RegisterAccountNameSuccess',
  loaders: [loader({}, { type: 'alice', register: 'sign' })],
  play: shows('portico-register-name-success-name', 'alice.portico.id'),
}

export const AccountEntry: Story = {
  name: 'Account (total value, Choose a name)',
  loaders: [loader({}, { view: 'account' })],
  play: async () => {
    await shows('portico-account-total', 'Total value $40,081.14')()
    await expect((await body().findAllByTestId('portico-account-choose-name')).length).toBeGreaterThan(0)
  },
}

export const AccountTotalLoading: Story = {
  name: 'Account (balances loading: the total placeholder)',
  loaders: [loader({ holdBalances: true }, { view: 'account' })],
  play: async () => {
    await waitFor(async () => expect((await body().findAllByRole('img', { name: 'Loading total value' })).length).toBeGreaterThan(0))
  },
}

/** On the phone: focus lands on the name field. */
const focused = async () => {
  await waitFor(async () => expect(document.activeElement).toBe(await body().findByTestId('portico-register-name-input')))
}

export const AvailablePhone: Story = {
  name: 'RegisterAccountName (available, phone)',
  ...PHONE,
  loaders: [loader({}, { type: 'alice' }, true)],
  args: { phone: true },
  play: async () => {
    await shows('portico-register-name-status', 'alice.portico.id is available')()
    await focused()
  },
}

export const TakenPhoneDark: Story = {
  name: 'RegisterAccountName (taken, phone, dark)',
  ...PHONE,
  loaders: [loader({}, { type: 'taken' }, true)],
  args: { phone: true, mode: 'dark' },
  play: async () => {
    await shows('portico-register-name-status', 'taken.portico.id is taken')()
    await focused()
  },
}

export const SuccessPhone: Story = {
  name: 'RegisterAccountNameSuccess (phone)',
  ...PHONE,
  loaders: [loader({}, { type: 'alice', register: 'sign' }, true)],
  args: { phone: true },
  play: shows('portico-register-name-success-name', 'alice.portico.id'),
}

export const SuccessPhoneDark: Story = {
  name: 'RegisterAccountNameSuccess (phone, dark)',
  ...PHONE,
  loaders: [loader({}, { type: 'alice', register: 'sign' }, true)],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-register-name-success-name', 'alice.portico.id'),
}
