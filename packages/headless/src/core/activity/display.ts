/**
 * How one history transaction reads in the activity list (SPEC §3 "Transaction", §5 display rules):
 * its description ('Sent 1.500 ETH'), signed amount, counterpart (shortened 4…6), status, icon,
 * block-explorer link, and the month groups of a list. Pure; part of the lazy activity flow.
 */
import type { Transaction } from '../../api/schemas'
import { formatMonth, formatRelativeTime, monthKey, type DateFormatOptions } from '../format/time'
import type { CaipNetwork } from '../types'
import type { Transfer } from './transactions'

export type ActivityStatus = 'pending' | 'confirmed' | 'failed'

/**
 * Amount and address formatting: core/format's formatBalance (floored to 3 decimals, SPEC §9) and
 * shortenAddress (4…6, SPEC §5), handed in by useActivity. The lazy activity chunk does not import
 * that module: it would make the bundler split it out of the chunk the first load shares with the
 * modal (one chunk more on the first load).
 */
export interface ActivityFormat {
  amount(numeric: string): string
  address(address: string): string
}

/**
 * The server's status text as one of three: anything naming a failure is 'failed', one still on
 * its way ('pending', 'in progress', 'processing', 'queued', 'submitted', 'mining') 'pending', else
 * 'confirmed'.
 */
export function activityStatus(status: string): ActivityStatus {
  const s = status.toLowerCase()
  if (/fail|revert|drop|error/.test(s)) return 'failed'
  if (/pend|queue|submit|progress|process|mining|unconfirm/.test(s)) return 'pending'
  return 'confirmed'
}

/** The transaction hash: the part of the id after its last ':' ('eip155:1:0xabc' → '0xabc'). */
export function transactionHash(id: string): string {
  return id.slice(id.lastIndexOf(':') + 1)
}

/** `network.blockExplorers.default.url` + '/tx/' + hash, or undefined when the network has no explorer. */
export function transactionExplorerUrl(id: string, network?: Pick<CaipNetwork, 'blockExplorers'>): string | undefined {
  const base = network?.blockExplorers?.default.url
  const hash = transactionHash(id)
  if (!base || !hash) return undefined
  return `${base.replace(/\/+$/, '')}/tx/${hash}`
}

/** Past-tense verbs of the operations the history names; others are capitalised as given. */
const VERBS: Record<string, string> = {
  send: 'Sent',
  receive: 'Received',
  trade: 'Swapped',
  deposit: 'Deposited',
  withdraw: 'Withdrew',
  borrow: 'Borrowed',
  repay: 'Repaid',
  claim: 'Claimed',
  burn: 'Burned',
  mint: 'Minted',
  approve: 'Approved',
  stake: 'Staked',
  unstake: 'Unstaked',
}

const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text)

/** '1.500 ETH' (floored to 3 decimals, SPEC §9), an NFT by its name. */
export function transferText(t: Transfer, format: ActivityFormat): string {
  if (!t.fungible_info && t.nft_info) return t.nft_info.name ?? 'NFT'
  const symbol = t.fungible_info?.symbol ?? t.fungible_info?.name ?? ''
  return `${format.amount(t.quantity.numeric)} ${symbol}`.trim()
}

function verbOf(operationType: string, first: Transfer | undefined): string {
  const op = operationType.toLowerCase()
  if (VERBS[op]) return VERBS[op]
  if (op === 'execute' || op === '') {
    if (!first) return 'Contract interaction'
    return first.direction === 'in' ? 'Received' : first.direction === 'out' ? 'Sent' : 'Moved'
  }
  return capitalise(op)
}

/**
 * The row's text from its shown transfers (at most 2, SPEC §5), amounts with the operation's sign
 * (SPEC §5: '+' receive, deposit, borrow, claim; '-' withdraw, repay, burn; none otherwise):
 * 'Sent 1.500 ETH', 'Received +3.000 USDC', 'Withdrew -5.000 USDC', 'Swapped 1.000 ETH for 3,000.000 USDC'
 * (one out, one in), 'Contract interaction' (none).
 */
export function describeTransaction(
  operationType: string,
  transfers: readonly Transfer[],
  sign: '+' | '-' | '',
  format: ActivityFormat,
): string {
  const verb = verbOf(operationType, transfers[0])
  if (transfers.length === 0) return verb
  const text = (t: Transfer) => `${sign}${transferText(t, format)}`
  const [a, b] = transfers
  if (a && b && a.direction === 'out' && b.direction === 'in') return `${verb} ${text(a)} for ${text(b)}`
  return `${verb} ${transfers.map(text).join(' and ')}`
}

/**
 * The amount the row shows at its end, the operation's sign first (SPEC §5: '+' receive, deposit,
 * borrow, claim; '-' withdraw, repay, burn; none otherwise): the incoming transfer of a swap, else
 * the first shown. '' without transfers.
 */
export function signedAmount(sign: '+' | '-' | '', transfers: readonly Transfer[], format: ActivityFormat): string {
  const main = transfers.find((t) => t.direction === 'in' && transfers.length > 1) ?? transfers[0]
  return main ? `${sign}${transferText(main, format)}` : ''
}

/**
 * The other side of the transaction: to sentTo when it sends, from sentFrom when it receives, with the
 * name the API gives it (a known address such as the swap router, a Portico or ENS name), if any.
 */
export function counterpartOf(
  tx: Transaction,
  transfers: readonly Transfer[],
): { direction: 'to' | 'from'; address: string; name?: string } | undefined {
  const incoming = transfers[0]?.direction === 'in' || (transfers.length === 0 && tx.metadata.operationType.toLowerCase() === 'receive')
  const address = incoming ? tx.metadata.sentFrom : tx.metadata.sentTo
  if (!address) return undefined
  const name = incoming ? tx.metadata.sentFromName : tx.metadata.sentToName
  return { direction: incoming ? 'from' : 'to', address, ...(name ? { name } : {}) }
}

/** The icon of the row: the first shown transfer's token icon, else its NFT preview; undefined for the view's fallback. */
export function iconOf(transfers: readonly Transfer[]): string | undefined {
  for (const t of transfers) {
    const url = t.fungible_info?.icon?.url ?? t.nft_info?.content?.preview?.url
    if (url) return url
  }
  return undefined
}

export interface MonthGroup<R> {
  /** 'YYYY-MM' */
  key: string
  /** 'This month', 'November 2026' (locale-aware). */
  label: string
  rows: (R & { time: string })[]
}

/**
 * Rows in month groups, in the order given (newest first as the server sends them), each row with its
 * relative time ('5 minutes ago', 'Nov 5'). A month that comes back later in the list (an out-of-order
 * row) joins its earlier group.
 */
export function groupByMonth<R extends { minedAt: string }>(
  rows: readonly R[],
  now: number,
  options: DateFormatOptions = {},
): MonthGroup<R>[] {
  const groups: MonthGroup<R>[] = []
  const byKey = new Map<string, MonthGroup<R>>()
  for (const row of rows) {
    const key = monthKey(row.minedAt, options.timeZone)
    let group = byKey.get(key)
    if (!group) {
      group = { key, label: key ? formatMonth(row.minedAt, now, options) : '', rows: [] }
      byKey.set(key, group)
      groups.push(group)
    }
    group.rows.push({ ...row, time: formatRelativeTime(row.minedAt, now, options) })
  }
  return groups
}
