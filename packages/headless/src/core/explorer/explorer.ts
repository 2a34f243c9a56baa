/**
 * Wallet explorer flow (SPEC §9 "Wallets"): the paged wallet list from GET /getWallets with infinite
 * loading, a debounced search (latest query wins), featured and recommended wallets, recent wallets
 * remembered in storage, installed wallets (announced connectors matched by rdns) and the image
 * prefetch done once the modal opens.
 *
 * Nothing is fetched at creation: the first requests happen when the modal opens or when a caller
 * asks (loadMore, setSearch, loadFeatured, loadRecommended).
 */
import { atom, computed, type ReadableAtom } from 'nanostores'
import type { Connector, ConnectorState } from '../../adapters'
import type { ChainNamespace } from '../types'
import type { WalletsQuery } from '../../api/client'
import type { ExplorerWallet, WalletsResponse } from '../../api/schemas'
import { ERRORS, PorticoError } from '../errors'
import type { PorticoStorage } from '../storage/storage'
import type { Timers } from '../timers'
import { orderConnectors } from '../connection/connection'

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

export interface ExplorerDeps {
  api: { getWallets(query: WalletsQuery): Promise<WalletsResponse> }
  storage: PorticoStorage
  timers: Timers
  /** Ordered connectors of the instance (announced wallets mark explorer wallets installed). */
  $connectors: ReadableAtom<Connector[]>
  /** The modal state: images are prefetched the first time it opens. */
  $modal?: ReadableAtom<{ open: boolean }>
  /** @default [] */
  featuredWalletIds?: readonly string[]
  /** Only these explorer wallets are listed (empty: all). @default [] */
  includeWalletIds?: readonly string[]
  /** @default [] */
  excludeWalletIds?: readonly string[]
  /** CAIP-2 ids of the app's networks, sent as `chains`. @default [] (no filter) */
  chains?: readonly string[]
  /** App-provided wallets listed after featured ones (SPEC §9 "custom"). @default [] */
  customWallets?: readonly ExplorerWallet[]
  /**
   * Loads one image ahead of display. Called at most 20 times, only after the modal opened.
   * @default `new Image().src = url` in a browser, nothing elsewhere
   */
  prefetchImage?: (url: string) => void
  /** Mobile: explorer wallets without a mobile link are not listed. @default () => false */
  isMobile?: () => boolean
  /** Routes a chosen wallet to the view that connects it. */
  push?: (view: 'ConnectingExternal' | 'ConnectingWalletConnect', data: { connectorId: string } | { walletId?: string }) => void
}

const errorText = (error: unknown): string => (error instanceof PorticoError ? error.message : ERRORS.somethingWentWrong)
const nonEmpty = (list: readonly string[] | undefined): string[] | undefined => (list && list.length > 0 ? [...list] : undefined)
const unique = (list: readonly string[]): string[] => [...new Set(list)]

