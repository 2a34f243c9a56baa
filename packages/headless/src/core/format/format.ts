/** Display formatting of SPEC §3, §5 and §9. Pure functions, no I/O. */
import { ERRORS, PorticoError } from '../errors'

/** A signed decimal with an optional exponent: '-1.5', '.5', '2.5e21', '+1e-7'. */
const SCIENTIFIC = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** An exact decimal: sign, integer digits (no leading zeros, at least '0') and fraction digits. */
interface Decimal {
  negative: boolean
  int: string
  frac: string
}

/** Digits kept past the point for values too small to show (shown places are far fewer). */
const MAX_SHIFT = 400

/** Reads a decimal string exactly (no float rounding), moving the point by its exponent. */
function readDecimal(text: string): Decimal | null {
  const m = SCIENTIFIC.exec(text)
  if (!m) return null
  const [, sign = '', intDigits = '', fracDigits = '', exponent] = m
  if (intDigits === '' && fracDigits === '') return null
  const digits = intDigits + fracDigits
  const negative = sign === '-'
  if (!/[1-9]/.test(digits)) return { negative, int: '0', frac: '' }
  // A finite value keeps the point within its digits and ~309 places; far below that it is only
  // 'some non-zero digit past every shown place', kept as one digit after MAX_SHIFT zeros.
  const point = intDigits.length + Number(exponent ?? 0)
  if (point < -MAX_SHIFT) return { negative, int: '0', frac: `${'0'.repeat(MAX_SHIFT)}1` }
  const int = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0')
  const frac = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point)
  return { negative, int: int.replace(/^0+(?=\d)/, ''), frac }
}

/** Any number or numeric string as an exact decimal; null when it is not a finite number. */
function toDecimal(value: string | number | undefined | null): Decimal | null {
  if (typeof value === 'number') return Number.isFinite(value) ? readDecimal(String(value)) : null
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  const n = Number(trimmed)
  if (trimmed === '' || !Number.isFinite(n)) return null
  // Exact digits for plain and exponent notation; other forms Number() reads ('0x10') go through it.
  return readDecimal(trimmed) ?? readDecimal(String(n))
}

/**
 * An amount floored toward −∞ at `decimals` places, as every shown amount is (SPEC §5, §9):
 * '1.2349' → '1.234', '-1.2341' → '-1.235'. A result of zero never carries a minus sign.
 */
function floorDecimal({ negative, int, frac }: Decimal, decimals: number): string {
  let units = BigInt(int + frac.padEnd(decimals, '0').slice(0, decimals))
  if (negative && /[1-9]/.test(frac.slice(decimals))) units += 1n
  if (units === 0n) return decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0'
  const digits = units.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const sign = negative ? '-' : ''
  return decimals > 0 ? `${sign}${whole}.${digits.slice(-decimals)}` : `${sign}${whole}`
}

/**
 * A formatted amount without trailing decimal zeros, whatever the locale's separators:
 * '2,970.000000' → '2,970', '2.970,500000' (de) → '2.970,5'. For amounts with decimals only.
 */
export const trimZeros = (text: string): string => text.replace(/(\D\d*?)0+$/, '$1').replace(/\D$/, '')

/**
 * Balance display: floored toward −∞ to `decimals` decimals (3 by default, SPEC §5, §9), the sign
 * kept, then written with `Intl.NumberFormat` grouping of `locale` (the locale shown, 'en-US' by default):
 * '10000' → '10,000.000', '1.23456' → '1.234', '-1.2341' → '-1.235'. The floor is exact (decimal
 * digits, no float), and the floored digits are handed to Intl as a string, so nothing is rounded
 * twice or lost however long the number. No '-0.000': a value that floors to zero is '0.000'.
 * Anything that is not a finite number shows as '0.000'.
 */
export function formatBalance(value: string | number | undefined | null, decimals = 3, locale = 'en-US'): string {
  const places = Number.isFinite(decimals) ? Math.min(100, Math.max(0, Math.floor(decimals))) : 0
  const floored = floorDecimal(toDecimal(value) ?? { negative: false, int: '0', frac: '' }, places)
  return new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places }).format(
    floored as unknown as number,
  )
}

/** The ellipsis used by every shortened text: U+2026 '…'. */
export const ELLIPSIS = '\u2026'

/**
 * SPEC §5: 4 leading and 6 trailing characters, joined by '…'. A hex `0x` prefix is kept and does not
 * count as leading characters, so the four are characters of the address itself:
 * '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' → '0xf39F…b92266'; a Solana address has no prefix:
 * 'So11111111111111111111111111111111111111112' → 'So11…111112'. Short strings are kept (a text no
 * longer than both ends and one more character). An end of length 0 keeps nothing on that side:
 * (address, 0, 6) → '0x…b92266', (address, 4, 0) → '0xf39F…'.
 */
export function shortenAddress(address: string, leading = 4, trailing = 6): string {
  const prefix = /^0x/i.test(address) ? address.slice(0, 2) : ''
  const body = address.slice(prefix.length)
  const head = endLength(leading)
  const tail = endLength(trailing)
  // '…' stands for at least 2 characters, so a text no longer than both ends and one more stays whole.
  if (body.length <= head + tail + 1) return address
  return `${prefix}${body.slice(0, head)}${ELLIPSIS}${tail > 0 ? body.slice(body.length - tail) : ''}`
}

/** A count of characters kept at one end: a whole number ≥ 0 (negative or NaN keeps none). */
const endLength = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0)

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
