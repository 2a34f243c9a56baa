// Issue 12: the Account view's Activity tab — the connected account's transactions month by month
// (useActivity: SPEC §5 display rules, 'This month' / 'October 2023', relative times), in the real
// modal, light and dark, and on a 375×812 phone (the bottom sheet). The history comes from a fixture
// answer of GET /v1/account/{address}/history on a clock that stands still; no request leaves the page.
// Issue 25: counterparties the API names (the swap router, the on-ramp, a registered name) show by name;
// a network whose history the API does not serve (Bitcoin here) says so instead of "No activity yet".
import { type CaipNetwork, type ChainAdapter, createPortico, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { fixtureFetch, TOKENS } from './support/api'
import { bothModes, stillClock } from './support/embedded'
import { ADDRESS, fixtureAdapter, LEGAL, networks } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const DEX = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const MIN = 60_000
const H = 60 * MIN
const D = 24 * H
const [ETH_ICON, USDC_ICON, PTK_ICON] = TOKENS.map((t) => t.iconUrl)

type Transfer = { direction: 'in' | 'out'; numeric: string; symbol: string; icon?: string }
/** A history transaction as the server sends it, mined `ago` ms before the still clock's now. */
function tx(
  n: number,
  ago: number,
  operationType: string,
  transfers: Transfer[],
  opts: { status?: string; from?: string; to?: string; fromName?: string; toName?: string } = {},
) {
  const now = stillClock().now()
  return {
    id: `eip155:1:0x${n.toString(16).padStart(64, 'a')}`,
    metadata: {
      minedAt: new Date(now - ago).toISOString(),
      chain: 'eip155:1',
      operationType,
      status: opts.status ?? 'confirmed',
      sentFrom: opts.from ?? ADDRESS,
      sentTo: opts.to ?? OTHER,
      ...(opts.fromName ? { sentFromName: opts.fromName } : {}),
      ...(opts.toName ? { sentToName: opts.toName } : {}),
    },
    transfers: transfers.map((t) => ({
      direction: t.direction,
      quantity: { numeric: t.numeric },
      fungible_info: { name: t.symbol, symbol: t.symbol, ...(t.icon ? { icon: { url: t.icon } } : {}) },
    })),
  }
}

// The still clock reads 2023-11-14 22:13 UTC: "This month" is November 2023.
const PAGE_1 = [
  tx(1, 20_000, 'send', [{ direction: 'out', numeric: '0.25', symbol: 'ETH', icon: ETH_ICON }], { status: 'pending' }),
  tx(2, 5 * MIN, 'receive', [{ direction: 'in', numeric: '3', symbol: 'USDC', icon: USDC_ICON }], {
    from: OTHER,
    to: ADDRESS,
    fromName: 'On-ramp (sandbox)',
  }),
  tx(3, 3 * H, 'execute', [], { status: 'failed', to: DEX }),
  tx(4, 2 * D, 'send', [{ direction: 'out', numeric: '1.5', symbol: 'ETH' }]),
  tx(
    5,
    12 * D,
    'trade',
    [
      { direction: 'out', numeric: '1', symbol: 'ETH', icon: ETH_ICON },
      { direction: 'in', numeric: '3120.5', symbol: 'USDC', icon: USDC_ICON },
    ],
    { to: DEX, toName: 'Swap router' },
  ),
  tx(6, 25 * D, 'receive', [{ direction: 'in', numeric: '42', symbol: 'PTK', icon: PTK_ICON }], {
    from: OTHER,
    to: ADDRESS,
    fromName: 'portico-dev.eth',
  }),
  tx(7, 40 * D, 'withdraw', [{ direction: 'in', numeric: '500', symbol: 'USDC', icon: USDC_ICON }], { from: DEX, to: ADDRESS }),
]
const PAGE_2 = [
  tx(8, 60 * D, 'send', [{ direction: 'out', numeric: '0.1', symbol: 'ETH', icon: ETH_ICON }]),
  tx(9, 63 * D, 'receive', [{ direction: 'in', numeric: '2', symbol: 'ETH', icon: ETH_ICON }], { from: OTHER, to: ADDRESS }),
]

type History = 'list' | 'pages' | 'empty' | 'error' | 'hold' | 'bitcoin'

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const bitcoin: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } },
}

/** A Bitcoin wallet: the API serves no history for it. */
function bitcoinAdapter(): ChainAdapter {
  return {
    namespace: 'bip122',
    setup(ctx) {
      ctx.setConnectors([{ id: 'btc.fixture', name: 'Bitcoin Wallet', type: 'announced', namespace: 'bip122' }])
    },
    connect: async () => ({ address: BTC, chainId: bitcoin.id, accounts: [BTC] }),
    reconnect: async () => null,
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ balance: '0.5', symbol: 'BTC' }),
    signMessage: async () => '',
    sendTransaction: async () => '',
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The fixture API, with GET /v1/account/{address}/history answered the way `history` says. */
function withHistory(history: History): typeof fetch {
  const rest = fixtureFetch({})
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    // The Bitcoin account holds no API-listed tokens (its balance is the wallet's).
    if (history === 'bitcoin' && /\/balance$/.test(url.pathname)) return json(200, { balances: [] })
    if (!/\/v1\/account\/[^/]+\/history$/.test(url.pathname)) return rest(input, init)
    if (history === 'hold') return new Promise<Response>(() => {})
    if (history === 'bitcoin') throw new Error('Bitcoin history is never asked')
    if (history === 'error') return json(503, { error: 'fixture' })
    if (history === 'empty') return json(200, { data: [], next: null })
    if (history === 'list') return json(200, { data: PAGE_1, next: null })
    return url.searchParams.get('cursor') === 'p2'
      ? json(200, { data: PAGE_2, next: null })
      : json(200, { data: PAGE_1.slice(0, 2), next: 'p2' })
  }
}

