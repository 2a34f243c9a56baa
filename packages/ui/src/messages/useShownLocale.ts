import type { Locale } from '@portico/headless'
import { useEffect, useState } from 'react'
import { type Messages, messages } from '../messages'
import { loadedMessages, loadMessages } from './locale'

/** A locale and its messages: what a modal renders with. */
export type ShownMessages = { readonly locale: Locale; readonly messages: Messages }

const ENGLISH: ShownMessages = { locale: 'en', messages }
const shownCache = new Map<Locale, ShownMessages>([['en', ENGLISH]])
/** `locale` with its messages when its chunk is in (the same object every time), else undefined. */
function shownOf(locale: Locale): ShownMessages | undefined {
  const known = shownCache.get(locale)
  if (known) return known
  const loaded = loadedMessages(locale)
  if (!loaded) return undefined
  const shown = { locale, messages: loaded }
  shownCache.set(locale, shown)
  return shown
}

/**
 * Loads `locale`'s strings and returns them with the locale they are in, to render with. State of the
 * calling component: two modals each show their own. Undefined only before the first locale's chunk
 * is in (the modal waits for its strings as it waits for its own chunk); on a switch at runtime the
 * previous locale stays until the next one is in (a later switch wins over a load still under way);
 * a chunk that fails to load leaves what was shown, English at first. On a server (no effects): the
 * locale's strings if they are loaded (loadMessages), else English.
 */
export function useShownLocale(locale: Locale): ShownMessages | undefined {
  const [last, setLast] = useState<ShownMessages | undefined>(() => (typeof document === 'undefined' ? ENGLISH : undefined))
  const ready = shownOf(locale)
  useEffect(() => {
    if (ready) {
      setLast(ready)
      return
    }
    let live = true
    loadMessages(locale).then(
      () => live && setLast(shownOf(locale)),
      () => live && setLast((before) => before ?? ENGLISH),
    )
    return () => {
      live = false
    }
  }, [locale, ready])
  return ready ?? last
}
