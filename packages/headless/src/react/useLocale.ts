import { useStore } from '@nanostores/react'
import { localeOf, type Locale, type TextDirection } from '../core/locale/locale'
import { usePortico } from './usePortico'

export interface UseLocaleReturn {
  /** The locale shown: one of LOCALES. @default resolveLocale(options.locale ?? navigator.languages) ('en' when unsupported) */
  locale: Locale
  /** Show another locale (BCP 47 tag; unsupported → 'en'). The default modal loads its strings and re-renders. */
  setLocale: (locale: string) => void
  /** The locale's text direction: 'rtl' for Arabic. @default 'ltr' */
  dir: TextDirection
}

/** The modal's language and text direction (issue 15 "Locales"). */
export function useLocale(): UseLocaleReturn {
  const flow = localeOf(usePortico())
  const locale = useStore(flow.$locale)
  const dir = useStore(flow.$dir)
  return { locale, setLocale: flow.setLocale, dir }
}
