/**
 * The modal's look in the frame's own document (issue 22 §2, issue 23 §1): the theme the host syncs
 * (SYNC_THEME) becomes the modal's `--portico-*` variables on the root element, and its locale the
 * texts, `lang` and `dir` of the frame's views. The host's values are not trusted: only the theme's
 * known variable names with safe values are set (@portico/headless/theme, the modal's own sanitiser),
 * and only the protocol's locales are taken. Each variable's default, light and dark, is in ./frame.css.
 */
import type { AppEventPayload, FrameLocale } from '@portico/protocol/frame'
import { sanitizeThemeVariables } from '@portico/headless/theme'
import { directionOf, ENGLISH, type FrameTexts, frameLocale, loadedTexts, loadTexts } from './texts'

/** What the look is made of (SYNC_THEME's payload, or what the frame passes on to its confirmation window). */
export type LookInput = Pick<AppEventPayload<'SYNC_THEME'>, 'themeMode' | 'themeVariables'> & { locale?: unknown }

/** The look as the frame passes it on to its confirmation window: mode, safe variables, locale. */
export interface Look {
  themeMode?: 'light' | 'dark'
  themeVariables: Record<string, string>
  locale: FrameLocale
}

export interface FrameLook {
  /**
   * Apply `input` (each field given replaces what was applied; a field left out stays). Undefined when
   * the texts of its locale are in already, else a promise that settles once they are (until then the
   * views show the texts they had).
   */
  apply(input: LookInput): Promise<void> | undefined
  /** The texts of the locale applied (English until another one's chunk is in). */
  texts(): FrameTexts
  /** What is applied now, to pass on. */
  current(): Look
  /** Settles once the locale last asked for is applied (its chunk in, or failed to load). */
  ready(): Promise<void>
}

/** The look of `doc` (the frame's document, or the confirmation window's). */
export function createLook(doc: Document): FrameLook {
  const root = doc.documentElement
  let themeMode: 'light' | 'dark' | undefined
  let variables: Record<string, string> = {}
  let locale: FrameLocale = 'en'
  let texts: FrameTexts = ENGLISH
  /** The locale last asked for (its chunk may still be loading), and its load. */
  let asked: FrameLocale = 'en'
  let loading: Promise<void> = Promise.resolve()

  function setLocale(next: FrameLocale) {
    locale = next
    root.lang = next
    root.dir = directionOf(next)
  }

  return {
    apply(input) {
      if (input.themeMode === 'light' || input.themeMode === 'dark') {
        themeMode = input.themeMode
        root.setAttribute('data-portico-theme', themeMode)
        root.style.colorScheme = themeMode
      }
      if (input.themeVariables !== undefined) {
        for (const name of Object.keys(variables)) root.style.removeProperty(name)
        variables = sanitizeThemeVariables(input.themeVariables)
        for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value)
      }
      if (input.locale === undefined) return undefined
      const wanted = frameLocale(input.locale) ?? 'en'
      asked = wanted
      const ready = loadedTexts(wanted)
      if (ready) {
        texts = ready
        setLocale(wanted)
        loading = Promise.resolve()
        return undefined
      }
      const load = loadTexts(wanted).then((loadedNow) => {
        // A later apply of another locale wins over this load.
        if (asked !== wanted) return
        texts = loadedNow
        setLocale(wanted)
      })
      loading = load
      return load
    },
    ready: () => loading,
    texts: () => texts,
    current: () => ({ ...(themeMode ? { themeMode } : {}), themeVariables: { ...variables }, locale }),
  }
}
