import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { NAMESPACE_CHAINS, NAMESPACES } from './chains.ts'
import { generateCatalogue, imageId, walletId } from './generate.ts'
import type { CatalogueWallet } from './types.ts'

export type { CatalogueWallet, Wallet } from './types.ts'

const link = z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/\S*$/, { error: 'a URL or an app scheme (metamask://)' })
const https = z.url({ protocol: /^https$/ })

/** One entry of wallets.json: the public facts of a wallet, written by hand (ids and order are derived). */
export const realWalletSchema = z.strictObject({
  name: z.string().min(1).max(40),
  /** EIP-6963 reverse DNS, only where known. */
  rdns: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
    .nullable(),
  homepage: https.nullable(),
  namespaces: z.array(z.enum(NAMESPACES)).min(1),
  mobile_link: link.nullable(),
  desktop_link: link.nullable(),
  webapp_link: https.nullable(),
  app_store: z.string().startsWith('https://apps.apple.com/app/').nullable(),
  play_store: z.string().startsWith('https://play.google.com/store/apps/details?id=').nullable(),
  chrome_store: z
    .string()
    .regex(/^https:\/\/chromewebstore\.google\.com\/detail\/[a-p]{32}$/)
    .nullable(),
  logo: z
    .string()
    .regex(/^(wallets|exchanges)\/[a-z0-9-]+$/)
    .nullable(),
  badge_type: z.enum(['certified', 'none']),
})
export type RealWallet = z.infer<typeof realWalletSchema>

/** A catalogue record from an entry of wallets.json at position `order` (1-based). */
export function catalogueWallet(entry: RealWallet, order: number): CatalogueWallet {
  const { namespaces, ...facts } = entry
  return {
    id: walletId(entry.name),
    image_id: imageId(entry.name),
    ...facts,
    chains: namespaces.flatMap((ns) => NAMESPACE_CHAINS[ns]),
    order,
  }
}

let cached: CatalogueWallet[] | undefined

/** The API's default catalogue: the real wallets of wallets.json, in the file's order, parsed once. */
export function loadCatalogue(): CatalogueWallet[] {
  if (cached === undefined) {
    const text = readFileSync(new URL('./wallets.json', import.meta.url), 'utf8')
    cached = z
      .array(realWalletSchema)
      .parse(JSON.parse(text))
      .map((entry, i) => catalogueWallet(entry, i + 1))
  }
  return cached
}

let synthetic: CatalogueWallet[] | undefined

/** The synthetic catalogue of the scale tests (generate.ts: 541 invented wallets). */
export function syntheticCatalogue(): CatalogueWallet[] {
  synthetic ??= generateCatalogue()
  return synthetic
}

export type WalletQuery = {
  page: number
  entries: number
  include?: string[]
  exclude?: string[]
  search?: string
  badgeType?: 'certified' | 'none'
  chains?: string[]
  names?: string[]
  rdns?: string[]
}

/**
 * The explorer's filter and paging rules. Filters combine with AND; within a list filter the
 * items combine with OR (a wallet matches `chains` when it supports any of them). `count` is the
 * number of matches before paging; `page` is 1-based.
 */
export function queryWallets(wallets: readonly CatalogueWallet[], query: WalletQuery): { count: number; data: CatalogueWallet[] } {
  const include = query.include && new Set(query.include)
  const exclude = query.exclude && new Set(query.exclude)
  const chains = query.chains && new Set(query.chains)
  const names = query.names && new Set(query.names.map((n) => n.toLowerCase()))
  const rdns = query.rdns && new Set(query.rdns.map((r) => r.toLowerCase()))
  const search = query.search?.trim().toLowerCase()
  const matches = wallets.filter(
    (w) =>
      (!include || include.has(w.id)) &&
      !exclude?.has(w.id) &&
      (!search || w.name.toLowerCase().includes(search)) &&
      (query.badgeType !== 'certified' || w.badge_type === 'certified') &&
      (!chains || w.chains.some((c) => chains.has(c))) &&
      (!names || names.has(w.name.toLowerCase())) &&
      (!rdns || (w.rdns !== null && rdns.has(w.rdns.toLowerCase()))),
  )
  const start = (query.page - 1) * query.entries
  return {
    count: matches.length,
    data: matches.slice(start, start + query.entries),
  }
}
