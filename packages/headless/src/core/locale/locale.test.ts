import { describe, expect, it } from 'vitest'
import { formatBalance, trimZeros } from '../format/format'
import { formatUsd } from '../format/usd'
import { formatMonth, formatRelativeTime } from '../format/time'
import { createLocale, directionOf, intlLocale, localeOf, resolveLocale } from './locale'

describe('resolveLocale', () => {
  it.each<[string | string[] | undefined, string]>([
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['de-AT', 'de'],
    ['DE', 'de'],
    ['es-419', 'es'],
    ['fr_CA', 'fr'],
    ['ja-JP', 'ja'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans-SG', 'zh-CN'],
    ['zh-TW', 'en'],
    ['zh-Hant', 'en'],
    ['pt-BR', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['ko-KR', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    [[], 'en'],
    [['ko', 'zh-HK', 'fr-FR', 'de'], 'fr'],
    [['xx', 'en-GB', 'ar'], 'en'],
  ])('%j -> %s', (wanted, out) => expect(resolveLocale(wanted)).toBe(out))

  it('direction and Intl tag', () => {
    expect(directionOf('ar')).toBe('rtl')
    expect(directionOf('de')).toBe('ltr')
    expect(directionOf('en')).toBe('ltr')
    expect(intlLocale('en')).toBe('en-US')
    expect(intlLocale('zh-CN')).toBe('zh-CN')
  })
})

describe('locale flow', () => {
  it("the app's option wins over the browser's languages", () => {
    const flow = createLocale({ locale: 'ar', languages: () => ['de-DE'] })
    expect(flow.$locale.get()).toBe('ar')
    expect(flow.$dir.get()).toBe('rtl')
  })

  it("without the option: the browser's first supported language; none supported: English", () => {
    expect(createLocale({ languages: () => ['ko', 'ja-JP', 'de'] }).$locale.get()).toBe('ja')
    expect(createLocale({ languages: () => ['ko', 'th'] }).$locale.get()).toBe('en')
    expect(createLocale({ languages: () => [] }).$locale.get()).toBe('en')
  })

  it('an unsupported option is English, not the browser language', () => {
    expect(createLocale({ locale: 'ko', languages: () => ['de'] }).$locale.get()).toBe('en')
  })

  it('setLocale switches locale and direction; unsupported → English', () => {
    const flow = createLocale({ locale: 'de' })
    const seen: string[] = []
    flow.$dir.subscribe((d) => seen.push(d))
    flow.setLocale('ar-SA')
    expect(flow.$locale.get()).toBe('ar')
    flow.setLocale('ko')
    expect(flow.$locale.get()).toBe('en')
    expect(seen).toEqual(['ltr', 'rtl', 'ltr'])
  })

  it('a locale flow changes no page-wide formatting: two instances in two locales each format in their own (issue 21 §4)', () => {
    const de = createLocale({ locale: 'de' })
    createLocale({ locale: 'fr' })
    expect(formatBalance('1234.5', 3, intlLocale(de.$locale.get()))).toBe('1.234,500')
    // With no locale given, a balance is en-US whatever the flows made since.
    expect(formatBalance('1234.5')).toBe('1,234.500')
  })

  it('localeOf: one flow per instance, from its option', () => {
    const a = { options: { locale: 'fr' } }
    const b = { options: { locale: 'ja' } }
    expect(localeOf(a)).toBe(localeOf(a))
    expect(localeOf(a).$locale.get()).toBe('fr')
    expect(localeOf(b).$locale.get()).toBe('ja')
  })
})

// SPEC §9 holds in every locale: quantities floored to 3 decimals, USD with 2; only the separators,
// the currency sign's place and the words change.
const NOW = Date.parse('2026-11-23T12:00:00Z')
describe.each([
  {
    locale: 'en-US',
    balance: ['10,000.000', '1.234', '-1.235'],
    usd: ['$1,234.50', '-$0.01', '$0.00'],
    trimmed: ['2,970.5', '2,970'],
    times: ['5 minutes ago', 'yesterday', 'Nov 5', 'This month', 'October 2026'],
  },
  {
    locale: 'de',
    balance: ['10.000,000', '1,234', '-1,235'],
    usd: ['1.234,50 $', '-0,01 $', '0,00 $'],
    trimmed: ['2.970,5', '2.970'],
    times: ['vor 5 Minuten', 'gestern', '5. Nov.', 'Diesen Monat', 'Oktober 2026'],
  },
  {
    locale: 'ar',
    balance: ['10,000.000', '1.234', '-1.235'],
    usd: ['\u20661,234.50 US$\u2069', '\u2066-0.01 US$\u2069', '\u20660.00 US$\u2069'],
    trimmed: ['2,970.5', '2,970'],
    times: ['قبل 5 دقائق', 'أمس', '5 نوفمبر', 'هذا الشهر', 'أكتوبر 2026'],
  },
])('formatting in $locale', ({ locale, balance, usd, trimmed, times }) => {
  // Intl puts bidi marks around signs in Arabic and a no-break space before a trailing currency sign: compared as plain text.
  const plain = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ')
  it('balances floored to 3 decimals', () => {
    expect(['10000', '1.23456', '-1.2341'].map((v) => plain(formatBalance(v, 3, locale)))).toEqual(balance)
  })
  it('USD with 2 decimals, no -0', () => {
    expect([1234.5, -0.005, -0.004].map((v) => plain(formatUsd(v, locale)))).toEqual(usd)
  })
  it('amounts without trailing zeros', () => {
    expect([trimZeros(formatBalance('2970.5', 6, locale)), trimZeros(formatBalance('2970', 6, locale))].map(plain)).toEqual(trimmed)
  })
  it('relative times and months', () => {
    const opts = { locale, timeZone: 'UTC' }
    expect(
      [
        formatRelativeTime(NOW - 5 * 60_000, NOW, opts),
        formatRelativeTime(NOW - 26 * 3_600_000, NOW, opts),
        formatRelativeTime('2026-11-05T10:00:00Z', NOW, opts),
        formatMonth(NOW, NOW, opts),
        formatMonth('2026-10-05T10:00:00Z', NOW, opts),
      ].map(plain),
    ).toEqual(times)
  })
})
