import { useStore } from '@nanostores/react'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import { useEffect } from 'react'
import type { ExplorerWallet } from '../api/schemas'
import type { ListedWallet } from '../core/explorer/explorer'
import { IDLE, useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseWalletsOptions {
  /** Load the first page (and the featured wallets) when mounted. @default true */
  loadOnMount?: boolean
  /** Clear the search when unmounted, so coming back shows the whole list. @default false */
  clearSearchOnUnmount?: boolean
}

export interface UseWalletsReturn {
  /** Search results while a query is typed, else featured wallets then the loaded pages; marked installed / recent. @default [] */
  wallets: ListedWallet[]
  /** Wallets in the current search, or in the whole list (featured + all pages) once a page is in. @default 0 */
  count: number
  /** More pages to load (never while searching). */
  hasMore: boolean
  /** A page or a search is on its way. @default false */
  loading: boolean
  /** @deprecated the English text; read `errorCode`. Error text of the last page or search request ('HTTP status code: 500' …), or null. @default null */
  error: string | null
  /** The last page or search request's failure, coded: httpStatus { status: '500' }, somethingWentWrong …; or null. @default null */
  errorCode: CodedMessage | null
  /** Load the next page of 40 (no-op while loading, searching or when all are loaded). */
  loadMore: () => Promise<void>
  /** The search text as typed. @default '' */
  query: string
  /** Set the search text; the request goes out 300 ms after the last change, the latest query wins. */
  setQuery: (query: string) => void
  /** A non-empty query is set. */
  searching: boolean
  /** Repeat the failed request (the search, or the next page). */
  retry: () => Promise<void>
  /**
   * Choose a wallet: an installed one goes to ConnectingExternal with its connector, any other to
   * ConnectingWalletConnect with its explorer id. It becomes recent once it connects. Nothing
   * happens while the legal checkbox locks connecting.
   */
  select: (wallet: ListedWallet | ExplorerWallet) => void
}

/** The wallet explorer list (SPEC §9): paged, searchable, installed wallets marked. */
export function useWallets(options: UseWalletsOptions = {}): UseWalletsReturn {
  const portico = usePortico()
  // The explorer flow is loaded with the default modal; a custom UI's first wallet hook loads it.
  const explorer = useLoadedFlow(portico, 'explorer')
  const wallets = useStore(explorer?.$wallets ?? IDLE.wallets)
  const list = useStore(explorer?.$list ?? IDLE.list)
  const search = useStore(explorer?.$search ?? IDLE.search)
  const hasMore = useStore(explorer?.$hasMore ?? IDLE.hasMore)
  const featured = useStore(explorer?.$featured ?? IDLE.featured)
  const loadOnMount = options.loadOnMount ?? true
  const clearSearch = options.clearSearchOnUnmount ?? false
  useEffect(() => (clearSearch && explorer ? () => explorer.setSearch('') : undefined), [explorer, clearSearch])
  useEffect(() => {
    if (!loadOnMount || !explorer) return
    void explorer.loadFeatured()
    if (explorer.$list.get().page === 0) void explorer.loadMore()
  }, [explorer, loadOnMount])
  const searching = search.query.trim().length > 0
  /** Act on the explorer now when it is loaded (the usual case), else once its module is in. */
  const withExplorer = <T>(act: (e: NonNullable<typeof explorer>) => T | Promise<T>): Promise<T> =>
    explorer ? Promise.resolve(act(explorer)) : portico.load('explorer').then(act)
  return {
    wallets,
    // Pages leave the featured wallets out (they lead the list), so they are added to the total.
    count: searching ? search.count : list.page > 0 ? list.count + featured.length : 0,
    hasMore: !searching && hasMore,
    // While the explorer module itself is on its way the list counts as loading.
    loading: !explorer || (searching ? search.loading : list.loading),
    error: searching ? search.error : list.error,
    errorCode: codeOf(searching ? search.error : list.error),
    loadMore: () => (searching ? Promise.resolve() : withExplorer((e) => e.loadMore())),
    query: search.query,
    setQuery: (query) => void withExplorer((e) => e.setSearch(query)),
    searching,
    retry: () => withExplorer((e) => (searching ? e.retrySearch() : e.loadMore())),
    select: (wallet) => {
      if (!portico.legal.isLocked()) void withExplorer((e) => e.select(wallet))
    },
  }
}
