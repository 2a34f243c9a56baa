import { useStore } from '@nanostores/react'
import type { ThemeMode, ThemeVariables } from '../core/types'
import { usePortico } from './usePortico'

export interface UseThemeReturn {
  /** @default options.themeMode ?? 'light' */
  themeMode: ThemeMode
  /** @default options.themeVariables ?? {} */
  themeVariables: ThemeVariables
  setThemeMode: (mode: ThemeMode) => void
  /** Merges over the current variables. */
  setThemeVariables: (variables: ThemeVariables) => void
}

export function useTheme(): UseThemeReturn {
  const { theme } = usePortico()
  const state = useStore(theme.$theme)
  return { ...state, setThemeMode: theme.setThemeMode, setThemeVariables: theme.setThemeVariables }
}
