import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import { useEffect, useState } from 'react'
import type { ActivityState } from '../core/activity/activity'
import type { ChainNamespace } from '../core/types'
import { usePortico } from './usePortico'

export interface UseActivityOptions {
  /** Load the activity module and the first page when mounted (and again when the account or network changes). @default true */
  enabled?: boolean
  /** @default the active namespace (activity exists on EVM only) */
  namespace?: ChainNamespace
}

export interface UseActivityReturn extends ActivityState {
  /** The activity module is still being fetched. @default true until it is loaded */
  pending: boolean
  /** Load the next page. */
  loadMore: () => void
  /** Load the first page again. */
  refetch: () => void
}

const IDLE: ReadableAtom<ActivityState> = atom<ActivityState>({ transactions: [], rows: [], next: null, pages: 0, loading: false, error: null })

/** The account's transaction history (SPEC §4/§5), from a flow loaded on first use. */
export function useActivity(options: UseActivityOptions = {}): UseActivityReturn {
  const portico = usePortico()
  const enabled = options.enabled ?? true
  const [flow, setFlow] = useState(() => portico.peek('activity'))
  const state = useStore(flow?.$activity ?? IDLE)
  const account = useStore(portico.chain.$account)
  const network = useStore(portico.chain.$global).activeCaipNetwork
  useEffect(() => {
    if (!enabled) return
    let live = true
    void portico.load('activity').then((loaded) => {
      if (!live) return
      setFlow(loaded)
      void loaded.fetchTransactions({ namespace: options.namespace })
    })
    return () => {
      live = false
    }
  }, [portico, enabled, options.namespace, account.address, network?.caipNetworkId])
  return {
    ...state,
    pending: !flow,
    loadMore: () => void flow?.loadMore({ namespace: options.namespace }),
    refetch: () => void flow?.fetchTransactions({ namespace: options.namespace }),
  }
}
