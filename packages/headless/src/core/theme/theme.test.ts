import { describe, expect, it } from 'vitest'
import type { ThemeMode } from '../types'
import { createTheme, DARK_SCHEME_QUERY, resolveThemeMode } from './theme'

/** A `matchMedia` whose dark-scheme answer the test flips, as the OS setting would. */
function fakeScheme(dark: boolean) {
  const listeners: (() => void)[] = []
  const queries: string[] = []
  const query = {
    matches: dark,
    addEventListener: (_type: 'change', l: () => void) => void listeners.push(l),
  }
  return {
    queries,
    matchMedia: (q: string) => {
      queries.push(q)
      return query
    },
    set(next: boolean) {
      query.matches = next
      for (const l of listeners) l()
    },
  }
}

describe('resolveThemeMode', () => {
  it.each<[ThemeMode | undefined, boolean, 'light' | 'dark']>([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    ['system', false, 'light'],
    ['system', true, 'dark'],
    [undefined, true, 'light'],
  ])('%s with the OS preferring dark=%s -> %s', (mode, dark, out) => expect(resolveThemeMode(mode, dark)).toBe(out))
})

describe('theme flow', () => {
  it("'system' follows prefers-color-scheme live", () => {
    const scheme = fakeScheme(false)
    const theme = createTheme({ themeMode: 'system', themeVariables: {} }, { matchMedia: scheme.matchMedia })
    expect(scheme.queries).toEqual([DARK_SCHEME_QUERY])
    const seen: string[] = []
    const off = theme.$resolvedThemeMode.subscribe((m) => seen.push(m))
    scheme.set(true)
    scheme.set(false)
    off()
    expect(seen).toEqual(['light', 'dark', 'light'])
    expect(theme.$theme.get().themeMode).toBe('system')
  })

  it("a fixed mode ignores the OS setting; switching back to 'system' picks it up again", () => {
    const scheme = fakeScheme(true)
    const theme = createTheme({ themeMode: 'light', themeVariables: {} }, { matchMedia: scheme.matchMedia })
    expect(theme.$resolvedThemeMode.get()).toBe('light')
    scheme.set(false)
    theme.setThemeMode('dark')
    expect(theme.$resolvedThemeMode.get()).toBe('dark')
    theme.setThemeMode('system')
    expect(theme.$resolvedThemeMode.get()).toBe('light')
    scheme.set(true)
    expect(theme.$resolvedThemeMode.get()).toBe('dark')
  })

  it("without matchMedia (SSR) 'system' is light", () => {
    const theme = createTheme({ themeMode: 'system', themeVariables: {} }, { matchMedia: () => undefined })
    expect(theme.$resolvedThemeMode.get()).toBe('light')
    expect(createTheme({ themeMode: 'system', themeVariables: {} }).$resolvedThemeMode.get()).toBe('light')
  })
})
