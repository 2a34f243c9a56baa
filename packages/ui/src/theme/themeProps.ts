import type { CSSProperties } from 'react'
import { darkThemeClass, lightThemeClass } from './contract.css'
import { sanitizeThemeVariables } from './sanitize'

export type ThemeMode = 'light' | 'dark'

/**
 * Sanitised overrides, plus one alias: an app that sets `--portico-color-accent` (the final accent)
 * but not `--portico-accent` also gets it as the base, so hover/soft/strong shades follow.
 */
export function themeOverrides(overrides: unknown): Record<string, string> {
  const safe = sanitizeThemeVariables(overrides)
  const accent = safe['--portico-color-accent']
  if (accent !== undefined && safe['--portico-accent'] === undefined) safe['--portico-accent'] = accent
  return safe
}

/** className + style that put the theme (mode + sanitised app overrides) on a root element. */
export function themeProps(
  mode: ThemeMode | undefined,
  overrides: unknown,
): { className: string; style: CSSProperties; 'data-portico-theme': ThemeMode } {
  const resolved: ThemeMode = mode === 'dark' ? 'dark' : 'light'
  return {
    className: resolved === 'dark' ? darkThemeClass : lightThemeClass,
    style: themeOverrides(overrides) as CSSProperties,
    'data-portico-theme': resolved,
  }
}
