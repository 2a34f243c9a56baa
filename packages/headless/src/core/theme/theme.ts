/**
 * Theme payload (SPEC §3): mode and CSS variable overrides. The ui package sanitises values.
 *
 * `themeMode` is 'light', 'dark' or 'system' (the default). 'system' follows the user's
 * `prefers-color-scheme` live: `$resolvedThemeMode` is 'dark' or 'light' and changes when the OS
 * setting changes. Where there is no `matchMedia` (SSR, jsdom) 'system' resolves to 'light'.
 */
import { atom, computed, type ReadableAtom } from 'nanostores'
import type { ThemeMode, ThemeVariables } from '../types'

export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}

/** A mode that applies: what 'system' resolves to. */
export type ResolvedThemeMode = Exclude<ThemeMode, 'system'>

/** The part of a MediaQueryList the theme flow uses. */
export interface ColorSchemeQuery {
  matches: boolean
  addEventListener?(type: 'change', listener: () => void): void
}

export interface ThemeDeps {
  /** Looks up `(prefers-color-scheme: dark)`. @default globalThis.matchMedia (nothing where it is missing) */
  matchMedia?: (query: string) => ColorSchemeQuery | undefined
}

/** The media query that 'system' follows. */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)'

/** 'system' resolved with the OS preference; 'light' and 'dark' stay what they are. */
export const resolveThemeMode = (mode: ThemeMode | undefined, prefersDark: boolean): ResolvedThemeMode =>
  mode === 'dark' || (mode === 'system' && prefersDark) ? 'dark' : 'light'

export function createTheme(initial: ThemeState, deps: ThemeDeps = {}) {
  const $theme = atom<ThemeState>({ themeMode: initial.themeMode, themeVariables: { ...initial.themeVariables } })
  // Looked up at creation (a browser has it at once; SSR and jsdom have none): the OS preference, live.
  const query = deps.matchMedia ? deps.matchMedia(DARK_SCHEME_QUERY) : globalThis.matchMedia?.(DARK_SCHEME_QUERY)
  const $prefersDark = atom(Boolean(query?.matches))
  query?.addEventListener?.('change', () => $prefersDark.set(query.matches))
  /** 'light' or 'dark': the mode shown now ('system' resolved with the OS preference). */
  const $resolvedThemeMode: ReadableAtom<ResolvedThemeMode> = computed([$theme, $prefersDark], (t, dark) =>
    resolveThemeMode(t.themeMode, dark),
  )
  return {
    $theme,
    $resolvedThemeMode,
    setThemeMode(themeMode: ThemeMode): void {
      $theme.set({ ...$theme.get(), themeMode })
    },
    /** Merge variables over the current ones. */
    setThemeVariables(themeVariables: ThemeVariables): void {
      $theme.set({ ...$theme.get(), themeVariables: { ...$theme.get().themeVariables, ...themeVariables } })
    },
  }
}

export type Theme = ReturnType<typeof createTheme>