function defaultPrefetch(url: string): void {
  const ImageCtor = (globalThis as { Image?: new () => { src: string } }).Image
  if (ImageCtor) new ImageCtor().src = url
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
export function addRecentWallet(list: readonly ExplorerWallet[], wallet: ExplorerWallet, limit: number = EXPLORER_LIMITS.recent): ExplorerWallet[] {
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
export function markWallets(wallets: readonly ExplorerWallet[], connectors: readonly Connector[], recent: readonly ExplorerWallet[]): ListedWallet[] {
  const { byRdns, byExplorerId } = installedIndex(connectors)
  const recentIds = new Set(recent.map((w) => w.id))
  return wallets.map((w) => {
    const connectorId = byExplorerId.get(w.id) ?? (w.rdns ? byRdns.get(w.rdns.toLowerCase()) : undefined)
    return { ...w, installed: connectorId !== undefined, ...(connectorId !== undefined ? { connectorId } : {}), recent: recentIds.has(w.id) }
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
  const shown = entries.filter((e) => e.kind !== 'connector' || !namespace || e.connector.type === 'walletConnect' || e.connector.namespace === namespace)
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
    out.push({ id: PSEUDO + e.wallet.id, kind: 'wallet', name: e.wallet.name, imageUrl: e.wallet.image_url, wallet: e.wallet, ...(e.group === 'recent' ? { tag: 'recent' as const } : {}) })
  }
  return out
}

/** The query of one page of the full list. */
export function pageQuery(page: number, deps: Pick<ExplorerDeps, 'includeWalletIds' | 'excludeWalletIds' | 'featuredWalletIds' | 'chains'>): WalletsQuery {
  return {
    page,
    entries: EXPLORER_LIMITS.pageSize,
    include: nonEmpty(deps.includeWalletIds),
    exclude: nonEmpty(unique([...(deps.excludeWalletIds ?? []), ...(deps.featuredWalletIds ?? [])])),
    chains: nonEmpty(deps.chains),
  }
}

/** The query of a search (first 100 matches; featured wallets are found too). */
export function searchQuery(text: string, deps: Pick<ExplorerDeps, 'includeWalletIds' | 'excludeWalletIds' | 'chains'>): WalletsQuery {
  return {
    page: 1,
    entries: EXPLORER_LIMITS.searchEntries,
    search: text.trim().slice(0, EXPLORER_LIMITS.searchMaxLength),
    include: nonEmpty(deps.includeWalletIds),
    exclude: nonEmpty(deps.excludeWalletIds),
    chains: nonEmpty(deps.chains),
  }
}

/** The query of the featured wallets: the first 4 featured ids that are not excluded. */
export function featuredQuery(deps: Pick<ExplorerDeps, 'excludeWalletIds' | 'featuredWalletIds'>): WalletsQuery | undefined {
  const excluded = new Set(deps.excludeWalletIds ?? [])
  const ids = unique(deps.featuredWalletIds ?? []).filter((id) => !excluded.has(id)).slice(0, EXPLORER_LIMITS.featured)
  if (ids.length === 0) return undefined
  return { page: 1, entries: ids.length, include: ids }
}

/** The query of the recommended wallets: 4, not excluded, not featured, not recent. */
export function recommendedQuery(
  deps: Pick<ExplorerDeps, 'includeWalletIds' | 'excludeWalletIds' | 'featuredWalletIds' | 'chains'>,
  recentIds: readonly string[],
): WalletsQuery {
  return {
    page: 1,
    entries: EXPLORER_LIMITS.recommended,
    include: nonEmpty(deps.includeWalletIds),
    exclude: nonEmpty(unique([...(deps.excludeWalletIds ?? []), ...(deps.featuredWalletIds ?? []), ...recentIds])),
    chains: nonEmpty(deps.chains),
  }
}

export function createExplorer(deps: ExplorerDeps) {
  const { api, storage, timers } = deps
  const prefetchImage = deps.prefetchImage ?? defaultPrefetch

  const $list = atom<WalletListState>({ wallets: [], count: 0, page: 0, done: false, loading: false, error: null })
  const $search = atom<SearchState>({ query: '', results: [], count: 0, loading: false, error: null })
  const $featured = atom<ExplorerWallet[]>([])
  const $recommended = atom<ExplorerWallet[]>([])
  // SPEC §9: 2 recent wallets are kept and loaded, whatever storage holds.
  const $recent = atom<ExplorerWallet[]>((storage.get('recentWallets') ?? []).slice(0, EXPLORER_LIMITS.recent))
  const isMobile = deps.isMobile ?? (() => false)
  /** On mobile, a wallet is listed only when it has a mobile link. */
  const listable = (list: readonly ExplorerWallet[]): ExplorerWallet[] => (isMobile() ? list.filter((w) => Boolean(w.mobile_link)) : [...list])

  /** More pages to load (none loaded yet counts as more). */
  const $hasMore = computed($list, (s) => s.page === 0 || (!s.done && s.wallets.length < s.count))

  /**
   * The list to show: search results while a query is typed, else featured then the loaded pages
   * (each wallet once), marked installed / recent.
   */
  const $wallets: ReadableAtom<ListedWallet[]> = computed([$list, $search, $featured, deps.$connectors, $recent], (list, search, featured, connectors, recent) => {
    if (search.query.trim()) return markWallets(listable(search.results), connectors, recent)
    const ids = new Set<string>()
    const all: ExplorerWallet[] = []
    for (const w of listable([...featured, ...list.wallets])) {
      if (ids.has(w.id)) continue
      ids.add(w.id)
      all.push(w)
    }
    return markWallets(all, connectors, recent)
  })

  /** SPEC §9 ordered connectors + featured, custom, recent and recommended explorer wallets. */
  const $ordered: ReadableAtom<OrderedWallet[]> = computed([deps.$connectors, $featured, $recommended, $recent], (connectors, featured, recommended, recent) =>
    orderWallets({
      connectors,
      recentConnectorIds: storage.getConnections().map((c) => c.connectorId),
      recent: listable(recent),
      featured: listable(featured),
      featuredWalletIds: deps.featuredWalletIds,
      custom: listable(deps.customWallets ?? []),
      recommended: listable(recommended),
    }),
  )

  let pending: Promise<void> | undefined
  /** Load the next page (40 wallets). Does nothing while a page loads or when all are loaded. */
  function loadMore(): Promise<void> {
    if (pending) return pending
    const state = $list.get()
    if (!$hasMore.get()) return Promise.resolve()
    const page = state.page + 1
    $list.set({ ...state, loading: true, error: null })
    pending = (async () => {
      try {
        const res = await api.getWallets(pageQuery(page, deps))
        const current = $list.get()
        const known = new Set(current.wallets.map((w) => w.id))
        const wallets = [...current.wallets, ...res.data.filter((w) => !known.has(w.id))]
        const done = res.data.length < EXPLORER_LIMITS.pageSize || page * EXPLORER_LIMITS.pageSize >= res.count
        $list.set({ wallets, count: res.count, page, done, loading: false, error: null })
      } catch (error) {
        $list.set({ ...$list.get(), loading: false, error: errorText(error) })
      } finally {
        pending = undefined
      }
    })()
    return pending
  }

  let searchSeq = 0
  let searchTimer: unknown
  /**
   * Set the search text. The request goes out 300 ms after the last change (injectable timers);
   * only the latest query's answer is kept. An empty text clears the search.
   */
  function setSearch(query: string): void {
    const seq = ++searchSeq
    if (searchTimer !== undefined) timers.clearTimeout(searchTimer)
    searchTimer = undefined
    const text = query.trim()
    if (!text) {
      $search.set({ query, results: [], count: 0, loading: false, error: null })
      return
    }
    $search.set({ ...$search.get(), query, loading: true, error: null })
    searchTimer = timers.setTimeout(() => {
      searchTimer = undefined
      void runSearch(text, seq)
    }, EXPLORER_LIMITS.searchDebounceMs)
  }

  async function runSearch(text: string, seq: number): Promise<void> {
    try {
      const res = await api.getWallets(searchQuery(text, deps))
      if (seq !== searchSeq) return
      $search.set({ ...$search.get(), results: res.data.slice(0, EXPLORER_LIMITS.searchEntries), count: res.count, loading: false, error: null })
    } catch (error) {
      if (seq !== searchSeq) return
      $search.set({ ...$search.get(), results: [], count: 0, loading: false, error: errorText(error) })
    }
  }

  /** Run the current search again now (after an error). */
  function retrySearch(): Promise<void> {
    const text = $search.get().query.trim()
    if (!text) return Promise.resolve()
    const seq = ++searchSeq
    $search.set({ ...$search.get(), loading: true, error: null })
    return runSearch(text, seq)
  }

  let featuredLoad: Promise<void> | undefined
  /** Fetch the featured wallets once (in featuredWalletIds order); failures leave the list empty. */
  function loadFeatured(): Promise<void> {
    const query = featuredQuery(deps)
    if (!query) return Promise.resolve()
    featuredLoad ??= (async () => {
      try {
        const res = await api.getWallets(query)
        const order = query.include ?? []
        $featured.set([...res.data].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id)).slice(0, EXPLORER_LIMITS.featured))
      } catch {
        featuredLoad = undefined
      }
    })()
    return featuredLoad
  }

  let recommendedLoad: Promise<void> | undefined
  /** Fetch the recommended wallets once; failures leave the list empty. */
  function loadRecommended(): Promise<void> {
    recommendedLoad ??= (async () => {
      try {
        const res = await api.getWallets(recommendedQuery(deps, $recent.get().map((w) => w.id)))
        $recommended.set(res.data.slice(0, EXPLORER_LIMITS.recommended))
      } catch {
        recommendedLoad = undefined
      }
    })()
    return recommendedLoad
  }

  /** Remember a wallet that connected (most recent first, de-duplicated, 2 kept). */
  function addRecent(wallet: ExplorerWallet): void {
    const next = addRecentWallet($recent.get(), wallet)
    $recent.set(next)
    storage.set('recentWallets', next)
  }

  /** The wallet the user chose last and the connector its connection will come through. */
  let chosen: { wallet: ExplorerWallet; connectorId?: string } | undefined

  /**
   * Choose a wallet from a list: an installed one goes to ConnectingExternal with its connector, any
   * other to ConnectingWalletConnect with its explorer id. It becomes recent only once it connects.
   */
  function select(wallet: ListedWallet | ExplorerWallet): void {
    const connectorId = 'connectorId' in wallet ? wallet.connectorId : undefined
    chosen = { wallet, connectorId }
    if (connectorId) deps.push?.('ConnectingExternal', { connectorId })
    else deps.push?.('ConnectingWalletConnect', { walletId: wallet.id })
  }

  /**
   * A connection succeeded through `connectorId`: the chosen wallet becomes recent when the
   * connection came through it (its own connector, or a pairing for an explorer wallet).
   */
  function connected(connectorId: string, connectorType?: string): void {
    if (!chosen) return
    const through = chosen.connectorId ? chosen.connectorId === connectorId : connectorType === 'walletConnect'
    if (through) addRecent(chosen.wallet)
    chosen = undefined
  }

  /**
   * An explorer wallet known to this instance by id: recent, featured, recommended, custom, loaded
   * pages or search results (e.g. the wallet a ConnectingWalletConnect route names).
   */
  function findWallet(id: string): ExplorerWallet | undefined {
    for (const list of [$recent.get(), $featured.get(), $recommended.get(), deps.customWallets ?? [], $list.get().wallets, $search.get().results]) {
      const hit = list.find((w) => w.id === id)
      if (hit) return hit
    }
    return undefined
  }

  let prefetched = false
  /**
   * Once per instance: featured, recommended and the first page are fetched, then the images of
   * the recent, featured, recommended and first-page wallets are prefetched — at most 20 URLs.
   */
  async function prefetch(): Promise<string[]> {
    if (prefetched) return []
    prefetched = true
    await Promise.all([loadFeatured(), loadRecommended(), $list.get().page === 0 ? loadMore() : Promise.resolve()])
    const urls: string[] = []
    for (const w of [...$recent.get(), ...$featured.get(), ...$recommended.get(), ...$list.get().wallets]) {
      if (urls.length >= EXPLORER_LIMITS.prefetchImages) break
      if (w.image_url && !urls.includes(w.image_url)) urls.push(w.image_url)
    }
    for (const url of urls) {
      try {
        prefetchImage(url)
      } catch {
        // a failed prefetch only costs the head start
      }
    }
    return urls
  }

  const unsubscribe = deps.$modal?.subscribe((m) => {
    if (m.open && !prefetched) void prefetch()
  })

  return {
    $list,
    $hasMore,
    $search,
    $featured,
    $recommended,
    $recent,
    $wallets,
    $ordered,
    loadMore,
    setSearch,
    retrySearch,
    loadFeatured,
    loadRecommended,
    addRecent,
    select,
    connected,
    findWallet,
    prefetch,
    /** Stop watching the modal; a pending search timer is cleared. */
    destroy(): void {
      unsubscribe?.()
      if (searchTimer !== undefined) timers.clearTimeout(searchTimer)
    },
  }
}

export type Explorer = ReturnType<typeof createExplorer>
