/** The switching views' rules that need no store: where a finished switch returns, where Continue leads. */
import type { CaipNetwork, RouteData, RouteEntry, RouteView } from '../types'

/** The SwitchNetwork view's attempt: waiting for the wallet, or failed with a text. */
export interface SwitchState {
  /** The network being switched to. */
  network?: CaipNetwork
  /** @default 'idle' */
  phase: 'idle' | 'waiting' | 'error'
  /** The failure's text ('User rejected the request' …); undefined when the wallet gave none. */
  error?: string
}

/** The SwitchActiveChain view's Continue: busy, or failed with a text. */
export interface ActiveChainSwitchState {
  busy: boolean
  error?: string
}

/**
 * Where SwitchActiveChain's Continue leads: the carried view, except that a namespace without a
 * connection goes to Connect when the carried view needs one (Account, ProfileWallets) or none was
 * carried; a connected one defaults to Account.
 */
export function nextViewAfterActiveChain(data: RouteData<'SwitchActiveChain'>, connected: boolean): RouteView {
  if (!connected)
    return !data.navigateTo || data.navigateTo === 'Account' || data.navigateTo === 'ProfileWallets' ? 'Connect' : data.navigateTo
  return data.navigateTo ?? 'Account'
}

/** Where a finished switch returns: the view before Networks, else the modal closes. */
export function afterSwitch(history: readonly RouteEntry[]): { goBackToIndex: number } | 'close' {
  let idx = -1
  for (let i = history.length - 1; i >= 0; i--)
    if (history[i]?.view === 'Networks') {
      idx = i
      break
    }
  return idx > 0 ? { goBackToIndex: idx - 1 } : 'close'
}
