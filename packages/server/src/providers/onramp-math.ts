/**
 * The on-ramp routes' arithmetic on decimal strings: comparing amounts, the widest limits over the
 * providers (GET /v1/onramp/options), whether an amount is within a method's limits, and the preset
 * amounts of POST /v1/generators/onrampurl (fiat to 2 decimals, crypto to 8: SPEC §9).
 */
import type { OnrampPaymentCurrency } from '@portico/protocol/onramp'
import type { OnrampCatalogue } from './onramp.ts'

const DECIMAL = /^(\d{1,30})(?:\.(\d{1,30}))?$/

/** A non-negative decimal string as an integer at `scale` fraction digits, exact (undefined if it is not one or needs more). */
function scaled(text: string, scale: number): bigint | undefined {
  const match = DECIMAL.exec(text)
  if (match === null) return undefined
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > scale) return undefined
  return BigInt(`${match[1]}${fraction.padEnd(scale, '0')}`)
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (non-negative decimal strings); undefined if either is not one. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 | undefined {
  const x = scaled(a, 30)
  const y = scaled(b, 30)
  if (x === undefined || y === undefined) return undefined
  return x < y ? -1 : x > y ? 1 : 0
}

/** SPEC §9: fiat amounts have 2 decimals. `'100'` → '100.00'; undefined for anything else than a positive decimal with at most 2 decimals. */
export function parseFiatAmount(text: string): string | undefined {
  const cents = /^\d{1,12}(\.\d{1,2})?$/.test(text) ? scaled(text, 2) : undefined
  if (cents === undefined || cents === 0n) return undefined
  const digits = cents.toString().padStart(3, '0')
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/**
 * A preset amount (a JSON number) as a decimal string rounded to `decimals` (trailing zeros dropped
 * unless `fixed`); undefined when it is not a finite number that stays positive after rounding.
 */
export function presetAmount(value: number, decimals: number, fixed = false): string | undefined {
  if (!Number.isFinite(value) || value <= 0 || value >= 1e15) return undefined
  const text = value.toFixed(decimals)
  if (/^0\.?0*$/.test(text)) return undefined
  return fixed ? text : text.replace(/\.?0+$/, '')
}

/**
 * The payment currencies over all providers: each currency once (first-seen order), each method once,
 * its limits the widest (lowest min, highest max) over the providers that take it.
 */
export function mergePaymentCurrencies(catalogues: readonly Pick<OnrampCatalogue, 'paymentCurrencies'>[]): OnrampPaymentCurrency[] {
  const merged = new Map<string, Map<string, { id: string; min: string; max: string }>>()
  for (const catalogue of catalogues) {
    for (const currency of catalogue.paymentCurrencies) {
      const methods = merged.get(currency.id) ?? new Map()
      merged.set(currency.id, methods)
      for (const m of currency.methods) {
        const seen = methods.get(m.id)
        if (!seen) methods.set(m.id, { id: m.id, min: m.min, max: m.max })
        else {
          if (compareDecimal(m.min, seen.min) === -1) seen.min = m.min
          if (compareDecimal(m.max, seen.max) === 1) seen.max = m.max
        }
      }
    }
  }
  return [...merged].map(([id, methods]) => ({ id, payment_method_limits: [...methods.values()] }))
}

/** Why `amount` (2 decimals) is outside the limits of `method` in `currency` at `provider`, or undefined when within. */
export function limitRefusal(
  amount: string,
  limit: { id: string; min: string; max: string },
  currency: string,
  provider: string,
): string | undefined {
  if (compareDecimal(amount, limit.min) === -1 || compareDecimal(amount, limit.max) === 1) {
    return `amount must be between ${limit.min} and ${limit.max} ${currency} for ${limit.id} payments with ${provider}`
  }
  return undefined
}

/** SPEC §9: an amount rounded (down) to at most `decimals` decimals, trailing fraction zeros dropped ('0.123456789' → '0.12345678'). Not a decimal → as is. */
export function roundDecimals(text: string, decimals = 8): string {
  const match = DECIMAL.exec(text)
  if (match === null) return text
  const fraction = (match[2] ?? '').slice(0, decimals).replace(/0+$/, '')
  const whole = (match[1] as string).replace(/^0+(?=\d)/, '')
  return fraction === '' ? whole : `${whole}.${fraction}`
}

/** The chain_id of a network: the reference of its CAIP-2 id ('eip155:1' → '1', 'solana:5eyk…' → '5eyk…'). */
export function chainIdOf(caipNetworkId: string): string {
  const at = caipNetworkId.indexOf(':')
  return at === -1 ? caipNetworkId : caipNetworkId.slice(at + 1)
}
