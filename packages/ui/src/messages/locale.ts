// The modal's strings in each locale (issue 15 "Locales"). `messages` (../messages) is English and is
// never written to: a locale is its own object, English with the locale's strings over it (so a key
// the locale misses stays English), made once per locale and shared. Which one a modal shows comes
// from its Portico instance (useLocale) through React context (MessagesContext, ./context): two
// instances on a page, or two server renders at once, each show their own. Each locale is its own
// chunk, fetched on first use: no locale data is in the first load or in the modal's chunk
// (scripts/size.mjs checks it).
import { intlLocale, type Locale } from '@portico/headless'
import { type Messages, messages } from '../messages'
import { type ButtonMessages, buttonMessages } from './buttons'
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

/** `base` with `over` written over it: a new tree (objects and arrays merged key by key, strings and functions replaced). */
function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base
  if (!isTree(base) || !isTree(over)) return over
  const out: Tree = Array.isArray(base) ? ([...base] as unknown as Tree) : { ...base }
  for (const [key, value] of Object.entries(over)) out[key] = merge(base[key], value)
  return out
}

/** The messages of a translation: English, then `translation` over it. `messages` itself is not changed. */
export const localize = (translation: Translation | undefined): Messages =>
  translation ? (merge(messages, translation) as Messages) : messages

/** The texts the buttons show (before the modal opens) in the language of `m`, and their balance's locale (English: buttonMessages itself). */
export const buttonTextsOf = (m: Messages, locale: Locale): ButtonMessages =>
  m === messages && locale === 'en'
    ? buttonMessages
    : {
        connectWallet: m.connectWallet,
        connecting: m.connecting,
        unknownNetwork: m.unknownNetwork,
        switchNetwork: m.unsupportedChain.title,
        locale: intlLocale(locale),
      }

/** Each locale's messages once loaded (never replaced: the same object for the page's life). */
const loaded = new Map<Locale, Messages>([['en', messages]])
const loading = new Map<Locale, Promise<Messages>>()

/** `locale`'s messages if its chunk is in, else undefined. */
export const loadedMessages = (locale: Locale): Messages | undefined => loaded.get(locale)

/**
 * `locale`'s messages, fetching its chunk on the first call (later calls share it). A chunk that fails
 * to load rejects, and is tried again on the next call. On a server, await it before rendering so a
 * modal in that locale renders its strings (until then it renders English).
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  const ready = loaded.get(locale)
  if (ready) return Promise.resolve(ready)
  let promise = loading.get(locale)
  if (!promise) {
    promise = LOCALE_LOADERS[locale as Exclude<Locale, 'en'>]().then(
      ({ default: translation }) => {
        const localized = localize(translation)
        loaded.set(locale, localized)
        loading.delete(locale)
        return localized
      },
      (error: unknown) => {
        loading.delete(locale)
        throw error
      },
    )
    loading.set(locale, promise)
  }
  return promise
}
