/**
 * Activity flow (SPEC §4/§5/§7/§9), a lazy flow: the account's transaction history from
 * GET /v1/account/{address}/history (15 s cache in the API client), page by page with the server's
 * cursor. Activity exists for EVM only (SPEC §9 platform support). Only the connected chain's
 * transactions are kept and spam NFT transfers are dropped (`visibleTransactions`). A failed fetch
 * shows 'Failed to fetch transactions' in the state and as an error banner.
 */
import { atom, type ReadableAtom } from 'nanostores'
import type { HistoryResponse, Transaction } from '../../api/schemas'
import { ERRORS } from '../errors'
import type { CaipNetwork, ChainNamespace } from '../types'
import { displayTransfers, operationSign, visibleTransactions, type Transfer } from './transactions'

/** A transaction as the Account view's Activity tab shows it (SPEC §5 display rules applied). */
export interface ActivityRow {
  transaction: Transaction
  /** At most 2 transfers: summed per token and direction, gas fees dropped, largest first, outgoing first. */
  transfers: Transfer[]
  /** '+' for receive, deposit, borrow, claim; '-' for withdraw, repay, burn; '' otherwise. */
  sign: '+' | '-' | ''
}

export interface ActivityState {
  /** Address and CAIP-2 network the list belongs to. */
  address?: string
  caipNetworkId?: string
  /** Visible transactions of the loaded pages, newest first as the server sends them. @default [] */
  transactions: Transaction[]
  /** The same, ready to show. @default [] */
  rows: ActivityRow[]
  /** Cursor of the next page; null when every page is loaded. */
  next: string | null
  /** Pages loaded. @default 0 */
  pages: number
  loading: boolean
  /** 'Failed to fetch transactions', or null. */
  error: string | null
}

export interface ActivityDeps {
  getHistory(address: string, query: { chainId?: string; cursor?: string }): Promise<HistoryResponse>
  /** The connected address and current network of a namespace (the active one by default). */
  account(namespace?: ChainNamespace): { namespace?: ChainNamespace; address?: string; network?: CaipNetwork }
  showError(message: string): void
}

const EMPTY: ActivityState = { transactions: [], rows: [], next: null, pages: 0, loading: false, error: null }

const toRow = (transaction: Transaction): ActivityRow => ({
  transaction,
  transfers: displayTransfers(transaction.transfers),
  sign: operationSign(transaction.metadata.operationType),
})

export function createActivity(deps: ActivityDeps) {
  const $activity = atom<ActivityState>(EMPTY)
  let seq = 0

  async function load(opts: { namespace?: ChainNamespace; more: boolean }): Promise<boolean> {
    const { namespace, address, network } = deps.account(opts.namespace)
    if (namespace !== 'eip155' || !address || !network) {
      seq++
      $activity.set(EMPTY)
      return false
    }
    const current = $activity.get()
    const same = current.address === address && current.caipNetworkId === network.caipNetworkId
    if (opts.more && (!same || current.next === null || current.loading)) return false
    const mine = ++seq
    const base = opts.more ? current : { ...EMPTY, address, caipNetworkId: network.caipNetworkId }
    $activity.set({ ...base, loading: true, error: null })
    try {
      const page = await deps.getHistory(address, { chainId: network.caipNetworkId, cursor: opts.more ? current.next ?? undefined : undefined })
      if (mine !== seq) return false
      const known = new Set(base.transactions.map((t) => t.id))
      const fresh = visibleTransactions(page.data, network.caipNetworkId).filter((t) => !known.has(t.id))
      $activity.set({
        ...base,
        transactions: [...base.transactions, ...fresh],
        rows: [...base.rows, ...fresh.map(toRow)],
        next: page.next ?? null,
        pages: base.pages + 1,
        loading: false,
        error: null,
      })
      return true
    } catch {
      if (mine !== seq) return false
      $activity.set({ ...base, loading: false, error: ERRORS.fetchTransactions })
      deps.showError(ERRORS.fetchTransactions)
      return false
    }
  }

  return {
    $activity: $activity as ReadableAtom<ActivityState>,
    /** Load the first page for the active (or given) namespace's account; replaces what was loaded. */
    fetchTransactions: (opts: { namespace?: ChainNamespace } = {}): Promise<boolean> => load({ ...opts, more: false }),
    /** Load the next page (nothing when all are loaded, one is loading, or the account changed). */
    loadMore: (opts: { namespace?: ChainNamespace } = {}): Promise<boolean> => load({ ...opts, more: true }),
    /** Forget the loaded pages (disconnect, account change). */
    reset(): void {
      seq++
      $activity.set(EMPTY)
    },
  }
}

export type ActivityFlow = ReturnType<typeof createActivity>
