// A fixture fetch for the headless API client: answers the Portico API paths the views touch from
// fixed data (balances, the wallet explorer) and refuses everything else. Nothing leaves the page.
import { networkImage, walletImage } from './images'

const NAMES = [
  'Portico Dev Wallet',
  'Aurora',
  'Basalt',
  'Cobalt Vault',
  'Drift',
  'Ember',
  'Fjord',
  'Granite',
  'Harbor',
  'Indigo Keys',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Onyx',
  'Pebble',
  'Quartz',
  'Rabbit Wallet',
  'Sable',
  'Tundra',
  'Umbra',
  'Vireo',
  'Willow',
  'Xenon',
  'Yarrow',
  'Zephyr',
  'Atlas Pay',
  'Beacon',
  'Cinder',
  'Dune',
  'Echo Safe',
  'Flint',
  'Glacier',
  'Heron',
  'Iris',
  'Jade',
  'Kite',
  'Lark',
  'Maple',
  'Nova',
  'Orbit',
  'Pine',
  'Quill',
  'Raven',
  'Slate',
  'Tide',
  'Vale',
  'Wren',
  'Yonder',
  'Zinnia',
]
const hue = (i: number, shift = 0) => `hsl(${(i * 47 + shift) % 360} 70% 52%)`
const slug = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '')

/**
 * The fixture wallet explorer's catalogue (51 wallets). Portico Dev Wallet has the rdns the fixture
 * adapter announces (so it is installed). Where to get them varies: every wallet has a website, every
 * second one a browser extension, every third the app stores.
 */
export const CATALOGUE = NAMES.map((name, i) => ({
  id: `wallet-${i + 1}`,
  name,
  image_url: walletImage(hue(i), hue(i, 90)),
  rdns: i === 0 ? 'io.portico.devwallet' : `dev.fixture.${slug(name)}`,
  chains: ['eip155:1'],
  homepage: `https://${slug(name)}.example`,
  chrome_store: i % 2 === 1 ? `https://chromewebstore.google.com/detail/${slug(name)}` : null,
  app_store: i % 3 === 0 ? `https://apps.apple.com/app/${slug(name)}` : null,
  play_store: i % 3 === 0 ? `https://play.google.com/store/apps/details?id=example.${slug(name)}` : null,
}))

/**
 * How the fixture explorer answers: an HTTP status other than 200, or never (a request on its way):
 * every request (`hold`) or only searches (`holdSearch`).
 */
export type ExplorerBehaviour = { status?: number; hold?: boolean; holdSearch?: boolean }

/** GET /getWallets from CATALOGUE (include, exclude, search, 1-based pages), like the server. */
function getWallets(url: URL, behaviour: ExplorerBehaviour): Promise<Response> | Response {
  if (behaviour.hold || (behaviour.holdSearch && url.searchParams.has('search'))) return new Promise<Response>(() => {})
  if (behaviour.status && behaviour.status !== 200) return json(behaviour.status, { error: 'fixture' })
  const p = url.searchParams
  const include = p.get('include')?.split(',')
  const exclude = p.get('exclude')?.split(',') ?? []
  const search = p.get('search')?.toLowerCase()
  const matches = CATALOGUE.filter(
    (w) => (!include || include.includes(w.id)) && !exclude.includes(w.id) && (!search || w.name.toLowerCase().includes(search)),
  )
  const page = Number(p.get('page') ?? 1)
  const entries = Number(p.get('entries') ?? 40)
  return json(200, { count: matches.length, data: matches.slice((page - 1) * entries, page * entries) })
}

export type FixtureToken = {
  name: string
  symbol: string
  address?: string
  numeric: string
  decimals: string
  price: number
  iconUrl: string
}

export const TOKENS: FixtureToken[] = [
  { name: 'Ether', symbol: 'ETH', numeric: '12.3456789', decimals: '18', price: 3120.5, iconUrl: networkImage('#627eea', 'Ξ') },
  {
    name: 'USD Coin',
    symbol: 'USDC',
    address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    numeric: '1520.75',
    decimals: '6',
    price: 1,
    iconUrl: networkImage('#2775ca', '$'),
  },
  {
    name: 'Portico Token',
    symbol: 'PTK',
    address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    numeric: '42',
    decimals: '18',
    price: 0.85,
    iconUrl: networkImage('#0f766e', 'P'),
  },
]

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

export function fixtureFetch(opts: { tokens?: FixtureToken[]; balanceStatus?: number; explorer?: ExplorerBehaviour } = {}): typeof fetch {
  return async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if (url.pathname.endsWith('/getWallets')) return getWallets(url, opts.explorer ?? {})
    const balance = /\/v1\/account\/([^/]+)\/balance$/.exec(url.pathname)
    if (balance) {
      if (opts.balanceStatus && opts.balanceStatus !== 200) return json(opts.balanceStatus, { error: 'fixture' })
      const chainId = url.searchParams.get('chainId') ?? 'eip155:1'
      const balances = (opts.tokens ?? TOKENS).map((t) => ({
        name: t.name,
        symbol: t.symbol,
        chainId,
        ...(t.address ? { address: `${chainId}:${t.address}` } : {}),
        value: Math.round(Number(t.numeric) * t.price * 100) / 100,
        price: t.price,
        iconUrl: t.iconUrl,
        quantity: { decimals: t.decimals, numeric: t.numeric },
      }))
      return json(200, { balances })
    }
    // The account's history: none (stories/Activity.stories.tsx serves its own).
    if (/\/v1\/account\/[^/]+\/history$/.test(url.pathname)) return json(200, { data: [], next: null })
    throw new TypeError(`Storybook fixtures make no network requests (${url.pathname})`)
  }
}
