/**
 * The wallet lists' shapes and rules that need no store (SPEC §9): limits, marking installed and
 * recent wallets, the SPEC order of connectors and explorer wallets, a namespace's entries. Hooks and
 * custom UIs use these directly; the explorer flow (explorer.ts, a lazy flow) builds on them.
 */
import type { Connector, ConnectorState } from '../../adapters'
import type { ExplorerWallet } from '../../api/schemas'
import { orderConnectors } from '../connection/connection'
import type { ChainNamespace } from '../types'

/** SPEC §9 limits of the wallet lists. */
export const EXPLORER_LIMITS = {
  /** Wallets per page of the full list. */
  pageSize: 40,
  /** Results of one search. */
  searchEntries: 100,
  featured: 4,
  recommended: 4,
  /** Recent wallets remembered. */
  recent: 2,
  /** Image URLs prefetched when the modal opens. */
  prefetchImages: 20,
  /** Search debounce. */
  searchDebounceMs: 300,
  /** Longest search text the explorer accepts. */
  searchMaxLength: 100,
} as const

/** An explorer wallet as listed: marked installed (with the connector that connects it) and recent. */
export interface ListedWallet extends ExplorerWallet {
  /** An announced / injected connector with this wallet's rdns (or explorer id) is present. */
  installed: boolean
  /** The connector to use when installed. */
  connectorId?: string
  /** One of the recent wallets. */
  recent: boolean
}

export interface WalletListState {
  /** Wallets of the loaded pages, in explorer order. @default [] */
  wallets: ExplorerWallet[]
  /** Matches reported by the explorer (all pages). @default 0 */
  count: number
  /** Pages loaded so far (0: none). */
  page: number
  /** The last page came back short or empty: nothing more to ask for, whatever `count` says. */
  done: boolean
  loading: boolean
  /** Error text of the last page request ('HTTP status code: 500' …), or null. */
  error: string | null
}

export interface SearchState {
  /** The text as typed. */
  query: string
  /** Results of the latest finished search (at most 100). */
  results: ExplorerWallet[]
  count: number
  /** A search is waiting for its debounce or its response. */
  loading: boolean
  error: string | null
}

/**
 * The featured and recommended requests (the explorer rows of the Connect view): 'idle' before the
 * first request, 'loading' while one is out, then 'done', or 'error' with the failure's text.
 */
export interface SuggestedState {
  status: 'idle' | 'loading' | 'done' | 'error'
  /** Error text of the failed request ('HTTP status code: 503' …), or null. */
  error: string | null
}

/** A wallet the user can get (it is not installed) and where: the wallet guide of the Connect view's help. */
export interface GuideWallet extends ListedWallet {
  /** Where to get it, most useful first for the platform (http(s) only; never empty). */
  links: import('./links').InstallLink[]
}

/** Remembered form of a wallet (what storage keeps). */
function toRecent(w: ExplorerWallet): ExplorerWallet {
  const out: ExplorerWallet = { id: w.id, name: w.name }
  if (w.image_id !== undefined) out.image_id = w.image_id
  if (w.image_url !== undefined) out.image_url = w.image_url
  if (w.rdns !== undefined) out.rdns = w.rdns
  if (w.mobile_link !== undefined) out.mobile_link = w.mobile_link
  if (w.desktop_link !== undefined) out.desktop_link = w.desktop_link
  if (w.webapp_link !== undefined) out.webapp_link = w.webapp_link
  return out
}

/** SPEC §9: the new wallet first, duplicates removed, at most 2 kept. */
export function addRecentWallet(
  list: readonly ExplorerWallet[],
  wallet: ExplorerWallet,
  limit: number = EXPLORER_LIMITS.recent,
): ExplorerWallet[] {
  return [toRecent(wallet), ...list.filter((w) => w.id !== wallet.id)].slice(0, limit)
}

/** Connector ids that make a wallet "installed": announced / injected connectors by rdns and by explorer id. */
export function installedIndex(connectors: readonly Connector[]): { byRdns: Map<string, string>; byExplorerId: Map<string, string> } {
  const byRdns = new Map<string, string>()
  const byExplorerId = new Map<string, string>()
  for (const c of connectors) {
    if (c.type !== 'announced' && c.type !== 'injected') continue
    if (c.rdns && !byRdns.has(c.rdns.toLowerCase())) byRdns.set(c.rdns.toLowerCase(), c.id)
    if (c.explorerId && !byExplorerId.has(c.explorerId)) byExplorerId.set(c.explorerId, c.id)
  }
  return { byRdns, byExplorerId }
}

