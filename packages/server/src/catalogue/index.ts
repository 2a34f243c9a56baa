import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { CatalogueWallet } from './types.ts'

export type { CatalogueWallet, Wallet } from './types.ts'

const walletSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  name: z.string().min(1),
  image_id: z.string().min(1),
  mobile_link: z.string().nullable(),
  desktop_link: z.string().nullable(),
  webapp_link: z.string().nullable(),
  rdns: z.string().nullable(),
  chains: z.array(z.string()),
  order: z.number().int(),
  badge_type: z.enum(['certified', 'none']),
})

let cached: CatalogueWallet[] | undefined

/** The committed catalogue (`wallets.json`), parsed once and sorted by `order`. */
export function loadCatalogue(): CatalogueWallet[] {
  if (cached === undefined) {
    const text = readFileSync(new URL('./wallets.json', import.meta.url), 'utf8')
    cached = z
      .array(walletSchema)
      .parse(JSON.parse(text))
      .sort((a, b) => a.order - b.order)
  }
  return cached
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
