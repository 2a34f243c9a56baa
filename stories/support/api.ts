// A fixture fetch for the headless API client: answers the Portico API paths the views touch from
// fixed data (balances, the wallet explorer) and refuses everything else. Nothing leaves the page.
import { logo, networkImage, walletImage } from './images'

/** Real wallets (as the API's default catalogue lists them) and their logo in @web3icons/core, if it has one. */
const WALLETS: [name: string, rdns: string | null, logo: string | null][] = [
  ['Portico Dev Wallet', 'io.portico.devwallet', null],
  ['MetaMask', 'io.metamask', 'wallets/metamask'],
  ['Coinbase Wallet', 'com.coinbase.wallet', 'wallets/coinbase'],
  ['Trust Wallet', 'com.trustwallet.app', 'wallets/trust'],
  ['Rainbow', 'me.rainbow', 'wallets/rainbow'],
  ['Phantom', 'app.phantom', 'wallets/phantom'],
  ['Rabby Wallet', 'io.rabby', 'wallets/rabby'],
  ['OKX Wallet', 'com.okex.wallet', 'wallets/okx'],
  ['Zerion', 'io.zerion.wallet', 'wallets/zerion'],
  ['Ledger Live', null, 'wallets/ledger'],
  ['Safe', null, 'wallets/safe'],
  ['Uniswap Wallet', 'org.uniswap.app', 'exchanges/uniswap'],
  ['Backpack', 'app.backpack', 'wallets/backpack'],
  ['Solflare', null, 'wallets/solflare'],
  ['Exodus', 'com.exodus.web3-wallet', 'wallets/exodus'],
  ['Argent', null, 'wallets/argent'],
  ['imToken', null, 'wallets/imtoken'],
  ['TokenPocket', 'pro.tokenpocket', 'wallets/token-pocket'],
  ['Bitget Wallet', 'com.bitget.web3', null],
  ['Binance Wallet', 'com.binance.wallet', 'exchanges/binance'],
  ['Brave Wallet', 'com.brave.wallet', null],
  ['Frame', 'sh.frame', null],
  ['Taho', 'xyz.taho', null],
  ['Enkrypt', null, 'wallets/enkrypt'],
  ['Keplr', null, 'wallets/keplr'],
  ['Leap Wallet', null, null],
  ['Xverse', null, null],
  ['Leather', null, null],
  ['UniSat Wallet', null, null],
  ['Talisman', 'xyz.talisman', null],
  ['SubWallet', 'app.subwallet', null],
  ['Polkadot.js', null, null],
  ['Slush', null, null],
  ['Suiet', null, null],
  ['Glow', null, 'wallets/glow'],
  ['Magic Eden', 'io.magiceden.wallet', null],
  ['Zengo', null, 'wallets/zengo'],
  ['1inch Wallet', null, 'exchanges/1inch'],
  ['SafePal', null, null],
  ['Coin98', null, 'wallets/coin98'],
  ['OneKey', 'so.onekey.app.wallet', null],
  ['Trezor Suite', null, 'wallets/trezor'],
  ['Atomic Wallet', null, 'wallets/atomic'],
  ['MyEtherWallet', null, 'wallets/my-ether-wallet'],
  ['Ronin Wallet', 'com.roninchain.wallet', 'wallets/ronin'],
  ['Kraken Wallet', null, 'wallets/kraken'],
  ['Ctrl Wallet', null, null],
  ['Nightly', null, null],
  ['Sequence', null, 'wallets/sequence'],
  ['Daimo', null, 'wallets/daimo'],
  ['AlphaWallet', null, 'wallets/alpha-wallet'],
]
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '')

/**
 * The fixture wallet explorer's catalogue (51 real wallets). Portico Dev Wallet has the rdns the fixture
 * adapter announces (so it is installed). Logos are @web3icons/core's where it has the wallet; the
 * others have no image_url, so the modal draws their initials. Where to get them varies: every wallet
 * has a website, every second one a browser extension, every third the app stores.
 */
export const CATALOGUE = WALLETS.map(([name, rdns, logoKey], i) => ({
  id: `wallet-${i + 1}`,
  name,
  ...(i === 0 ? { image_url: walletImage('#3366ff', '#00c2a8') } : logoKey ? { image_url: logo(logoKey) } : {}),
  rdns,
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
  { name: 'Ether', symbol: 'ETH', numeric: '12.3456789', decimals: '18', price: 3120.5, iconUrl: logo('tokens/ETH') },
  {
    name: 'USD Coin',
    symbol: 'USDC',
    address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    numeric: '1520.75',
    decimals: '6',
    price: 1,
    iconUrl: logo('tokens/USDC'),
  },
  {
    name: 'Portico Token',
    symbol: 'PTK',
    address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    numeric: '42',
    decimals: '18',
    price: 0.85,
    // Not in @web3icons/core: the API draws its letters.
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