/** Marks wallets installed (connector found) and recent. */
export function markWallets(
  wallets: readonly ExplorerWallet[],
  connectors: readonly Connector[],
  recent: readonly ExplorerWallet[],
): ListedWallet[] {
  const { byRdns, byExplorerId } = installedIndex(connectors)
  const recentIds = new Set(recent.map((w) => w.id))
  return wallets.map((w) => {
    const connectorId = byExplorerId.get(w.id) ?? (w.rdns ? byRdns.get(w.rdns.toLowerCase()) : undefined)
    return {
      ...w,
      installed: connectorId !== undefined,
      ...(connectorId !== undefined ? { connectorId } : {}),
      recent: recentIds.has(w.id),
    }
  })
}

/** One entry of the ordered wallet list: a connector, or an explorer wallet without a connector. */
export type OrderedWallet =
  | { kind: 'connector'; connector: Connector; recent: boolean; installed: boolean }
  | { kind: 'wallet'; wallet: ListedWallet; group: 'recent' | 'featured' | 'custom' | 'recommended' }

export interface OrderWalletsInput {
  /** The instance's connectors. */
  connectors: readonly Connector[]
  /** Connector ids used before (SPEC §4 "active"). @default [] */
  recentConnectorIds?: readonly string[]
  /** Recent explorer wallets, most recent first. @default [] */
  recent?: readonly ExplorerWallet[]
  /** Featured explorer wallets, in featuredWalletIds order. @default [] */
  featured?: readonly ExplorerWallet[]
  /** @default [] */
  featuredWalletIds?: readonly string[]
  /** @default [] */
  custom?: readonly ExplorerWallet[]
  /** @default [] */
  recommended?: readonly ExplorerWallet[]
}

const PSEUDO = 'explorer:'

/**
 * SPEC §9 default order: walletConnect, recent, injected, featured, custom, external, recommended
 * (the auth connector last). Connectors and explorer wallets are ranked together by
 * `orderConnectors`: explorer wallets enter it as 'external' connectors whose id is in the recent
 * list (recent) or whose explorer id is featured (featured); custom ones are placed before the
 * external connectors and recommended ones after them, which the stable sort keeps. An explorer
 * wallet that an installed connector represents (same rdns or explorer id) is left out — the
 * connector stands for it (and counts as recent when the wallet is). Each wallet appears once.
 */
export function orderWallets(input: OrderWalletsInput): OrderedWallet[] {
  const recent = input.recent ?? []
  const featuredIds = input.featuredWalletIds ?? []
  const recentWalletIds = new Set(recent.map((w) => w.id))
  const { byRdns, byExplorerId } = installedIndex(input.connectors)
  const connectorOf = (w: ExplorerWallet) => byExplorerId.get(w.id) ?? (w.rdns ? byRdns.get(w.rdns.toLowerCase()) : undefined)

  const recentConnectorIds = new Set(input.recentConnectorIds ?? [])
  for (const w of recent) {
    const id = connectorOf(w)
    if (id) recentConnectorIds.add(id)
  }

  const seen = new Set<string>()
  const wallets = new Map<string, { wallet: ListedWallet; group: 'recent' | 'featured' | 'custom' | 'recommended' }>()
  const asPseudo = (list: readonly ExplorerWallet[], group: 'recent' | 'featured' | 'custom' | 'recommended'): Connector[] => {
    const out: Connector[] = []
    for (const w of list) {
      if (seen.has(w.id) || connectorOf(w)) continue
      seen.add(w.id)
      const g = recentWalletIds.has(w.id) ? 'recent' : group
      wallets.set(PSEUDO + w.id, { wallet: { ...w, installed: false, recent: g === 'recent' }, group: g })
      out.push({ id: PSEUDO + w.id, name: w.name, type: 'external', namespace: 'eip155', explorerId: w.id })
    }
    return out
  }
  const recentPseudo = asPseudo(recent, 'recent')
  const featuredPseudo = asPseudo(input.featured ?? [], 'featured')
  const customPseudo = asPseudo(input.custom ?? [], 'custom')
  const recommendedPseudo = asPseudo(input.recommended ?? [], 'recommended')
  const external = input.connectors.filter((c) => c.type === 'external')
  const others = input.connectors.filter((c) => c.type !== 'external')

  const ranked = orderConnectors(
    [...others, ...recentPseudo, ...featuredPseudo, ...customPseudo, ...external, ...recommendedPseudo],
    [...recentConnectorIds, ...recentPseudo.map((c) => c.id)],
    featuredIds,
  )
  const installedIds = new Set([...byRdns.values(), ...byExplorerId.values()])
  return ranked.map((c): OrderedWallet => {
    const w = wallets.get(c.id)
    if (w) return { kind: 'wallet', wallet: w.wallet, group: w.group }
    return { kind: 'connector', connector: c, recent: recentConnectorIds.has(c.id), installed: installedIds.has(c.id) }
  })
}

