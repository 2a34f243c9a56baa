import type { Locale } from '@portico/headless'
import { useEffect, useState } from 'react'
import { loadLocale, shownLocale } from './locale'

/**
 * Loads `locale`'s strings into `messages` and returns the locale they are in, to render with.
 * Undefined only before the first locale's chunk is in (the modal waits for its strings as it waits
 * for its own chunk); on a switch at runtime the previous locale stays until the next one is in; a
 * chunk that fails to load leaves English. On a server (no effects) the strings shown are returned.
 */
export function useShownLocale(locale: Locale): Locale | undefined {
  const [shown, setShown] = useState<Locale>(shownLocale)
  const [settled, setSettled] = useState(() => shownLocale() === locale || typeof document === 'undefined')
  useEffect(() => {
    let live = true
    void loadLocale(locale).then((l) => {
      if (!live) return
      setShown(l)
      setSettled(true)
    })
    return () => {
      live = false
    }
  }, [locale])
  return settled ? shown : undefined
}
