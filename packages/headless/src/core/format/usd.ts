/** USD display (SPEC §9), in a module of its own: only the modal's views show USD values, so an app's first load (the connect button) does not carry it. */
/** Right-to-left languages: there a USD value is kept in a left-to-right isolate. */
const RTL = /^(ar|he|fa|ur)\b/i

/**
 * US dollars with 2 decimals (SPEC §9), rounded half away from zero, the sign kept, in `locale` (the
 * locale shown, 'en-US' by default): 1234.5 → '$1,234.50' ('1.234,50 $' in de), -0.005 → '-$0.01',
 * -0.004 → '$0.00' (never '-$0.00': signDisplay 'negative'); non-numeric → '$0.00'. In a right-to-left
 * locale the text is wrapped in U+2066 … U+2069 (a left-to-right isolate; Intl starts the text with a right-to-left mark): '40,081.14 US$' would
 * otherwise show as '$US 40,081.14' in an Arabic line (the '$' takes the line's direction).
 */
export function formatUsd(value: string | number | undefined | null, locale = 'en-US'): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  const text = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  }).format(Number.isFinite(n) ? n : 0)
  return RTL.test(locale) ? `\u2066${text}\u2069` : text
}
