import { useStore } from '@nanostores/react'
import { useSyncExternalStore } from 'react'
import { resolveThemeMode, type ResolvedThemeMode } from '../core/theme/theme'
import type { ThemeMode, ThemeVariables } from '../core/types'
import { usePortico } from './usePortico'

export interface UseThemeReturn {
  /** As set: 'light', 'dark' or 'system'. @default options.themeMode ?? 'system' */
  themeMode: ThemeMode
  /** The mode shown now: 'system' resolved with `prefers-color-scheme`, followed live. @default 'light' where there is no matchMedia */
  resolvedThemeMode: ResolvedThemeMode
  /** @default options.themeVariables ?? {} */
  themeVariables: ThemeVariables
  setThemeMode: (mode: ThemeMode) => void
  /** Merges over the current variables. */
  setThemeVariables: (variables: ThemeVariables) => void
}

/**
 * The theme. While a server-rendered page hydrates, 'system' reads as the server rendered it
 * (light: a server knows no `prefers-color-scheme`), so the first client render matches the HTML;
 * React then renders again with the visitor's preference.
 */
export function useTheme(): UseThemeReturn {
  const { theme } = usePortico()
  const state = useStore(theme.$theme)
  const $resolved = theme.$resolvedThemeMode
  const resolvedThemeMode = useSyncExternalStore(
    (notify) => $resolved.listen(notify),
    () => $resolved.get(),
    () => resolveThemeMode(theme.$theme.get().themeMode, false),
  )
  return { ...state, resolvedThemeMode, setThemeMode: theme.setThemeMode, setThemeVariables: theme.setThemeVariables }
}
