import { createHash } from 'node:crypto'
import { NAMESPACE_CHAINS } from './chains.ts'
import type { CatalogueWallet } from './types.ts'

const FIRST = [
  'Aurora',
  'Beacon',
  'Cobalt',
  'Drift',
  'Ember',
  'Fable',
  'Glacier',
  'Harbor',
  'Ivory',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meadow',
  'Nimbus',
  'Onyx',
  'Prism',
  'Quartz',
  'Raven',
  'Sable',
  'Tundra',
  'Umber',
  'Vesper',
  'Willow',
  'Xenon',
  'Yonder',
  'Zephyr',
  'Atlas',
  'Bramble',
  'Cinder',
  'Dune',
  'Echo',
  'Fern',
  'Granite',
  'Halo',
  'Iris',
  'Jade',
  'Kite',
  'Lotus',
  'Maple',
  'Nova',
  'Orbit',
  'Pebble',
  'Quill',
  'Ripple',
  'Summit',
]
const SECOND = ['Wallet', 'Vault', 'Pay', 'Keys', 'Safe', 'Pocket', 'Purse', 'Ledger', 'Chest', 'Pass', 'Key', 'Folio']

const EVM = NAMESPACE_CHAINS.eip155
const SOLANA = NAMESPACE_CHAINS.solana
const OTHER = [NAMESPACE_CHAINS.bip122, NAMESPACE_CHAINS.cosmos, NAMESPACE_CHAINS.polkadot, NAMESPACE_CHAINS.sui, NAMESPACE_CHAINS.stacks]

export const DEV_WALLET_NAME = 'Portico Dev Wallet'
export const DEV_WALLET_RDNS = 'dev.portico.wallet'

const sha256 = (text: string) => createHash('sha256').update(text).digest()

/** Explorer ids are the hex sha256 of the wallet name. */
export const walletId = (name: string) => sha256(name).toString('hex')

/** A UUID-shaped image id derived from the name. */
export function imageId(name: string): string {
  const hex = sha256(`image:${name}`).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

function wallet(name: string, order: number): CatalogueWallet {
  const h = sha256(`traits:${name}`)
  const byte = (i: number) => h[i] as number
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const domain = `${slug}.example`
  // ~85 % EVM, ~35 % Solana, ~10 % each other family; never none.
  const chains: string[] = []
  if (byte(0) < 218) chains.push(...EVM)
  if (byte(1) < 90) chains.push(...SOLANA)
  OTHER.forEach((family, i) => {
    if (byte(2 + i) < 26) chains.push(...family)
  })
  if (chains.length === 0) chains.push(...EVM)
  return {
    id: walletId(name),
    name,
    image_id: imageId(name),
    mobile_link: byte(8) < 180 ? `https://${domain}/wc` : null,
    desktop_link: byte(9) < 80 ? `https://desktop.${domain}/wc` : null,
    webapp_link: byte(10) < 60 ? `https://app.${domain}` : null,
    rdns: byte(11) < 200 ? domain.split('.').reverse().join('.') : null,
    chains,
    order,
    badge_type: byte(12) < 77 ? 'certified' : 'none',
    homepage: `https://${domain}`,
    app_store: null,
    play_store: null,
    chrome_store: null,
    logo: null,
  }
}

/**
 * The synthetic catalogue of the scale tests (540 invented wallets, `.example` links): the devnet
 * browser wallet first, then every FIRST × SECOND name in an order fixed by the hash of the name.
 * Deterministic: same output on every run. The API's default is the real catalogue (wallets.json).
 */
export function generateCatalogue(): CatalogueWallet[] {
  const names = FIRST.flatMap((first) => SECOND.map((second) => `${first} ${second}`))
  names.sort((a, b) => walletId(`order:${a}`).localeCompare(walletId(`order:${b}`)))
  const dev: CatalogueWallet = {
    id: walletId(DEV_WALLET_NAME),
    name: DEV_WALLET_NAME,
    image_id: imageId(DEV_WALLET_NAME),
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    rdns: DEV_WALLET_RDNS,
    chains: [...EVM, ...SOLANA],
    order: 1,
    badge_type: 'certified',
    homepage: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    logo: null,
  }
  return [dev, ...names.map((name, i) => wallet(name, i + 2))]
}