async function make(mode: ThemeMode, history: History, open: boolean): Promise<Portico> {
  const portico = createPortico({
    ...LEGAL,
    projectId: 'storybook',
    networks: history === 'bitcoin' ? [bitcoin] : networks,
    adapters: history === 'bitcoin' ? [bitcoinAdapter()] : [fixtureAdapter()],
    themeMode: mode,
    timers: stillClock(),
    storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    isMobile: false,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: withHistory(history),
  })
  await portico.ready
  await portico.connection.connect(history === 'bitcoin' ? 'btc.fixture' : 'io.portico.devwallet')
  if (history !== 'bitcoin') await portico.balance.fetchTokenBalances()
  portico.chain.setCurrentTab(1)
  if (open) await portico.modal.open()
  return portico
}

const loader = (history: History, open = false) => bothModes((mode) => make(mode, history, open))

const meta = { title: 'Views/Activity', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas']

/** Every panel (or the phone) shows `n` rows. */
const rows = (canvas: Canvas, n: number) =>
  waitFor(async () => {
    const shown = await canvas.findAllByTestId('portico-activity-row')
    const panels = (await canvas.findAllByTestId('portico-activity')).length
    await expect(shown.length).toBe(n * panels)
  })

export const List: Story = {
  name: 'Activity: month groups, pending and failed rows',
  loaders: [loader('list')],
  play: async ({ canvas }) => {
    await rows(canvas, PAGE_1.length)
    await expect(canvas.getAllByRole('heading', { name: 'This month' }).length).toBeGreaterThan(0)
    await expect(canvas.getAllByRole('heading', { name: 'October 2023' }).length).toBeGreaterThan(0)
    await expect(canvas.getAllByRole('link', { name: 'View on block explorer: Sent 0.250 ETH' })[0]).toHaveAttribute('target', '_blank')
    // Named counterparties by name; the others by their shortened address.
    for (const text of ['to Swap router', 'from On-ramp (sandbox)', 'from portico-dev.eth', 'to 0x3C44…4293BC']) {
      await expect(canvas.getAllByText(text, { exact: false }).length).toBe(2)
    }
  },
}

export const MorePages: Story = {
  name: 'Activity: the next page loads at the end of the list',
  loaders: [loader('pages')],
  play: async ({ canvas }) => {
    await waitFor(async () => {
      // The scroll sentinel is in view: the next page comes without a click.
      await expect(canvas.getAllByRole('heading', { name: 'September 2023' }).length).toBe(2)
    })
    await rows(canvas, 4)
    await expect(canvas.queryAllByRole('button', { name: 'Load more' })).toEqual([])
  },
}

export const Loading: Story = {
  name: 'Activity: first load',
  loaders: [loader('hold')],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-activity-loading')).length).toBe(2)
  },
}

export const Failed: Story = {
  name: 'Activity: Failed to fetch transactions',
  loaders: [loader('error')],
  play: async ({ canvas }) => {
    await waitFor(async () => expect((await canvas.findAllByTestId('portico-activity-error')).length).toBe(2))
    await expect(canvas.getAllByTestId('portico-activity-error')[0]).toHaveTextContent('Failed to fetch transactions')
    await expect(canvas.getAllByRole('button', { name: 'Retry' }).length).toBe(2)
  },
}

export const Empty: Story = {
  name: 'Activity: no transactions',
  loaders: [loader('empty')],
  play: async ({ canvas }) => {
    await waitFor(async () => expect((await canvas.findAllByText('No activity yet')).length).toBe(2))
  },
}

export const Unavailable: Story = {
  name: 'Activity: history not available on this network (Bitcoin)',
  loaders: [loader('bitcoin')],
  play: async ({ canvas }) => {
    await waitFor(async () => expect((await canvas.findAllByTestId('portico-activity-unavailable')).length).toBe(2))
    await expect(canvas.getAllByText('History is not available on this network').length).toBe(2)
    await expect(canvas.queryAllByText('No activity yet')).toEqual([])
  },
}

export const PhoneUnavailable: Story = {
  name: 'Activity (phone): history not available on this network, light',
  ...PHONE,
  args: { phone: true, mode: 'light' },
  loaders: [loader('bitcoin', true)],
  play: async ({ canvasElement }) => {
    await waitFor(async () =>
      expect(canvasElement.ownerDocument.querySelector('[data-testid="portico-activity-unavailable"]')).not.toBeNull(),
    )
  },
}

export const PhoneList: Story = {
  name: 'Activity (phone): month groups, light',
  ...PHONE,
  args: { phone: true, mode: 'light' },
  loaders: [loader('list', true)],
  play: async ({ canvasElement }) => {
    await waitFor(async () =>
      expect(canvasElement.ownerDocument.querySelectorAll('[data-testid="portico-activity-row"]').length).toBe(PAGE_1.length),
    )
  },
}

export const PhoneListDark: Story = {
  name: 'Activity (phone): month groups, dark',
  ...PHONE,
  args: { phone: true, mode: 'dark' },
  loaders: [loader('list', true)],
  play: async ({ canvasElement }) => {
    await waitFor(async () =>
      expect(canvasElement.ownerDocument.querySelectorAll('[data-testid="portico-activity-row"]').length).toBe(PAGE_1.length),
    )
  },
}

export const PhoneFailed: Story = {
  name: 'Activity (phone): Failed to fetch transactions, dark',
  ...PHONE,
  args: { phone: true, mode: 'dark' },
  loaders: [loader('error', true)],
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(canvasElement.ownerDocument.querySelector('[data-testid="portico-activity-error"]')).not.toBeNull())
  },
}
