// AllWallets and ConnectingExternal in the real modal, fed by a fixture wallet explorer: no request
// leaves the page (the explorer answers from a fixed catalogue and every image is a data: URI).
import { type ChainAdapter, createPortico, type Portico, type PorticoOptions, type ThemeMode, type Timers } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { connectors, fixtureAdapter, type Instances, LEGAL, networks, renderModal } from './support/fixtures'
import { CATALOGUE, type ExplorerBehaviour, fixtureFetch } from './support/api'

/** The fixture explorer: its catalogue, or a status / a request that never ends. */
const explorerFetch = (explorer: ExplorerBehaviour): typeof fetch => fixtureFetch({ explorer })

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

/** A wallet that never answers: the connection stays pending. */
function pendingAdapter(): ChainAdapter {
  return { ...fixtureAdapter(), connect: () => new Promise(() => {}) }
}

/** Only the Portico Dev Wallet is on the page: two of Connect's three wallet slots wait for the explorer. */
function oneWalletAdapter(): ChainAdapter {
  return { ...fixtureAdapter(), setup: (ctx) => ctx.setConnectors(connectors.filter((c) => c.id === 'io.portico.devwallet')) }
}

/** A clock that has waited long already: what waits 5 s or more runs at once (the "still waiting" hints). */
const patientTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    if (ms < 5000) return globalThis.setTimeout(fn, ms)
    queueMicrotask(fn)
    return 0
  },
  clearTimeout: (h) => globalThis.clearTimeout(h as number),
}

async function make(
  mode: ThemeMode,
  explorer: ExplorerBehaviour & { featured?: string[] },
  adapter: ChainAdapter,
  arrange: (p: Portico) => Promise<void> | void,
  extra: Partial<PorticoOptions> = {},
): Promise<Portico> {
  const portico = createPortico({
    ...extra,
    ...LEGAL,
    featuredWalletIds: explorer.featured ?? [],
    projectId: 'storybook',
    networks,
    adapters: [adapter],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: explorerFetch(explorer),
  })
  await portico.ready
  await arrange(portico)
  return portico
}

const loader =
  (
    explorer: ExplorerBehaviour & { featured?: string[] },
    arrange: (p: Portico) => Promise<void> | void,
    adapter: () => ChainAdapter = () => fixtureAdapter(),
    extra: Partial<PorticoOptions> = {},
  ) =>
  async (): Promise<{ portico: Instances }> => ({
    portico: {
      light: await make('light', explorer, adapter(), arrange, extra),
      dark: await make('dark', explorer, adapter(), arrange, extra),
    },
  })

/** Open AllWallets with its first page loaded. */
async function allWallets(p: Portico): Promise<void> {
  p.router.push('AllWallets')
  await (await p.load('explorer')).loadMore()
}

/** Type a search and wait for its (debounced) answer. */
const searching = (text: string) => async (p: Portico) => {
  await allWallets(p)
  const explorer = await p.load('explorer')
  explorer.setSearch(text)
  await new Promise<void>((resolve) => {
    const stop = explorer.$search.subscribe((s) => {
      if (!s.loading) {
        queueMicrotask(() => stop())
        resolve()
      }
    })
  })
}

type Args = Record<string, never>
const meta = {
  title: 'Views/AllWallets',
  render: renderModal,
} satisfies Meta<Args>
export default meta
type Story = StoryObj<typeof meta>

export const Loaded: Story = {
  name: 'AllWallets (loaded)',
  loaders: [loader({}, allWallets)],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('option', { name: /Portico Dev Wallet/ }))[0]).toHaveTextContent('Installed')
  },
}

export const Searching: Story = {
  name: 'AllWallets (search results)',
  loaders: [loader({}, searching('ra'))],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('option', { name: /Rabby Wallet/ })).length).toBe(2)
  },
}

export const Empty: Story = {
  name: 'AllWallets (no match)',
  loaders: [loader({}, searching('zzz'))],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText('No wallets found')).length).toBe(2)
  },
}

export const Unavailable: Story = {
  name: 'AllWallets (explorer unavailable)',
  loaders: [loader({ status: 503 }, allWallets)],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('HTTP status code: 503')
  },
}

export const ConnectingExternalWaiting: Story = {
  name: 'ConnectingExternal (waiting for the wallet)',
  loaders: [loader({}, (p) => p.router.push('ConnectingExternal', { connectorId: 'io.rabby' }), pendingAdapter)],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText('Continue in Rabby Wallet')).length).toBe(2)
  },
}

export const ConnectingExternalRejected: Story = {
  name: 'ConnectingExternal (connection rejected)',
  loaders: [
    loader(
      {},
      (p) => p.router.push('ConnectingExternal', { connectorId: 'io.rabby' }),
      () => fixtureAdapter({ connect: 'reject' }),
    ),
  ],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Connection rejected')
  },
}

export const ConnectWithExplorerWallets: Story = {
  name: 'Connect (recent explorer wallet before the installed ones)',
  loaders: [
    loader({ featured: ['wallet-5'] }, async (p) => {
      const explorer = await p.load('explorer')
      explorer.addRecent(CATALOGUE[1] as (typeof CATALOGUE)[number])
      await Promise.all([explorer.loadFeatured(), explorer.loadRecommended(), explorer.loadMore()])
    }),
  ],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('button', { name: /MetaMask.*Recent/ })).length).toBe(2)
    // the explorer's total: 50 in the pages + 1 featured
    await expect((await canvas.findAllByTestId('portico-connect-all-wallets'))[0]).toHaveTextContent('51')
  },
}

// Issue 9 §1 and §3.10: the first view never waits (placeholders, the error in the list), and the
// waiting views look like waiting views.

export const FirstPageLoading: Story = {
  name: 'AllWallets (first page on its way: placeholder rows)',
  loaders: [loader({ hold: true }, (p) => p.router.push('AllWallets'))],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-all-wallets-loading')).length).toBe(2)
  },
}

export const SearchLoading: Story = {
  name: 'AllWallets (a search on its way: placeholder rows, the clear button)',
  loaders: [
    loader({ holdSearch: true }, async (p) => {
      await allWallets(p)
      ;(await p.load('explorer')).setSearch('rab')
    }),
  ],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText('Searching wallets')).length).toBe(2)
    await expect((await canvas.findAllByRole('button', { name: 'Clear search' })).length).toBe(2)
  },
}

export const ConnectExplorerLoading: Story = {
  name: 'Connect (explorer on its way: placeholder rows in its slots)',
  loaders: [loader({ hold: true }, () => undefined, oneWalletAdapter)],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByTestId('portico-connect-wallets-loading')).length).toBe(2)
  },
}

export const ConnectExplorerError: Story = {
  name: 'Connect (explorer request failed: the error and Try again in the list)',
  loaders: [loader({ status: 500 }, async (p) => void (await (await p.load('explorer')).loadRecommended()), oneWalletAdapter)],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Wallets could not be loadedHTTP status code: 500Try again')
  },
}

export const ConnectingExternalSlow: Story = {
  name: 'ConnectingExternal (still waiting after 5 s: a hint and Try again)',
  loaders: [loader({}, (p) => p.router.push('ConnectingExternal', { connectorId: 'io.rabby' }), pendingAdapter, { timers: patientTimers })],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText(/Not seeing the request\? Open Rabby Wallet/)).length).toBe(2)
  },
}
