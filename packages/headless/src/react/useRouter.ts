import { useStore } from '@nanostores/react'
import type { Router, TransactionAction, TransactionOutcome } from '../core/router/router'
import type { RouteEntry, RouteView } from '../core/types'
import { usePortico } from './usePortico'

export interface UseRouterReturn {
  /** Current view. @default 'Connect' */
  view: RouteView
  /** Data of the current view (typed per view through `RouteEntry`). */
  data: RouteEntry['data']
  /** The current entry (view + data, narrowable on `entry.view`). */
  entry: RouteEntry
  /** Every entry, oldest first. */
  history: RouteEntry[]
  push: Router['push']
  replace: Router['replace']
  reset: Router['reset']
  goBack: () => void
  goBackToIndex: (index: number) => void
  pushTransactionStack: (action: TransactionAction) => void
  popTransactionStack: (outcome: TransactionOutcome) => void
}

/** The modal's view history and navigation. */
export function useRouter(): UseRouterReturn {
  const { router } = usePortico()
  const history = useStore(router.$history)
  const entry = useStore(router.$route)
  return {
    view: entry.view,
    data: entry.data,
    entry,
    history,
    push: router.push,
    replace: router.replace,
    reset: router.reset,
    goBack: router.goBack,
    goBackToIndex: router.goBackToIndex,
    pushTransactionStack: router.pushTransactionStack,
    popTransactionStack: router.popTransactionStack,
  }
}
