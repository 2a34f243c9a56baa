// Numbers as a modal writes them: balances, USD values, percentages and fiat amounts in its instance's
// locale (issue 21 §4). ModalRoot provides them beside its strings (MessagesContext), so that two modals on
// a page, or two server renders at once, each write their own; nothing page-wide is set. Outside a modal (a
// view rendered on its own, a story) they are en-US, as the strings are English.
import { formatBalance, formatUsd, intlLocale, type Locale } from '@portico/headless'
import { createContext, useContext } from 'react'

/** A locale's number formatting, for the views of a modal shown in it. */
export interface NumberFormat {
  /** The Intl locale the numbers are written in ('en-US' for English, else the locale: 'de', 'ar', …). */
  readonly locale: string
  /** A balance floored to `decimals` places (formatBalance). @default decimals 3 */
  balance(value: string | number | undefined | null, decimals?: number): string
  /** US dollars with 2 decimals (formatUsd). */
  usd(value: string | number | undefined | null): string
}

const made = new Map<string, NumberFormat>()

/** The number formatting of a Portico locale: the same object every time, so views re-render only on a switch. */
export function numberFormatOf(locale: Locale): NumberFormat {
  const tag = intlLocale(locale)
  let format = made.get(tag)
  if (!format) {
    format = {
      locale: tag,
      balance: (value, decimals = 3) => formatBalance(value, decimals, tag),
      usd: (value) => formatUsd(value, tag),
    }
    made.set(tag, format)
  }
  return format
}

export const NumberFormatContext = createContext<NumberFormat>(numberFormatOf('en'))

/** The number formatting of the modal this renders in: its instance's locale; en-US outside a modal. */
export const useNumberFormat = (): NumberFormat => useContext(NumberFormatContext)
