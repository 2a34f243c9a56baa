/** Transaction display rules of SPEC §5 (pure; the activity view feeds API history through them). */
import type { Transaction } from '../../api/schemas'

export type Transfer = Transaction['transfers'][number]

const amount = (t: Transfer): number => {
  const n = Number(t.quantity.numeric)
  return Number.isFinite(n) ? n : 0
}
/**
 * The token a transfer moves, by its symbol or name; a transfer that names no token is a token of
 * its own (a fresh symbol), so two unnamed transfers are never summed or grouped as one.
 */
const tokenKey = (t: Transfer): string | symbol => t.fungible_info?.symbol || t.fungible_info?.name || t.nft_info?.name || Symbol()

/**
 * History shown to the user: only the connected chain's transactions, and none that carry a spam
 * NFT transfer.
 */
export function visibleTransactions(list: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return list.filter((tx) => tx.metadata.chain === caipNetworkId && !tx.transfers.some((t) => t.nft_info?.flags?.is_spam === true))
}

/** a + b for two decimal strings, exactly (no float rounding); a non-number counts as 0. */
function addDecimals(a: string, b: string): string {
  const read = (text: string): { units: bigint; scale: number } => {
    const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim())
    if (!m || (m[2] === '' && (m[3] ?? '') === '')) return { units: 0n, scale: 0 }
    const frac = m[3] ?? ''
    const units = BigInt(`${m[2]}${frac}` || '0')
    return { units: m[1] === '-' ? -units : units, scale: frac.length }
  }
  const x = read(a)
  const y = read(b)
  const scale = Math.max(x.scale, y.scale)
  const sum = x.units * 10n ** BigInt(scale - x.scale) + y.units * 10n ** BigInt(scale - y.scale)
  const negative = sum < 0n
  const digits = (negative ? -sum : sum).toString().padStart(scale + 1, '0')
  const int = digits.slice(0, digits.length - scale)
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '')
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`
}

/**
 * Transfers of the same fungible token in the same direction become one, its quantity and value
 * the sums of theirs, placed where the token first appears ('out 1 ETH' + 'out 2 ETH' → 'out 3 ETH').
 * NFT transfers are distinct items and stay apart. The input is not changed.
 */
export function sumTransfers(transfers: readonly Transfer[]): Transfer[] {
  // In first-seen order: a Map keeps a key's place when its value is replaced. A transfer that is not fungible is never summed.
  const merged = new Map<string | symbol, Transfer>()
  for (const t of transfers) {
    if (!t.fungible_info) {
      merged.set(Symbol(), t)
      continue
    }
    const token = tokenKey(t)
    const key = typeof token === 'symbol' ? token : `${t.direction}\u0000${token}`
    const prev = merged.get(key)
    if (prev === undefined) {
      merged.set(key, t)
      continue
    }
    const value = prev.value === undefined && t.value === undefined ? undefined : (prev.value ?? 0) + (t.value ?? 0)
    merged.set(key, { ...prev, quantity: { ...prev.quantity, numeric: addDecimals(prev.quantity.numeric, t.quantity.numeric) }, value })
  }
  return [...merged.values()]
}

/**
 * Gas-fee transfers are dropped: when a token has exactly one incoming and one outgoing transfer,
 * the one under 10% of its counterpart goes; within a larger group of the same token, transfers
 * under 1% of the group's largest go.
 */
export function dropGasFeeTransfers(transfers: readonly Transfer[]): Transfer[] {
  const groups = new Map<string | symbol, Transfer[]>()
  for (const t of transfers) {
    const key = tokenKey(t)
    groups.set(key, [...(groups.get(key) ?? []), t])
  }
  const dropped = new Set<Transfer>()
  for (const group of groups.values()) {
    if (group.length < 2) continue
    const ins = group.filter((t) => t.direction === 'in')
    const outs = group.filter((t) => t.direction === 'out')
    const [i] = ins
    const [o] = outs
    if (group.length === 2 && i && o) {
      if (amount(o) < amount(i) * 0.1) dropped.add(o)
      else if (amount(i) < amount(o) * 0.1) dropped.add(i)
      continue
    }
    const max = Math.max(...group.map(amount))
    for (const t of group) if (amount(t) < max * 0.01) dropped.add(t)
  }
  return transfers.filter((t) => !dropped.has(t))
}

/**
 * The transfers a transaction shows (SPEC §5): same token and direction summed first
 * (sumTransfers), then gas fees dropped (dropGasFeeTransfers), then at most 2 kept, the largest by
 * value, outgoing before incoming.
 */
export function displayTransfers(transfers: readonly Transfer[]): Transfer[] {
  return dropGasFeeTransfers(sumTransfers(transfers))
    .slice()
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
    .slice(0, 2)
    .sort((a, b) => Number(a.direction !== 'out') - Number(b.direction !== 'out'))
}

const PLUS = new Set(['receive', 'deposit', 'borrow', 'claim'])
const MINUS = new Set(['withdraw', 'repay', 'burn'])

/** '+' for receive/deposit/borrow/claim, '-' for withdraw/repay/burn, '' otherwise. */
export function operationSign(operationType: string): '+' | '-' | '' {
  const op = operationType.toLowerCase()
  return PLUS.has(op) ? '+' : MINUS.has(op) ? '-' : ''
}