/** An entry of a wallet list as a view shows it (the Connect view, the basic connect view). */
export interface WalletListEntry {
  /** The connector id, or `explorer:<wallet id>` for an explorer wallet. */
  id: string
  kind: 'connector' | 'wallet'
  name: string
  imageUrl?: string
  /** A browser wallet present on the page, or one used before. */
  tag?: 'installed' | 'recent'
  /** The connector's kind (connector entries). */
  connectorType?: Connector['type']
  /** The explorer wallet (wallet entries). */
  wallet?: ListedWallet
}

/** A wallet's identity across namespaces: its rdns when it has one, else its name (case-insensitive). */
const walletKey = (c: Connector) => (c.rdns ? `rdns:${c.rdns.toLowerCase()}` : `name:${c.name.trim().toLowerCase()}`)

/**
 * The entries of one namespace: its connectors plus multi-namespace ones (walletConnect); a wallet
 * present in several namespaces (same rdns or name) is listed once, at its first position, as the
 * namespace's connector. Explorer wallets stay. Without a namespace every connector is kept (merged).
 */
export function entriesForNamespace(entries: readonly OrderedWallet[], namespace: ChainNamespace | undefined): OrderedWallet[] {
  const shown = entries.filter(
    (e) => e.kind !== 'connector' || !namespace || e.connector.type === 'walletConnect' || e.connector.namespace === namespace,
  )
  const chosen = new Map<string, OrderedWallet & { kind: 'connector' }>()
  for (const e of shown) {
    if (e.kind !== 'connector') continue
    const key = walletKey(e.connector)
    const held = chosen.get(key)
    if (!held || (held.connector.namespace !== namespace && e.connector.namespace === namespace)) chosen.set(key, e)
  }
  const out: OrderedWallet[] = []
  const placed = new Set<string>()
  for (const e of shown) {
    if (e.kind !== 'connector') {
      out.push(e)
      continue
    }
    const key = walletKey(e.connector)
    if (placed.has(key)) continue
    placed.add(key)
    const pick = chosen.get(key) ?? e
    // Keep the first occurrence's Recent / Installed marks.
    out.push({ ...pick, recent: pick.recent || e.recent, installed: pick.installed || e.installed })
  }
  return out
}

/**
 * Ordered entries as list entries (the auth connector is not a wallet row): browser wallets are
 * tagged installed, previously used connectors (SPEC §4 "active") and recent explorer wallets recent.
 */
export function walletListEntries(entries: readonly OrderedWallet[], states: Record<string, ConnectorState>): WalletListEntry[] {
  const out: WalletListEntry[] = []
  for (const e of entries) {
    if (e.kind === 'connector') {
      const c = e.connector
      if (c.type === 'auth') continue
      const tag = c.type === 'injected' || c.type === 'announced' ? 'installed' : states[c.id] === 'active' ? 'recent' : undefined
      out.push({ id: c.id, kind: 'connector', name: c.name, imageUrl: c.imageUrl, connectorType: c.type, ...(tag ? { tag } : {}) })
      continue
    }
    out.push({
      id: PSEUDO + e.wallet.id,
      kind: 'wallet',
      name: e.wallet.name,
      imageUrl: e.wallet.image_url,
      wallet: e.wallet,
      ...(e.group === 'recent' ? { tag: 'recent' as const } : {}),
    })
  }
  return out
}
