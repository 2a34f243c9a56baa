// AllWallets and ConnectingExternal in the real modal, fed by a fixture wallet explorer: no request
// leaves the page (the explorer answers from a fixed catalogue and every image is a data: URI).
import { type ChainAdapter, createPortico, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { fixtureAdapter, type Instances, LEGAL, networks, renderModal } from './support/fixtures'
import { walletImage } from './support/images'

const NAMES = [
  'Portico Dev Wallet', 'Aurora', 'Basalt', 'Cobalt Vault', 'Drift', 'Ember', 'Fjord', 'Granite', 'Harbor', 'Indigo Keys', 'Juniper',
  'Kestrel', 'Lumen', 'Meridian', 'Nimbus', 'Onyx', 'Pebble', 'Quartz', 'Rabbit Wallet', 'Sable', 'Tundra', 'Umbra', 'Vireo',
  'Willow', 'Xenon', 'Yarrow', 'Zephyr', 'Atlas Pay', 'Beacon', 'Cinder', 'Dune', 'Echo Safe', 'Flint', 'Glacier', 'Heron', 'Iris',
  'Jade', 'Kite', 'Lark', 'Maple', 'Nova', 'Orbit', 'Pine', 'Quill', 'Raven', 'Slate', 'Tide', 'Vale', 'Wren', 'Yonder', 'Zinnia',
]
const hue = (i: number, shift = 0) => `hsl(${(i * 47 + shift) % 360} 70% 52%)`

/** The fixture catalogue: Portico Dev Wallet has the rdns the fixture adapter announces (so it is installed). */
const CATALOGUE = NAMES.map((name, i) => ({
  id: `wallet-${i + 1}`,
  name,
  image_url: walletImage(hue(i), hue(i, 90)),
  rdns: i === 0 ? 'io.portico.devwallet' : `dev.fixture.${name.toLowerCase().replace(/[^a-z]/g, '')}`,
  chains: ['eip155:1'],
}))

type ExplorerBehaviour = { status?: number; featured?: string[] }

function explorerFetch(behaviour: ExplorerBehaviour): typeof fetch {
  return async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if (url.pathname.endsWith('/getWallets')) {
      if (behaviour.status && behaviour.status !== 200) return new Response(JSON.stringify({ error: 'fixture' }), { status: behaviour.status })
      const p = url.searchParams
      const include = p.get('include')?.split(',')
      const exclude = p.get('exclude')?.split(',') ?? []
      const search = p.get('search')?.toLowerCase()
      const matches = CATALOGUE.filter((w) => (!include || include.includes(w.id)) && !exclude.includes(w.id) && (!search || w.name.toLowerCase().includes(search)))
      const page = Number(p.get('page') ?? 1)
      const entries = Number(p.get('entries') ?? 40)
      return new Response(JSON.stringify({ count: matches.length, data: matches.slice((page - 1) * entries, page * entries) }), { status: 200 })
    }
    throw new TypeError(`Storybook fixtures make no network requests (${url.pathname})`)
  }
}

const memoryStorage = () => {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) }
}

/** A wallet that never answers: the connection stays pending. */
function pendingAdapter(): ChainAdapter {
  return { ...fixtureAdapter(), connect: () => new Promise(() => {}) }
}

async function make(mode: ThemeMode, explorer: ExplorerBehaviour, adapter: ChainAdapter, arrange: (p: Portico) => Promise<void> | void): Promise<Portico> {
  const portico = createPortico({
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
  (explorer: ExplorerBehaviour, arrange: (p: Portico) => Promise<void> | void, adapter: () => ChainAdapter = () => fixtureAdapter()) =>
  async (): Promise<{ portico: Instances }> => ({
    portico: { light: await make('light', explorer, adapter(), arrange), dark: await make('dark', explorer, adapter(), arrange) },
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
    await expect((await canvas.findAllByRole('option', { name: /Rabbit Wallet/ })).length).toBe(2)
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
  loaders: [loader({}, (p) => p.router.push('ConnectingExternal', { connectorId: 'com.rabbit.wallet' }), pendingAdapter)],
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText('Continue in Rabbit Wallet')).length).toBe(2)
  },
}

export const ConnectingExternalRejected: Story = {
  name: 'ConnectingExternal (connection rejected)',
  loaders: [loader({}, (p) => p.router.push('ConnectingExternal', { connectorId: 'com.rabbit.wallet' }), () => fixtureAdapter({ connect: 'reject' }))],
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
    await expect((await canvas.findAllByRole('button', { name: /Aurora.*Recent/ })).length).toBe(2)
    // the explorer's total: 50 in the pages + 1 featured
    await expect((await canvas.findAllByTestId('portico-connect-all-wallets'))[0]).toHaveTextContent('51')
  },
}
