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
import type { Connector } from '../../adapters'
import type { WalletsQuery } from '../../api/client'
import type { ExplorerWallet, WalletsResponse } from '../../api/schemas'
import { ERRORS, PorticoError } from '../errors'
import type { PorticoStorage } from '../storage/storage'
import type { Timers } from '../timers'
import { installLinks, walletLinks, type WalletLinks } from './links'
import {
  addRecentWallet,
  EXPLORER_LIMITS,
  type GuideWallet,
  markWallets,
  orderWallets,
  type ListedWallet,
  type OrderedWallet,
  type SearchState,
  type SuggestedState,
  type WalletListState,
} from './lists'

export * from './lists'

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

/** The query of one page of the full list. */
export function pageQuery(
  page: number,
  deps: Pick<ExplorerDeps, 'includeWalletIds' | 'excludeWalletIds' | 'featuredWalletIds' | 'chains'>,
): WalletsQuery {
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
  const ids = unique(deps.featuredWalletIds ?? [])
    .filter((id) => !excluded.has(id))
    .slice(0, EXPLORER_LIMITS.featured)
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

/** Wallets the guide offers at most. */
export const GUIDE_LIMIT = 8

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
  const listable = (list: readonly ExplorerWallet[]): ExplorerWallet[] =>
    isMobile() ? list.filter((w) => Boolean(w.mobile_link)) : [...list]

  /** More pages to load (none loaded yet counts as more). */
  const $hasMore = computed($list, (s) => s.page === 0 || (!s.done && s.wallets.length < s.count))

  /**
   * The list to show: search results while a query is typed, else featured then the loaded pages
   * (each wallet once), marked installed / recent.
   */
  const $wallets: ReadableAtom<ListedWallet[]> = computed(
    [$list, $search, $featured, deps.$connectors, $recent],
    (list, search, featured, connectors, recent) => {
      if (search.query.trim()) return markWallets(listable(search.results), connectors, recent)
      const ids = new Set<string>()
      const all: ExplorerWallet[] = []
      for (const w of listable([...featured, ...list.wallets])) {
        if (ids.has(w.id)) continue
        ids.add(w.id)
        all.push(w)
      }
      return markWallets(all, connectors, recent)
    },
  )

  /** SPEC §9 ordered connectors + featured, custom, recent and recommended explorer wallets. */
  const $ordered: ReadableAtom<OrderedWallet[]> = computed(
    [deps.$connectors, $featured, $recommended, $recent],
    (connectors, featured, recommended, recent) =>
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

  /**
   * The wallet guide (getting a first wallet): featured, recommended, then the loaded pages' wallets
   * that are not installed and have somewhere to get them (installLinks), each once, at most 8.
   */
  const $guide: ReadableAtom<GuideWallet[]> = computed(
    [$featured, $recommended, $list, deps.$connectors, $recent],
    (featured, recommended, list, connectors, recent) => {
      const out: GuideWallet[] = []
      const ids = new Set<string>()
      for (const w of markWallets(listable([...featured, ...recommended, ...list.wallets]), connectors, recent)) {
        if (out.length >= GUIDE_LIMIT) break
        if (w.installed || ids.has(w.id)) continue
        ids.add(w.id)
        const links = installLinks(w, isMobile())
        if (links.length > 0) out.push({ ...w, links })
      }
      return out
    },
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
      $search.set({
        ...$search.get(),
        results: res.data.slice(0, EXPLORER_LIMITS.searchEntries),
        count: res.count,
        loading: false,
        error: null,
      })
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

  /** The featured and recommended requests together: loading while one is out, the last failure's text. */
  const $suggested = atom<SuggestedState>({ status: 'idle', error: null })
  let suggestedOut = 0
  let suggestedError: string | null = null
  /** Runs one featured / recommended request; a failure is kept in $suggested and allows a new try. */
  async function suggest(request: () => Promise<void>, failed: () => void): Promise<void> {
    if (suggestedOut++ === 0) suggestedError = null
    $suggested.set({ status: 'loading', error: null })
    try {
      await request()
    } catch (error) {
      failed()
      suggestedError = errorText(error)
    }
    if (--suggestedOut === 0) $suggested.set(suggestedError ? { status: 'error', error: suggestedError } : { status: 'done', error: null })
  }

  let featuredLoad: Promise<void> | undefined
  /** Fetch the featured wallets once (in featuredWalletIds order); a failure leaves the list empty and is reported in $suggested. */
  function loadFeatured(): Promise<void> {
    const query = featuredQuery(deps)
    if (!query) return Promise.resolve()
    featuredLoad ??= suggest(
      async () => {
        const res = await api.getWallets(query)
        const order = query.include ?? []
        $featured.set([...res.data].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id)).slice(0, EXPLORER_LIMITS.featured))
      },
      () => (featuredLoad = undefined),
    )
    return featuredLoad
  }

  let recommendedLoad: Promise<void> | undefined
  /** Fetch the recommended wallets once; a failure leaves the list empty and is reported in $suggested. */
  function loadRecommended(): Promise<void> {
    recommendedLoad ??= suggest(
      async () => {
        const res = await api.getWallets(
          recommendedQuery(
            deps,
            $recent.get().map((w) => w.id),
          ),
        )
        $recommended.set(res.data.slice(0, EXPLORER_LIMITS.recommended))
      },
      () => (recommendedLoad = undefined),
    )
    return recommendedLoad
  }

  /** Ask again for the featured and recommended wallets that failed (those that came in stay). */
  function retrySuggested(): Promise<void> {
    return Promise.all([loadFeatured(), loadRecommended()]).then(() => undefined)
  }

  /**
   * The deep links of an explorer wallet carrying a pairing URI: its app on mobile, desktop and web
   * apps elsewhere; unsafe schemes are never linked.
   */
  const linksFor = (
    wallet: Pick<ExplorerWallet, 'mobile_link' | 'desktop_link' | 'webapp_link'> | undefined,
    uri: string | undefined,
  ): WalletLinks => walletLinks(wallet, uri, isMobile())

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
    for (const list of [
      $recent.get(),
      $featured.get(),
      $recommended.get(),
      deps.customWallets ?? [],
      $list.get().wallets,
      $search.get().results,
    ]) {
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
    $suggested,
    $recent,
    $wallets,
    $ordered,
    $guide,
    loadMore,
    setSearch,
    retrySearch,
    loadFeatured,
    loadRecommended,
    retrySuggested,
    addRecent,
    select,
    connected,
    linksFor,
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
