/** Display formatting of SPEC §3, §5 and §9. Pure functions, no I/O. */
import { ERRORS, PorticoError } from '../errors'

const DECIMAL = /^(\d+)(?:\.(\d*))?$/

/** A finite number as a plain decimal string, even past 1e21 where toFixed switches to exponents. */
const plainNumber = (n: number): string => n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })

/** Turns a number or numeric string into a plain (non-exponent) decimal string, or null. */
function toPlainDecimal(value: string | number): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? plainNumber(value) : null
  const trimmed = value.trim()
  if (DECIMAL.test(trimmed)) return trimmed
  const n = Number(trimmed)
  return trimmed !== '' && Number.isFinite(n) && n >= 0 ? plainNumber(n) : null
}

/**
 * Balance display: floored (truncated) to `decimals` decimals (3 by default, SPEC §9).
 * Anything that is not a non-negative number shows as '0.000'.
 */
export function formatBalance(value: string | number | undefined | null, decimals = 3): string {
  const plain = value === undefined || value === null ? null : toPlainDecimal(value)
  const match = plain === null ? null : DECIMAL.exec(plain)
  if (!match) return decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0'
  const int = (match[1] ?? '0').replace(/^0+(?=\d)/, '')
  if (decimals <= 0) return int
  const dec = (match[2] ?? '').padEnd(decimals, '0').slice(0, decimals)
  return `${int}.${dec}`
}

const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** US dollars with 2 decimals: 1234.5 → '$1,234.50'; non-numeric → '$0.00'. */
export function formatUsd(value: string | number | undefined | null): string {
  const n = typeof value === 'number' ? value : Number(value ?? NaN)
  return USD.format(Number.isFinite(n) ? n : 0)
}

/** The ellipsis used by every shortened text: U+2026 '…'. */
export const ELLIPSIS = '\u2026'

/**
 * SPEC §5: 4 leading and 6 trailing characters, joined by '…' (the 0x prefix counts as leading
 * characters): '0x1234567890abcdef1234567890abcdef12345678' → '0x12…345678'. Short strings are kept.
 */
export function shortenAddress(address: string, leading = 4, trailing = 6): string {
  if (address.length <= leading + trailing + 1) return address
  return `${address.slice(0, leading)}${ELLIPSIS}${address.slice(-trailing)}`
}

/**
 * SPEC §3 auth-name display. An email longer than 30 characters becomes its first 13 characters, '…'
 * and its last 16 (30 characters in all). A Discord username ending in '0' (the legacy '#0'
 * discriminator) loses that last character.
 */
export function formatAuthName(name: string, provider?: string): string {
  if (provider === 'discord' && name.endsWith('0')) return name.slice(0, -1)
  if (name.includes('@') && name.length > 30) return `${name.slice(0, 13)}${ELLIPSIS}${name.slice(-16)}`
  return name
}

/** ENSIP-11 coin type: (0x80000000 | chainId) >>> 0. Throws 'Invalid chainId' for ids ≥ 2^31 or invalid ids. */
export function coinTypeFromChainId(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= 2147483648) throw new PorticoError(ERRORS.invalidChainId)
  return (0x80000000 | chainId) >>> 0
}
