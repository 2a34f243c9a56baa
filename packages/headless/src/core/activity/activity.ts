/**
 * Activity flow (SPEC §4/§5/§7/§9), a lazy flow: the account's transaction history from
 * GET /v1/account/{address}/history (15 s cache in the API client), page by page with the server's
 * cursor. The API serves history on EVM and Solana; another namespace's account gets `unavailable`
 * (the view says history is not available there, not "no activity"). Only the connected chain's
 * transactions are kept and spam NFT transfers are dropped (`visibleTransactions`). A failed fetch
 * shows 'Failed to fetch transactions' in the state and as an error banner.
 */
import { atom, type ReadableAtom } from 'nanostores'
import type { HistoryResponse, Transaction } from '../../api/schemas'
import { type CodedMessage, coded, ERRORS } from '../errors'
import type { CaipNetwork, ChainNamespace } from '../types'
import type { DateFormatOptions } from '../format/time'
import {
  activityStatus,
  counterpartOf,
  describeTransaction,
  groupByMonth,
  iconOf,
  signedAmount,
  transactionExplorerUrl,
  transactionHash,
  type ActivityFormat,
  type ActivityStatus,
  type MonthGroup,
} from './display'
import { displayTransfers, operationSign, visibleTransactions, type Transfer } from './transactions'

export type { ActivityFormat, ActivityStatus, MonthGroup } from './display'
export type { DateFormatOptions } from '../format/time'

/** A transaction as the Account view's Activity tab shows it (SPEC §5 display rules applied). */
export interface ActivityRow {
  transaction: Transaction
  /** At most 2 transfers: summed per token and direction, gas fees dropped, largest first, outgoing first. */
  transfers: Transfer[]
  /** '+' for receive, deposit, borrow, claim; '-' for withdraw, repay, burn; '' otherwise. */
  sign: '+' | '-' | ''
  /** The transaction's id (chain and hash). */
  id: string
  /** The hash: the part of the id after its last ':'. */
  hash: string
  /** When it was mined (ISO, as the server sends it). */
  minedAt: string
  status: ActivityStatus
  /** The first shown transfer's token icon (fungible_info.icon.url, else an NFT preview); undefined: a fallback icon. */
  iconUrl?: string
  /** The other side: 'to' the recipient of a send, 'from' the sender of a receive; `name` when the API knows one (swap router, on-ramp, a name). */
  counterpart?: { direction: 'to' | 'from'; address: string; name?: string }
  /** The transaction's page on the network's block explorer, when the network has one. */
  explorerUrl?: string
}

/** A row with its texts (ActivityFlow.group, useActivity().groups). */
export interface ActivityRowText extends Omit<ActivityRow, 'counterpart'> {
  /** With the operation's sign (SPEC §5): 'Sent 1.500 ETH', 'Received +3.000 USDC', 'Withdrew -5.000 USDC', 'Swapped 1.000 ETH for 3,000.000 USDC', 'Contract interaction'. */
  description: string
  /** The amount with the operation's sign: '+3.000 USDC', '1.500 ETH'; '' without transfers. */
  amount: string
  /** The other side, its address shortened 4…6 (SPEC §5) too; `label` is what to show: its name, else `short`. */
  counterpart?: { direction: 'to' | 'from'; address: string; name?: string; short: string; label: string }
}

/** A month of rows ('This month', 'November 2026'), each row with its texts and relative time ('5 minutes ago'). */
export type ActivityGroup = MonthGroup<ActivityRowText>

/** A row's texts: description and amount with the operation's sign, the counterpart shortened. */
export function activityRowText(row: ActivityRow, format: ActivityFormat): ActivityRowText {
  const { counterpart, ...rest } = row
  return {
    ...rest,
    description: describeTransaction(row.transaction.metadata.operationType, row.transfers, row.sign, format),
    amount: signedAmount(row.sign, row.transfers, format),
    ...(counterpart
      ? {
          counterpart: {
            ...counterpart,
            short: format.address(counterpart.address),
            label: counterpart.name ?? format.address(counterpart.address),
          },
        }
      : {}),
  }
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
  /** @deprecated 'Failed to fetch transactions', or null; read `errorCode`. */
  error: string | null
  /** The failure, coded ('fetchTransactions'), or null. */
  errorCode: CodedMessage<'fetchTransactions'> | null
  /** The connected account's network has no history (a namespace the API does not index): show that, not an empty list. @default false */
  unavailable: boolean
}

/** The namespaces whose history the API serves. */
export const HISTORY_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

export interface ActivityDeps {
  getHistory(address: string, query: { chainId?: string; cursor?: string }): Promise<HistoryResponse>
  /** The connected address and current network of a namespace (the active one by default). */
  account(namespace?: ChainNamespace): { namespace?: ChainNamespace; address?: string; network?: CaipNetwork }
  showError(message: string | CodedMessage): void
  /** The clock (ms) a just-sent transaction's time is read from. @default Date.now */
  now?: () => number
}

