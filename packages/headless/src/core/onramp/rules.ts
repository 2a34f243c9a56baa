/**
 * The on-ramp's rules (SPEC §3 "On-ramp state", §5, §9 on-ramp constants): pure functions, no I/O,
 * table-tested. Fiat and token amounts are decimal strings; rounding is done on the digits, never
 * through floating point.
 */
import type { OnrampNetwork, OnrampPaymentCurrency, OnrampPurchaseCurrency, PaymentMethodLimit } from '@portico/protocol/onramp'
import type { ChainNamespace } from '../types'

/** SPEC §9: purchase amounts are rounded to 8 decimals. */
export const ONRAMP_AMOUNT_DECIMALS = 8
/** Fiat amounts are typed with at most 2 decimals (cents). */
export const FIAT_DECIMALS = 2
/** SPEC §9: a provider's fee is 1–2% unless it says otherwise (percent). */
export const DEFAULT_PROVIDER_FEE_RANGE = { min: 1, max: 2 } as const
/**
 * SPEC §9 platform support: on-ramp on EVM and Solana (the same list as WALLET_FEATURE_NAMESPACES.onramp
 * of core/account/walletFeatures.ts, kept here so that the lazy chunk does not split that module off
 * the first load; a test holds them equal).
 */
export const ONRAMP_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']
/** SPEC §9 "USD defaults": the payment currency chosen first. */
export const DEFAULT_PAYMENT_CURRENCY = 'USD'
/** The payment method whose limits an amount is checked against unless another is chosen. */
export const DEFAULT_PAYMENT_METHOD = 'card'
/** SPEC §9: the purchase currency chosen first on a namespace (USDC on Ethereum and Polygon — and the other EVM networks —, SOL on Solana). */
export const DEFAULT_PURCHASE_SYMBOL: Partial<Record<ChainNamespace, string>> = { eip155: 'USDC', solana: 'SOL' }
/** The fiat amounts offered as one-press choices (filtered to the payment method's limits). */
export const PRESET_AMOUNTS: readonly string[] = ['50', '100', '250', '500']
/** The pause after the last keystroke in the amount before the quotes are asked (ms). */
export const QUOTE_DEBOUNCE_MS = 200
/** How often the provider's window is checked for being closed (ms). */
export const WINDOW_POLL_MS = 1000
/** After this long (ms) an open provider window is no longer watched (the purchase is left to the next refresh). */
export const WINDOW_WATCH_LIMIT_MS = 30 * 60_000
/**
 * After the user returns, the balances and (EVM) Activity are read once more this long after (ms):
 * past the history's 15 s cache (SPEC §9) and the indexer's block behind the chain.
 */
export const RETURN_RECHECK_MS = 16_000
/** After the return, a purchase not yet arrived is looked for every RETURN_RECHECK_MS for this long (ms). */
export const PURCHASE_WATCH_MS = 2 * 60_000
/** Two returns (focus events) closer than this (ms) refresh once. */
export const RETURN_MIN_GAP_MS = 2000
/** The provider window's size and name (a second purchase reuses the window). */
export const ONRAMP_WINDOW = { name: 'portico-onramp', width: 500, height: 720 } as const

/**
 * SPEC §9 fallback limits, for a payment currency the provider gives none for: card 10 to 7500, bank
 * transfer 10 to 25000, in USD and EUR (the USD defaults' ids: card, ach_bank_account).
 */
export const FALLBACK_LIMITS: readonly PaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]
/** The currencies the fallback limits are for (SPEC §9). */
export const FALLBACK_LIMIT_CURRENCIES: readonly string[] = ['USD', 'EUR']

/** SPEC §5: the provider list must be an array of strings, else it is empty. */
export function providerList(value: unknown): string[] {
  return Array.isArray(value) && value.every((p) => typeof p === 'string') ? [...value] : []
}

/**
 * The payment currencies as the flow offers them: each with its limits, the SPEC §9 fallback limits
 * for USD and EUR when the provider gives none (other currencies keep none: any amount above 0);
 * no currency at all gives USD with the fallback limits.
 */
