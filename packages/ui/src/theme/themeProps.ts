import type { CSSProperties } from 'react'
import { darkThemeClass, lightThemeClass } from './contract.css'
import { sanitizeThemeVariables } from './sanitize'

export type ThemeMode = 'light' | 'dark'

/** className + style that put the theme (mode + sanitised app overrides) on a root element. */
export function themeProps(mode: ThemeMode | undefined, overrides: unknown): { className: string; style: CSSProperties; 'data-portico-theme': ThemeMode } {
  const resolved: ThemeMode = mode === 'dark' ? 'dark' : 'light'
  return {
    className: resolved === 'dark' ? darkThemeClass : lightThemeClass,
    style: sanitizeThemeVariables(overrides) as CSSProperties,
    'data-portico-theme': resolved,
  }
}
