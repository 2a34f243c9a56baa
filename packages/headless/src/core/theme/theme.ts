/** Theme payload (SPEC §3): mode and CSS variable overrides. The ui package sanitises values. */
import { atom } from 'nanostores'
import type { ThemeMode, ThemeVariables } from '../types'

export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}

export function createTheme(initial: ThemeState) {
  const $theme = atom<ThemeState>({ themeMode: initial.themeMode, themeVariables: { ...initial.themeVariables } })
  return {
    $theme,
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