/** A transfer the user just sent from this app (send flow): listed at once as pending (recordSent). */
export interface SentTransfer {
  hash: string
  /** The network it was sent on (EVM or Solana: the namespaces with history). */
  network: CaipNetwork
  from: string
  to: string
  /** Whole units as sent ('1.5'). */
  amount: string
  token: { name?: string; symbol: string; iconUrl?: string }
}

const EMPTY: ActivityState = {
  transactions: [],
  rows: [],
  next: null,
  pages: 0,
  loading: false,
  error: null,
  errorCode: null,
  unavailable: false,
}

/** A transaction ready to show (SPEC §5): its transfers, sign, text, counterpart, status and explorer link on `network`. */
export function toActivityRow(transaction: Transaction, network?: CaipNetwork): ActivityRow {
  const transfers = displayTransfers(transaction.transfers)
  const sign = operationSign(transaction.metadata.operationType)
  const iconUrl = iconOf(transfers)
  const counterpart = counterpartOf(transaction, transfers)
  const explorerUrl = transactionExplorerUrl(transaction.id, network)
  return {
    transaction,
    transfers,
    sign,
    id: transaction.id,
    hash: transactionHash(transaction.id),
    minedAt: transaction.metadata.minedAt,
    status: activityStatus(transaction.metadata.status),
    ...(iconUrl ? { iconUrl } : {}),
    ...(counterpart ? { counterpart } : {}),
    ...(explorerUrl ? { explorerUrl } : {}),
  }
}

/**
 * `base` with `incoming` merged by id: a transaction already listed is replaced where it stands (an
 * update: pending → confirmed or failed), a new one is appended.
 */
function mergeById(base: readonly Transaction[], incoming: readonly Transaction[]): Transaction[] {
  const out = base.slice()
  const at = new Map(out.map((t, i) => [t.id, i]))
  for (const t of incoming) {
    const i = at.get(t.id)
    if (i === undefined) {
      at.set(t.id, out.length)
      out.push(t)
    } else out[i] = t
  }
  return out
}

/** `base` with the transactions of `page` first: a listed id is replaced where it stands, new ones go first in page order. */
function mergeNewFirst(base: readonly Transaction[], page: readonly Transaction[]): Transaction[] {
  const byId = new Map(page.map((t) => [t.id, t]))
  const listed = new Set(base.map((t) => t.id))
  return [...page.filter((t) => !listed.has(t.id)), ...base.map((t) => byId.get(t.id) ?? t)]
}

