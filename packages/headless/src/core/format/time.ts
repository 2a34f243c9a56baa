/**
 * Dates as the activity list shows them (SPEC §4/§5 history): a row's time relative to now, and the
 * label of a month group. Pure, locale-aware through Intl. Imported by the activity flow only (lazy),
 * not re-exported from the format index, so an app that never shows activity does not load it.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** A date given as an ISO string, epoch milliseconds or a Date; NaN when unreadable. */
export function toMillis(date: string | number | Date): number {
  if (date instanceof Date) return date.getTime()
  if (typeof date === 'number') return date
  return Date.parse(date)
}

export interface DateFormatOptions {
  /** BCP 47 locale. @default 'en-US' */
  locale?: string
  /** IANA time zone the calendar is read in. @default the runtime's */
  timeZone?: string
}

const upperFirst = (text: string, locale: string): string => (text ? text.charAt(0).toLocaleUpperCase(locale) + text.slice(1) : text)

/**
 * A row's time: under a minute 'now', then '5 minutes ago', '3 hours ago', 'yesterday', '2 days ago'
 * up to 6 days (Intl.RelativeTimeFormat, numeric 'auto'); a week or older is a date, 'Nov 5', with the
 * year when it is not now's ('Dec 31, 2025'). A time in the future (clock skew) counts as now; an
 * unreadable one is ''.
 */
export function formatRelativeTime(date: string | number | Date, now: number, options: DateFormatOptions = {}): string {
  const locale = options.locale ?? 'en-US'
  const at = toMillis(date)
  if (!Number.isFinite(at)) return ''
  const ago = Math.max(0, now - at)
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  if (ago < MINUTE) return rtf.format(0, 'second')
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute')
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour')
  if (ago < 7 * DAY) return rtf.format(-Math.floor(ago / DAY), 'day')
  const sameYear = yearMonth(at, options.timeZone).year === yearMonth(now, options.timeZone).year
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: options.timeZone,
  }).format(at)
}

/** The calendar year and month (1-12) of a moment in `timeZone`. */
export function yearMonth(at: number, timeZone?: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', timeZone }).formatToParts(at)
  const read = (type: 'year' | 'month') => Number(parts.find((p) => p.type === type)?.value)
  return { year: read('year'), month: read('month') }
}

/** A month group's key, 'YYYY-MM' in `timeZone` ('' for an unreadable date). */
export function monthKey(date: string | number | Date, timeZone?: string): string {
  const at = toMillis(date)
  if (!Number.isFinite(at)) return ''
  const { year, month } = yearMonth(at, timeZone)
  return `${year}-${String(month).padStart(2, '0')}`
}

/**
 * A month group's label: now's month is 'This month' (Intl.RelativeTimeFormat, first letter upper
 * case), any other 'November 2026' (Intl.DateTimeFormat, month long and year).
 */
export function formatMonth(date: string | number | Date, now: number, options: DateFormatOptions = {}): string {
  const locale = options.locale ?? 'en-US'
  const at = toMillis(date)
  if (!Number.isFinite(at)) return ''
  if (monthKey(at, options.timeZone) === monthKey(now, options.timeZone)) {
    return upperFirst(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'month'), locale)
  }
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: options.timeZone }).format(at)
}