export function withFallbackLimits(currencies: readonly OnrampPaymentCurrency[]): OnrampPaymentCurrency[] {
  if (currencies.length === 0) return [{ id: DEFAULT_PAYMENT_CURRENCY, payment_method_limits: FALLBACK_LIMITS.map((l) => ({ ...l })) }]
  return currencies.map((c) =>
    c.payment_method_limits.length === 0 && FALLBACK_LIMIT_CURRENCIES.includes(c.id.toUpperCase())
      ? { ...c, payment_method_limits: FALLBACK_LIMITS.map((l) => ({ ...l })) }
      : c,
  )
}

/** USD when offered (SPEC §9), else the first currency. */
export function defaultPaymentCurrency<T extends { id: string }>(currencies: readonly T[]): T | undefined {
  return currencies.find((c) => c.id.toUpperCase() === DEFAULT_PAYMENT_CURRENCY) ?? currencies[0]
}

/** The limits of one payment method (card by default; the currency's first when it has no such method). */
export function paymentLimits(
  currency: OnrampPaymentCurrency | undefined,
  method: string = DEFAULT_PAYMENT_METHOD,
): PaymentMethodLimit | undefined {
  if (!currency) return undefined
  return currency.payment_method_limits.find((l) => l.id === method) ?? currency.payment_method_limits[0]
}

/** The network an app's CAIP network is to a purchase currency (its `chain_id` is the chain's id or CAIP-2 id). */
export interface OnrampNetworkRef {
  chainNamespace: ChainNamespace
  id: number | string
  caipNetworkId: string
}

/**
 * The purchase currency's entry for the network: the one whose chain_id is the network's id (1,
 * 137, a Solana genesis hash) or CAIP-2 id; on Solana, else the one named 'solana'.
 */
export function networkFor(currency: OnrampPurchaseCurrency, network: OnrampNetworkRef | undefined): OnrampNetwork | undefined {
  if (!network) return undefined
  const id = String(network.id)
  const exact = currency.networks.find((n) => n.chain_id === id || n.chain_id === network.caipNetworkId)
  if (exact || network.chainNamespace !== 'solana') return exact
  return currency.networks.find((n) => n.name.toLowerCase() === 'solana')
}

/** The purchase currencies that can be bought on the network. */
export const purchaseCurrenciesFor = (
  currencies: readonly OnrampPurchaseCurrency[],
  network: OnrampNetworkRef | undefined,
): OnrampPurchaseCurrency[] => currencies.filter((c) => networkFor(c, network) !== undefined)

/**
 * SPEC §9: the purchase currency chosen first on the network: USDC on EVM, SOL on Solana (by symbol or
 * id), else the first one the network has.
 */
export function defaultPurchaseCurrency(
  currencies: readonly OnrampPurchaseCurrency[],
  network: OnrampNetworkRef | undefined,
): OnrampPurchaseCurrency | undefined {
  const available = purchaseCurrenciesFor(currencies, network)
  const symbol = network ? DEFAULT_PURCHASE_SYMBOL[network.chainNamespace] : undefined
  const named = symbol ? available.find((c) => c.symbol.toUpperCase() === symbol || c.id.toUpperCase() === symbol) : undefined
  return named ?? available[0]
}

// ---- amounts ----

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/** A decimal text as (digits, scale): '1.25' → [125n, 2]; undefined for anything but digits and one dot. */
function parts(text: string): [bigint, number] | undefined {
  const match = DECIMAL.exec(text.trim())
  if (!match || (!match[1] && !match[2])) return undefined
  const dec = match[2] ?? ''
  return [BigInt((match[1] || '0') + dec), dec.length]
}

/** -1, 0 or 1 as a < b, a = b, a > b (both decimal texts). */
function compare(a: [bigint, number], b: [bigint, number]): number {
  const scale = Math.max(a[1], b[1])
  const x = a[0] * 10n ** BigInt(scale - a[1])
  const y = b[0] * 10n ** BigInt(scale - b[1])
  return x < y ? -1 : x > y ? 1 : 0
}

/**
 * SPEC §9: a decimal amount rounded half up to at most `places` decimals, without trailing zeros
 * ('0.123456789' → '0.12345679', '99.50000000' → '99.5'). A number is read through its shortest text;
 * exponent notation, signs or words give ''.
 */
