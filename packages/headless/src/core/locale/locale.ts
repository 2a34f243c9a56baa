/**
 * The modal's language (issue 15 "Locales"): which of the shipped locales is shown, and its text
 * direction. The app's `locale` option wins; else the browser's languages (navigator.languages, in
 * order); anything unsupported is English. The strings themselves are the UI's (one lazy chunk per
 * locale); headless only knows the locale, the direction, and formats numbers and dates in it.
 *
 * Not part of createPortico's flow table (that is every app's first load): the store is made on the
 * first `localeOf(portico)` — by useLocale, which the default modal calls when its chunk loads.
 */
import { atom, computed, type ReadableAtom } from 'nanostores'

/** The shipped locales, English first (the source strings). */
export const LOCALES = ['en', 'ar', 'de', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN'] as const
export type Locale = (typeof LOCALES)[number]
export type TextDirection = 'ltr' | 'rtl'

/** Right-to-left locales. */
const RTL: readonly Locale[] = ['ar']

/**
 * The first supported locale among `wanted` (BCP 47 tags, most wanted first), matched on the whole
 * tag, then on its language: 'de-AT' → 'de', 'zh', 'zh-Hans', 'zh-SG' → 'zh-CN', 'ar-EG' → 'ar', 'pt-PT' → 'pt-BR'.
 * Nothing supported (or nothing given) → 'en'.
 */
export function resolveLocale(wanted: string | readonly (string | undefined)[] | undefined): Locale {
  for (const tag of typeof wanted === 'string' ? [wanted] : (wanted ?? [])) {
    if (typeof tag !== 'string') continue
    const lower = tag.trim().toLowerCase().replace(/_/g, '-')
    const exact = LOCALES.find((l) => l.toLowerCase() === lower)
    if (exact) return exact
    const language = lower.split('-')[0]
    // Traditional Chinese is not shipped: zh-TW / zh-HK / zh-Hant are not given Simplified Chinese.
    if (language === 'zh' && /-(hant|tw|hk|mo)\b/.test(lower)) continue
    const byLanguage = LOCALES.find((l) => l.replace(/-.*/, '') === language)
    if (byLanguage) return byLanguage
  }
  return 'en'
}

/** 'rtl' for Arabic, else 'ltr'. */
export const directionOf = (locale: Locale): TextDirection => (RTL.includes(locale) ? 'rtl' : 'ltr')

/** The BCP 47 tag handed to Intl for a locale ('en' formats as 'en-US', as before locales). */
export const intlLocale = (locale: Locale): string => (locale === 'en' ? 'en-US' : locale)

/** The browser's languages, most wanted first; [] on a server. */
const browserLanguages = (): readonly string[] => {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator
  return nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []
}

export interface LocaleFlow {
  /** The locale shown. */
  readonly $locale: ReadableAtom<Locale>
  /** Its text direction. */
  readonly $dir: ReadableAtom<TextDirection>
  /** Show another locale (a BCP 47 tag; unsupported → English). */
  setLocale(locale: string): void
}

export interface LocaleDeps {
  /** The app's `locale` option. @default undefined (the browser's languages) */
  locale?: string
  /** The browser's languages. @default navigator.languages */
  languages?: () => readonly string[]
}

export function createLocale(deps: LocaleDeps = {}): LocaleFlow {
  const $locale = atom<Locale>(resolveLocale(deps.locale ?? (deps.languages ?? browserLanguages)()))
  return {
    $locale,
    $dir: computed($locale, directionOf),
    setLocale: (locale) => $locale.set(resolveLocale(locale)),
  }
}

const flows = new WeakMap<object, LocaleFlow>()

/** The locale flow of a Portico instance (made on first use from its `locale` option). */
export function localeOf(portico: { options: { locale?: string } }): LocaleFlow {
  let flow = flows.get(portico.options)
  if (!flow) {
    flow = createLocale({ locale: portico.options.locale })
    flows.set(portico.options, flow)
  }
  return flow
}
