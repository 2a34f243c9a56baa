import { useStore } from '@nanostores/react'
import type { ResolvedThemeMode } from '../core/theme/theme'
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

export function useTheme(): UseThemeReturn {
  const { theme } = usePortico()
  const state = useStore(theme.$theme)
  const resolvedThemeMode = useStore(theme.$resolvedThemeMode)
  return { ...state, resolvedThemeMode, setThemeMode: theme.setThemeMode, setThemeVariables: theme.setThemeVariables }
}