export function roundAmount(value: string | number, places: number = ONRAMP_AMOUNT_DECIMALS): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value
  const p = parts(text)
  if (!p) return ''
  const [digits, scale] = p
  let units = digits
  if (scale > places) {
    const drop = 10n ** BigInt(scale - places)
    units = digits / drop + (digits % drop >= drop / 2n ? 1n : 0n)
  }
  const kept = Math.min(scale, places)
  const out = units.toString().padStart(kept + 1, '0')
  const int = out.slice(0, out.length - kept)
  const dec = out.slice(out.length - kept).replace(/0+$/, '')
  return dec ? `${int}.${dec}` : int
}

/** Why an amount cannot be bought: below the method's minimum, above its maximum. */
export interface OnRampAmountError {
  kind: 'min' | 'max'
  /** The limit it crossed ('10.00'). */
  limit: string
  /** The payment currency ('USD'). */
  currency: string
}

/**
 * The amount against the payment method's limits (inclusive): undefined when it may be bought, or
 * when there is nothing to check yet (no amount, 0, no limits). An amount of 0 is not an error: the
 * form is just not filled in.
 */
export function amountError(amount: string, limits: PaymentMethodLimit | undefined, currency: string): OnRampAmountError | undefined {
  const value = parts(amount)
  if (!value || value[0] === 0n || !limits) return undefined
  const min = parts(limits.min)
  const max = parts(limits.max)
  if (min && compare(value, min) < 0) return { kind: 'min', limit: limits.min, currency }
  if (max && compare(value, max) > 0) return { kind: 'max', limit: limits.max, currency }
  return undefined
}

/** The amount is above 0 and within the limits (when there are some). */
export const isBuyableAmount = (amount: string, limits: PaymentMethodLimit | undefined): boolean => {
  const value = parts(amount)
  return Boolean(value && value[0] > 0n && !amountError(amount, limits, ''))
}

/** The one-press amounts: PRESET_AMOUNTS within the limits (all of them without limits). */
export function presetAmounts(limits: PaymentMethodLimit | undefined, presets: readonly string[] = PRESET_AMOUNTS): string[] {
  return presets.filter((p) => isBuyableAmount(p, limits))
}

/** What a payment buys at a provider: the quote's purchaseAmount.amount, rounded to 8 decimals. */
export interface OnRampQuote {
  provider: string
  /** Purchase-currency units, rounded to 8 decimals; undefined when the provider gave no quote. */
  purchaseAmount?: string
  /** The provider's fee and the total charged, in the payment currency, when it says. */
  providerFee?: string
  paymentTotal?: string
  /** Why there is no quote ('HTTP status code: 400', 'Something went wrong'). */
  error?: string
}

/** The quote that gives most (undefined when none has an amount). */
export function bestQuote(quotes: readonly OnRampQuote[]): OnRampQuote | undefined {
  let best: { quote: OnRampQuote; amount: [bigint, number] } | undefined
  for (const quote of quotes) {
    const amount = quote.purchaseAmount ? parts(quote.purchaseAmount) : undefined
    if (!amount) continue
    if (!best || compare(amount, best.amount) > 0) best = { quote, amount }
  }
  return best?.quote
}

/** The provider window's `window.open` features, centred on the page's window when its place is known. */
export function windowFeatures(screen?: { x: number; y: number; width: number; height: number }): string {
  const { width, height } = ONRAMP_WINDOW
  const left = screen ? Math.max(0, Math.round(screen.x + (screen.width - width) / 2)) : 0
  const top = screen ? Math.max(0, Math.round(screen.y + (screen.height - height) / 2)) : 0
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`
}

/**
 * How much a balance grew, exactly, as a decimal text: `after` − `before` when it is more than 0
 * ('1029.5', '1000' → '29.5'); undefined when it did not grow or a text is not a decimal.
 */
export function decimalGain(after: string, before: string): string | undefined {
  const read = (text: string): { digits: bigint; scale: number } | undefined => {
    const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim())
    if (!m) return undefined
    const frac = m[2] ?? ''
    return { digits: BigInt(`${m[1]}${frac}`), scale: frac.length }
  }
  const a = read(after)
  const b = read(before)
  if (!a || !b) return undefined
  const scale = Math.max(a.scale, b.scale)
  const gain = a.digits * 10n ** BigInt(scale - a.scale) - b.digits * 10n ** BigInt(scale - b.scale)
  if (gain <= 0n) return undefined
  const text = gain.toString().padStart(scale + 1, '0')
  const int = text.slice(0, text.length - scale)
  const frac = text.slice(text.length - scale).replace(/0+$/, '')
  return frac ? `${int}.${frac}` : int
}
