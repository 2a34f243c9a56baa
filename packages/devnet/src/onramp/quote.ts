// The on-ramp sandbox's money maths, exact (bigint) and shared by its API and its checkout page:
// fiat amounts in cents, the provider fee rounded up to the cent, the purchase amount in the token's
// base units rounded down to 8 decimals (SPEC §9), payment-method limits.
import { formatUnits } from '@portico/protocol/chain'

/** Fiat amounts carry 2 decimals. */
export const FIAT_DECIMALS = 2
/** SPEC §9: amounts are rounded to 8 decimals (and never to more than the token has). */
export const PURCHASE_MAX_DECIMALS = 8

const DECIMAL = /^(\d{1,30})(?:\.(\d{1,40}))?$/

/** A non-negative decimal string as a fraction `num / 10^scale`, or undefined if it is not one. */
export function parseFraction(text: string): { num: bigint; scale: number } | undefined {
  const match = DECIMAL.exec(text)
  if (match === null) return undefined
  const fraction = match[2] ?? ''
  return { num: BigInt(`${match[1]}${fraction}`), scale: fraction.length }
}

/**
 * A non-negative decimal string in units of 10^-decimals (`'12.5'`, 2 → 1250n). Undefined when it is
 * not a plain decimal or has more than `decimals` fraction digits (trailing zeros aside).
 */
export function parseUnitsExact(text: string, decimals: number): bigint | undefined {
  const f = parseFraction(text)
  if (f === undefined) return undefined
  if (f.scale <= decimals) return f.num * 10n ** BigInt(decimals - f.scale)
  const drop = 10n ** BigInt(f.scale - decimals)
  return f.num % drop === 0n ? f.num / drop : undefined
}

/** `value` units of 10^-decimals as a decimal string, trailing fraction zeros dropped (`1250n`, 2 → '12.5'). */
export const formatUnitsTrimmed = formatUnits

/** Cents as a fiat string with exactly 2 decimals (`1250n` → '12.50'). */
export function formatFiat(cents: bigint): string {
  const digits = cents.toString().padStart(3, '0')
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/** The provider fee of a payment: `bps` basis points of it, rounded up to the cent. */
export function providerFeeCents(totalCents: bigint, bps: number): bigint {
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) throw new RangeError(`fee must be 0…10000 basis points, got ${bps}`)
  return (totalCents * BigInt(bps) + 9_999n) / 10_000n
}

export interface QuoteInput {
  /** What the buyer pays, in cents of the fiat currency. */
  totalCents: bigint
  /** USD per unit of the fiat currency, a decimal string ('1' for USD). */
  usdPerFiat: string
  /** USD per whole token, a decimal string. */
  usdPrice: string
  /** The token's decimals. */
  decimals: number
  /** The provider's fee in basis points. */
  feeBps: number
  /** A flat network fee in cents. @default 0n */
  networkFeeCents?: bigint
}

export interface Quote {
  totalCents: bigint
  feeCents: bigint
  networkFeeCents: bigint
  /** totalCents − feeCents − networkFeeCents: what buys the token. */
  subtotalCents: bigint
  /** The tokens delivered, in base units, rounded down to PURCHASE_MAX_DECIMALS decimals. */
  purchaseUnits: bigint
}

/**
 * What a payment buys: the fee (rounded up to the cent) and the network fee come off the total, the
 * rest is converted to USD and divided by the token's price, rounded down to 8 decimals. Throws a
 * RangeError when the fees eat the whole payment or a rate is not a positive decimal.
 */
export function computeQuote(input: QuoteInput): Quote {
  const rate = parseFraction(input.usdPerFiat)
  const price = parseFraction(input.usdPrice)
  if (rate === undefined || rate.num === 0n) throw new RangeError(`usdPerFiat must be a positive decimal, got ${input.usdPerFiat}`)
  if (price === undefined || price.num === 0n) throw new RangeError(`usdPrice must be a positive decimal, got ${input.usdPrice}`)
  const feeCents = providerFeeCents(input.totalCents, input.feeBps)
  const networkFeeCents = input.networkFeeCents ?? 0n
  const subtotalCents = input.totalCents - feeCents - networkFeeCents
  if (subtotalCents <= 0n) throw new RangeError('The fees are more than the payment')
  // tokens = subtotal/100 × rate.num/10^rate.scale ÷ (price.num/10^price.scale), in 10^-decimals units.
  const numerator = subtotalCents * rate.num * 10n ** BigInt(price.scale) * 10n ** BigInt(input.decimals)
  const denominator = 100n * 10n ** BigInt(rate.scale) * price.num
  let purchaseUnits = numerator / denominator
  if (input.decimals > PURCHASE_MAX_DECIMALS) {
    const step = 10n ** BigInt(input.decimals - PURCHASE_MAX_DECIMALS)
    purchaseUnits -= purchaseUnits % step
  }
  return { totalCents: input.totalCents, feeCents, networkFeeCents, subtotalCents, purchaseUnits }
}

/**
 * The payment (cents, rounded up) that buys at least `purchaseUnits` of the token: the inverse of
 * computeQuote, used to turn a preset crypto amount into the checkout's fiat amount.
 */
export function fiatForPurchase(input: Omit<QuoteInput, 'totalCents'> & { purchaseUnits: bigint }): bigint {
  const rate = parseFraction(input.usdPerFiat)
  const price = parseFraction(input.usdPrice)
  if (rate === undefined || rate.num === 0n || price === undefined || price.num === 0n)
    throw new RangeError('rates must be positive decimals')
  // subtotal cents = units/10^dec × price ÷ rate × 100, rounded up; total = subtotal / (1 − bps/10^4), rounded up.
  const subNum = input.purchaseUnits * price.num * 10n ** BigInt(rate.scale) * 100n
  const subDen = 10n ** BigInt(input.decimals) * 10n ** BigInt(price.scale) * rate.num
  const subtotal = (subNum + subDen - 1n) / subDen + (input.networkFeeCents ?? 0n)
  let total = (subtotal * 10_000n + BigInt(10_000 - input.feeBps) - 1n) / BigInt(10_000 - input.feeBps)
  // The fee is rounded up to the cent, so one more cent may be needed.
  while (computeQuote({ ...input, totalCents: total }).purchaseUnits < input.purchaseUnits) total += 1n
  return total
}

/** Min and max (fiat strings) of one payment method in one currency. */
export interface MethodLimit {
  id: string
  min: string
  max: string
}

/** Why an amount is refused, or undefined when `totalCents` is within `limit`. */
export function limitError(totalCents: bigint, limit: MethodLimit, currency: string): string | undefined {
  const min = parseUnitsExact(limit.min, FIAT_DECIMALS)
  const max = parseUnitsExact(limit.max, FIAT_DECIMALS)
  if (min === undefined || max === undefined) throw new RangeError(`bad limit ${limit.min}…${limit.max}`)
  if (totalCents < min || totalCents > max) {
    return `The amount must be between ${formatFiat(min)} and ${formatFiat(max)} ${currency} for ${limit.id} payments`
  }
  return undefined
}
