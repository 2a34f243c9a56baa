import { formatBalance, trimZeros } from '@portico/headless'

// How the on-ramp views write money: fiat amounts with their currency (Intl, in `locale`: the modal's, from
// useNumberFormat().locale), token amounts grouped without trailing zeros, provider names as brands.

/** A fiat amount in its currency: '50' USD → '$50', '7500.00' USD → '$7,500.00'; an unknown code → '50 XYZ'. */
export function fiatText(amount: string, currency: string, locale = 'en-US'): string {
  const value = Number(amount)
  if (!Number.isFinite(value)) return `${amount} ${currency}`
  const fraction = amount.split('.')[1]
  const decimals = fraction === undefined ? 0 : Math.min(2, fraction.length)
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: decimals,
      maximumFractionDigits: 2,
    }).format(value)
  } catch {
    return `${amount} ${currency}`
  }
}

/** A limit as the error and the currency list write it: grouped, 2 decimals ('7500.00' → '7,500.00'). */
export function limitText(limit: string, locale = 'en-US'): string {
  const value = Number(limit)
  return Number.isFinite(value) ? value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : limit
}

/** A currency's symbol ('USD' → '$', 'EUR' → '€'); the code itself when Intl has none. */
export function currencySymbol(currency: string, locale = 'en-US'): string {
  try {
    const part = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency')
    return part?.value ?? currency
  } catch {
    return currency
  }
}

/** A currency's name ('USD' → 'US Dollar'); the code when Intl does not know it. */
export function currencyName(currency: string, locale = 'en-US'): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'none' }).of(currency.toUpperCase())
    return name && name !== currency ? name.replace(/^./, (c) => c.toUpperCase()) : currency
  } catch {
    return currency
  }
}

/** A token amount: grouped, at most 6 decimals, no trailing zeros ('98.50000000' → '98.5'). */
export function tokenText(amount: string, locale = 'en-US'): string {
  return trimZeros(formatBalance(amount, 6, locale))
}

/** The way brands write their names; any other provider id is capitalised ('ramp_network' → 'Ramp network'). */
const BRANDS: Record<string, string> = {
  coinbase: 'Coinbase',
  meld: 'Meld',
  moonpay: 'MoonPay',
  transak: 'Transak',
  banxa: 'Banxa',
  stripe: 'Stripe',
  ramp: 'Ramp',
  sandbox: 'Sandbox',
}

/** A provider's name as shown. */
export function providerName(id: string): string {
  const known = BRANDS[id.toLowerCase()]
  if (known) return known
  const words = id.replace(/[-_]+/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : id
}
