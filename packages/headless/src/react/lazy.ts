import { atom, type ReadableAtom } from 'nanostores'
import { useEffect, useState } from 'react'
import type { ExplorerWallet } from '../api/schemas'
import type { GuideWallet, ListedWallet, OrderedWallet, SearchState, SuggestedState, WalletListState } from '../core/explorer/explorer'
import type { LazyFlowName, LazyFlows, PublicFlow } from '../core/host'
import type { Portico } from '../core/portico'

/**
 * A lazy flow for a hook: the flow when it is loaded (synchronously, when the modal or an earlier
 * hook loaded it already), else undefined while its module is fetched. `enabled: false` loads nothing.
 */
export function useLoadedFlow<K extends LazyFlowName>(portico: Portico, name: K, enabled = true): PublicFlow<LazyFlows[K]> | undefined {
  const [flow, setFlow] = useState(() => portico.peek(name))
  useEffect(() => {
    if (!enabled || flow) return
    let live = true
    void portico.load(name).then((loaded) => {
      if (live) setFlow(loaded)
    })
    return () => {
      live = false
    }
  }, [portico, name, enabled, flow])
  return flow ?? portico.peek(name)
}

/** What the explorer hooks read while the explorer module is still on its way: empty lists. */
export const IDLE: {
  wallets: ReadableAtom<ListedWallet[]>
  list: ReadableAtom<WalletListState>
  search: ReadableAtom<SearchState>
  hasMore: ReadableAtom<boolean>
  featured: ReadableAtom<ExplorerWallet[]>
  ordered: ReadableAtom<OrderedWallet[]>
  suggested: ReadableAtom<SuggestedState>
  guide: ReadableAtom<GuideWallet[]>
} = {
  wallets: atom([]),
  list: atom({ wallets: [], count: 0, page: 0, done: false, loading: false, error: null }),
  search: atom({ query: '', results: [], count: 0, loading: false, error: null }),
  hasMore: atom(true),
  featured: atom([]),
  ordered: atom([]),
  suggested: atom({ status: 'idle', error: null }),
  guide: atom([]),
}