export function createActivity(deps: ActivityDeps) {
  const $activity = atom<ActivityState>(EMPTY)
  let seq = 0
  /**
   * Transactions sent from this app that the server has not listed yet (its indexer follows the chain
   * a block behind): kept first in the list until a page carries the same id, which then replaces them.
   */
  const local = new Map<string, Transaction>()

  /** The local transactions of `address` on `network` that `page` does not carry, newest first. */
  function localFirst(address: string, network: CaipNetwork, page: readonly Transaction[]): Transaction[] {
    const served = new Set(page.map((t) => t.id))
    for (const id of served) local.delete(id)
    const mine = [...local.values()].filter(
      (t) => t.metadata.chain === network.caipNetworkId && t.metadata.sentFrom.toLowerCase() === address.toLowerCase(),
    )
    return mine.reverse()
  }

  async function load(opts: { namespace?: ChainNamespace; more: boolean; refresh?: boolean }): Promise<boolean> {
    const { namespace, address, network } = deps.account(opts.namespace)
    if (!namespace || !address || !network) {
      seq++
      $activity.set(EMPTY)
      return false
    }
    if (!HISTORY_NAMESPACES.includes(namespace)) {
      seq++
      $activity.set({ ...EMPTY, address, caipNetworkId: network.caipNetworkId, unavailable: true })
      return false
    }
    const current = $activity.get()
    const same = current.address === address && current.caipNetworkId === network.caipNetworkId
    if (opts.more && (!same || current.next === null || current.loading)) return false
    // A refresh (polling) of a listed account re-reads the first page into what is loaded; otherwise it is a first load.
    const refresh = opts.refresh === true && same && current.pages > 0
    if (refresh && current.loading) return false
    const mine = ++seq
    const base = opts.more || refresh ? current : { ...EMPTY, address, caipNetworkId: network.caipNetworkId }
    // A refresh is quiet: no loading flag (no placeholders), and a failure keeps the list without a banner.
    if (!refresh) $activity.set({ ...base, loading: true, error: null, errorCode: null })
    try {
      const page = await deps.getHistory(address, {
        chainId: network.caipNetworkId,
        cursor: opts.more ? (current.next ?? undefined) : undefined,
      })
      if (mine !== seq) return false
      const served = visibleTransactions(page.data, network.caipNetworkId)
      // One id once: a page repeating a listed transaction updates it in place (its status may have changed).
      const transactions = refresh
        ? mergeNewFirst(base.transactions, served)
        : opts.more
          ? mergeById(base.transactions, served)
          : [...localFirst(address, network, served), ...served]
      if (refresh) for (const t of served) local.delete(t.id)
      $activity.set({
        ...base,
        transactions,
        rows: transactions.map((t) => toActivityRow(t, network)),
        next: refresh ? base.next : (page.next ?? null),
        pages: refresh ? base.pages : base.pages + 1,
        loading: false,
        error: null,
        errorCode: null,
      })
      return true
    } catch {
      if (mine !== seq) return false
      if (refresh) return false
      $activity.set({ ...base, loading: false, error: ERRORS.fetchTransactions, errorCode: coded('fetchTransactions') })
      deps.showError(coded('fetchTransactions'))
      return false
    }
  }

  /** A transaction of the listed account's network, new or updated, into the list (see upsert). */
  function upsert(transaction: Transaction): boolean {
    const current = $activity.get()
    const { network } = deps.account()
    if (!current.caipNetworkId || !network || network.caipNetworkId !== current.caipNetworkId) return false
    if (visibleTransactions([transaction], current.caipNetworkId).length === 0) return false
    const i = current.transactions.findIndex((t) => t.id === transaction.id)
    const transactions = i === -1 ? [transaction, ...current.transactions] : current.transactions.map((t, j) => (j === i ? transaction : t))
    $activity.set({ ...current, transactions, rows: transactions.map((t) => toActivityRow(t, network)) })
    return true
  }

  /** The transaction `sent` becomes, as the server would list it (id `<caip2>:<hash>`, one outgoing transfer). */
  function sentTransaction(sent: SentTransfer, status: 'pending' | 'confirmed' | 'failed'): Transaction {
    const { token } = sent
    return {
      id: `${sent.network.caipNetworkId}:${sent.hash}`,
      metadata: {
        minedAt: new Date((deps.now ?? Date.now)()).toISOString(),
        chain: sent.network.caipNetworkId,
        operationType: 'send',
        status,
        sentFrom: sent.from,
        sentTo: sent.to,
      },
      // A failed transaction moved nothing (as the server lists a reverted one).
      transfers:
        status === 'failed'
          ? []
          : [
              {
                direction: 'out',
                quantity: { numeric: sent.amount },
                fungible_info: {
                  ...(token.name ? { name: token.name } : {}),
                  symbol: token.symbol,
                  ...(token.iconUrl ? { icon: { url: token.iconUrl } } : {}),
                },
              },
            ],
    }
  }

  /** Record a transaction sent from this app: kept until the server lists it, and shown now if its account is listed. */
  function record(transaction: Transaction): boolean {
    local.set(transaction.id, transaction)
    return upsert(transaction)
  }

  return {
    $activity: $activity as ReadableAtom<ActivityState>,
    /** Load the first page for the active (or given) namespace's account; replaces what was loaded. */
    fetchTransactions: (opts: { namespace?: ChainNamespace } = {}): Promise<boolean> => load({ ...opts, more: false }),
    /** Load the next page (nothing when all are loaded, one is loading, or the account changed). */
    loadMore: (opts: { namespace?: ChainNamespace } = {}): Promise<boolean> => load({ ...opts, more: true }),
    /**
     * A transaction of the listed account's network, new or updated (e.g. one just sent, then its
     * receipt): an id already listed is replaced in place (pending → confirmed or failed), a new one
     * goes first (newest). Another chain's, a spam one, or nothing listed yet: ignored (false).
     */
    upsert,
    /**
     * A transaction made from this app (a swap, a send …), as the server will list it: kept first on its
     * account's list until the server's history carries the same id — shown now if that list is loaded,
     * else when it loads. The same id again updates it (pending → confirmed or failed).
     */
    record,
    /**
     * A transfer just sent from this app (the send flow calls it with the wallet's hash): listed at once
     * as pending, first, on its account's list — now if that list is shown, else when it is loaded —
     * until the server's history carries the same id.
     */
    recordSent: (sent: SentTransfer): boolean => record(sentTransaction(sent, 'pending')),
    /** The sent transfer's receipt arrived: its row turns confirmed, or failed (reverted), in place. */
    settleSent: (sent: SentTransfer, status: 'confirmed' | 'failed'): boolean => record(sentTransaction(sent, status)),
    /** Re-read the first page into the loaded list quietly (new transactions first, listed ones updated); a first load when nothing is listed. */
    refresh: (opts: { namespace?: ChainNamespace } = {}): Promise<boolean> => load({ ...opts, more: false, refresh: true }),
    /**
     * Rows in month groups with their texts (activityRowText) and relative times at `now` (ms):
     * 'This month' / 'November 2026', '5 minutes ago' / 'Nov 5' — locale-aware (Intl, 'en-US' by default).
     */
    group: (rows: readonly ActivityRow[], now: number, options: DateFormatOptions & { format: ActivityFormat }): ActivityGroup[] =>
      groupByMonth(
        rows.map((r) => activityRowText(r, options.format)),
        now,
        options,
      ),
    /** Forget the loaded pages (disconnect, account change). */
    reset(): void {
      seq++
      $activity.set(EMPTY)
    },
  }
}

export type ActivityFlow = ReturnType<typeof createActivity>
