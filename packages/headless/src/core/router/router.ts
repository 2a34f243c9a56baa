/** The modal's view history (SPEC §2 "Screens and routes"). */
import { atom, computed, type ReadableAtom } from 'nanostores'
import type { RouteData, RouteEntry, RouteView } from '../types'

/** An entry of the transaction stack: a multi-step action whose outcome decides where to go. */
export interface TransactionAction {
  /** View to show when the action is pushed (optional). */
  view?: RouteView
  /** Replace the current view instead of pushing it. @default false */
  replace?: boolean
  /** Go back one view on error and on cancel. */
  goBack: boolean
  onSuccess?: () => void
  onError?: () => void
  onCancel?: () => void
}

export type TransactionOutcome = 'success' | 'error' | 'cancel'

export interface RouterDeps {
  /** Is the active namespace connected? (Back to Connect while connected leads to Account.) */
  isConnected: () => boolean
  /** Close the modal (going back from the first view). */
  closeModal: () => void
}

const entry = <V extends RouteView>(view: V, data?: RouteData<V>): RouteEntry => ({ view, data }) as RouteEntry

export function createRouter(deps: RouterDeps) {
  const $history = atom<RouteEntry[]>([entry('Connect')])
  const $route: ReadableAtom<RouteEntry> = computed($history, (h) => h[h.length - 1] ?? entry('Connect'))
  const $transactionStack = atom<TransactionAction[]>([])

  /** Push a view; pushing the view already shown adds nothing. */
  function push<V extends RouteView>(view: V, data?: RouteData<V>): void {
    const current = $route.get()
    if (current.view === view) {
      // The same view again adds no entry; new data (another target network …) replaces the old.
      if (data !== undefined && data !== current.data) replace(view, data)
      return
    }
    $history.set([...$history.get(), entry(view, data)])
  }

  /** Replace the current view. */
  function replace<V extends RouteView>(view: V, data?: RouteData<V>): void {
    const h = $history.get()
    $history.set([...h.slice(0, -1), entry(view, data)])
  }

  /** Start a new history with `view`. */
  function reset<V extends RouteView>(view: V, data?: RouteData<V>): void {
    $history.set([entry(view, data)])
  }

  /**
   * One view back. At the first view: Connect while connected leads to Account, anything else
   * closes the modal. Landing on Connect while connected shows Account instead.
   */
  function goBack(): void {
    const h = $history.get()
    if (h.length > 1) {
      const rest = h.slice(0, -1)
      const last = rest[rest.length - 1]
      if (last?.view === 'Connect' && deps.isConnected()) $history.set([...rest.slice(0, -1), entry('Account')])
      else $history.set(rest)
      return
    }
    if (h[0]?.view === 'Connect' && deps.isConnected()) {
      reset('Account')
      return
    }
    deps.closeModal()
  }

  /** Cut the history back to entry `index` (0 = first). Out-of-range indexes do nothing. */
  function goBackToIndex(index: number): void {
    const h = $history.get()
    if (!Number.isInteger(index) || index < 0 || index >= h.length - 1) return
    $history.set(h.slice(0, index + 1))
  }

  function pushTransactionStack(action: TransactionAction): void {
    $transactionStack.set([...$transactionStack.get(), action])
    if (action.view) {
      if (action.replace) replace(action.view)
      else push(action.view)
    }
  }

  /** Settle the newest action: success calls onSuccess; error and cancel call their callback then go back. */
  function popTransactionStack(outcome: TransactionOutcome): void {
    const stack = $transactionStack.get()
    const action = stack[stack.length - 1]
    if (!action) return
    $transactionStack.set(stack.slice(0, -1))
    if (outcome === 'success') {
      action.onSuccess?.()
      return
    }
    if (outcome === 'error') action.onError?.()
    else action.onCancel?.()
    if (action.goBack) goBack()
  }

  return { $history, $route, $transactionStack, push, replace, reset, goBack, goBackToIndex, pushTransactionStack, popTransactionStack }
}

export type Router = ReturnType<typeof createRouter>
