// Switching the modal's strings (issue 15 "Locales"). Views import `messages` (../messages) and read
// it while they render; a locale is applied by writing its strings into that same object — English
// first, so that a key the locale misses stays English — and the modal then renders again (ModalRoot
// keys its views on the locale shown). Each locale is its own chunk, fetched on first use: no locale
// data is in the first load or in the modal's chunk (scripts/size.mjs checks it).
import type { Locale } from '@portico/headless'
import { messages } from '../messages'
import { buttonMessages } from './buttons'
import type { Translation } from './translation'

type Loader = () => Promise<{ default: Translation }>

/** One import() per locale: each is a chunk of its own. English is the messages module itself. */
export const LOCALE_LOADERS: Record<Exclude<Locale, 'en'>, Loader> = {
  ar: () => import('./locales/ar'),
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  ja: () => import('./locales/ja'),
  'pt-BR': () => import('./locales/pt-BR'),
  'zh-CN': () => import('./locales/zh-CN'),
}

type Tree = Record<string, unknown>
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null

/** A copy of a tree of strings and functions (arrays and objects copied, leaves shared). */
const copy = <T>(value: T): T =>
  (Array.isArray(value)
    ? value.map(copy)
    : isTree(value)
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]))
      : value) as T

/** Writes `source` into `target` in place: objects and arrays key by key, strings and functions replaced. */
function assign(target: Tree, source: Tree): void {
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue
    const current = target[key]
    if (isTree(value) && isTree(current)) assign(current, value)
    else target[key] = copy(value)
  }
}

/** The English strings as shipped, kept before any locale is written over them. */
const english = copy(messages) as unknown as Tree
const englishButtons = { ...buttonMessages }

/** Writes English, then `translation` (when given), into `messages` — and the button texts into buttonMessages. */
export function applyTranslation(translation: Translation | undefined): void {
  const target = messages as unknown as Tree
  assign(target, english)
  Object.assign(buttonMessages, englishButtons)
  if (!translation) return
  assign(target, translation as Tree)
  // The connect button's texts live in their own module (first load); they follow the same locale.
  for (const key of Object.keys(englishButtons) as (keyof typeof buttonMessages)[]) {
    const text =
      (target as typeof messages)[key] ?? (key === 'switchNetwork' ? (target as typeof messages).unsupportedChain.title : undefined)
    if (typeof text === 'string') (buttonMessages as Record<string, string>)[key] = text
  }
}

let shown: Locale = 'en'
let loading: { locale: Locale; promise: Promise<Locale> } | undefined

/** The locale whose strings `messages` holds now. */
export const shownLocale = (): Locale => shown

/**
 * Fetches `locale`'s chunk (once; later calls share it) and writes its strings into `messages`.
 * Resolves with the locale shown: `locale`, or 'en' when its chunk could not be loaded (tried again
 * on the next call). A call made while another locale loads wins over it.
 */
export function loadLocale(locale: Locale): Promise<Locale> {
  if (locale === shown && !loading) return Promise.resolve(shown)
  if (loading?.locale === locale) return loading.promise
  const load: Promise<Translation | undefined> =
    locale === 'en' ? Promise.resolve(undefined) : LOCALE_LOADERS[locale]().then((m) => m.default)
  const promise = load.then(
    (translation) => {
      if (loading?.promise !== promise) return shown // a later call took over
      loading = undefined
      applyTranslation(translation)
      shown = locale
      return locale
    },
    () => {
      if (loading?.promise === promise) loading = undefined
      return shown
    },
  )
  loading = { locale, promise }
  return promise
}
