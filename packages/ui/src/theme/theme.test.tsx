import '../testing'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sanitizeThemeValue, sanitizeThemeVariables } from './sanitize'
import { themeOverrides, themeProps } from './themeProps'
import { themeVariableNames } from './tokens'
import { useThemeProps } from '../useThemeProps'

describe('theme variable names', () => {
  it.each([
    '--portico-accent',
    '--portico-color-mix',
    '--portico-color-mix-strength',
    '--portico-color-accent',
    '--portico-font-body',
    '--portico-radius-modal',
    '--portico-z-index-modal',
    '--portico-size-modal-width',
  ])('contract exposes %s', (name) => {
    expect(themeVariableNames).toContain(name)
  })
})

describe('sanitizeThemeValue', () => {
  it.each<[string, unknown, string | undefined]>([
    ['--portico-accent', '#ff5500', '#ff5500'],
    ['--portico-accent', '  rgb(10, 20, 30)  ', 'rgb(10, 20, 30)'],
    ['--portico-color-mix', 'color-mix(in srgb, red 20%, blue)', 'color-mix(in srgb, red 20%, blue)'],
    ['--portico-font-body', "'Inter', sans-serif", "'Inter', sans-serif"],
    ['--portico-color-mix-strength', 20, '20%'],
    ['--portico-color-mix-strength', 140, '100%'],
    ['--portico-color-mix-strength', -5, '0%'],
    ['--portico-z-index-modal', 999, '999'],
    ['--portico-z-index-modal', Number.NaN, undefined],
    ['--portico-accent', 'red; background: url(https://evil.example)', undefined],
    ['--portico-accent', 'red}body{display:none', undefined],
    ['--portico-accent', 'red{', undefined],
    ['--portico-accent', '<script>', undefined],
    ['--portico-accent', 'a>b', undefined],
    ['--portico-accent', 'url(https://evil.example/x.png)', undefined],
    ['--portico-accent', 'URL (x)', undefined],
    ['--portico-accent', 'expression(alert(1))', undefined],
    ['--portico-accent', 'EXPRESSION (1)', undefined],
    ['--portico-accent', '\\75 rl(x)', undefined],
    ['--portico-accent', 'red /* x */', undefined],
    ['--portico-accent', '@import "x"', undefined],
    ['--portico-accent', 'red\nblue', undefined],
    ['--portico-accent', '', undefined],
    ['--portico-accent', 'x'.repeat(300), undefined],
    ['--portico-accent', { toString: () => 'red' }, undefined],
    ['--portico-accent', null, undefined],
    ['--w3m-accent', '#ff5500', undefined],
    ['--portico-unknown', '#ff5500', undefined],
    ['color', 'red', undefined],
  ])('%s = %j → %j', (name, value, expected) => {
    expect(sanitizeThemeValue(name, value)).toBe(expected)
  })
})

describe('sanitizeThemeVariables', () => {
  it.each<[unknown, Record<string, string>]>([
    [undefined, {}],
    [null, {}],
    ['--portico-accent: red', {}],
    [['#fff'], {}],
    [
      { '--portico-accent': '#ff5500', '--portico-color-mix': 'url(x)', '--portico-color-mix-strength': 15, evil: 'red' },
      { '--portico-accent': '#ff5500', '--portico-color-mix-strength': '15%' },
    ],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeThemeVariables(input)).toEqual(expected)
  })
})

describe('themeProps', () => {
  it('puts only safe overrides on the themed element', () => {
    const props = themeProps('dark', { '--portico-accent': '#00aa88', '--portico-color-mix': 'red;}*{x:y' })
    const { container } = render(<div {...props} />)
    const el = container.firstElementChild as HTMLElement
    expect(el.dataset.porticoTheme).toBe('dark')
    expect(el.style.getPropertyValue('--portico-accent')).toBe('#00aa88')
    expect(el.style.getPropertyValue('--portico-color-mix')).toBe('')
  })

  it.each<[unknown, string]>([
    ['dark', 'dark'],
    ['light', 'light'],
    [undefined, 'light'],
  ])('mode %j → %s', (mode, expected) => {
    expect(themeProps(mode as 'dark', {})['data-portico-theme']).toBe(expected)
  })
})

describe('themeOverrides', () => {
  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ '--portico-color-accent': '#7c3aed' }, { '--portico-color-accent': '#7c3aed', '--portico-accent': '#7c3aed' }],
    [
      { '--portico-color-accent': '#7c3aed', '--portico-accent': '#111111' },
      { '--portico-color-accent': '#7c3aed', '--portico-accent': '#111111' },
    ],
    [{ '--portico-color-accent': 'url(x)' }, {}],
    [{ '--portico-accent': '#00aa88' }, { '--portico-accent': '#00aa88' }],
  ])('%j → %j', (input, expected) => {
    expect(themeOverrides(input)).toEqual(expected)
  })
})

function Themed() {
  const t = useThemeProps()
  return <div data-testid="themed" {...t} />
}

describe("useThemeProps with themeMode 'system' (the default)", () => {
  it('follows prefers-color-scheme live, and a fixed mode wins over it', async () => {
    const { act } = await import('@testing-library/react') // marks the act() environment, unlike React's own act
    const { PorticoContextProvider } = await import('@portico/headless/react')
    const { testPortico } = await import('../testing')
    // The OS preference, flipped by the test (jsdom has no matchMedia of its own).
    const listeners: (() => void)[] = []
    const query = {
      matches: false,
      media: '(prefers-color-scheme: dark)',
      addEventListener: (_: string, l: () => void) => void listeners.push(l),
    }
    const original = window.matchMedia
    window.matchMedia = ((q: string) => (q === query.media ? query : { matches: false })) as unknown as typeof window.matchMedia
    try {
      const { portico } = testPortico()
      const { getByTestId } = render(
        <PorticoContextProvider portico={portico}>
          <Themed />
        </PorticoContextProvider>,
      )
      const mode = () => getByTestId('themed').dataset.porticoTheme
      expect(portico.theme.$theme.get().themeMode).toBe('system')
      expect(mode()).toBe('light')
      act(() => {
        query.matches = true
        for (const l of listeners) l()
      })
      expect(mode()).toBe('dark')
      act(() => portico.theme.setThemeMode('light'))
      expect(mode()).toBe('light')
      act(() => portico.theme.setThemeMode('system'))
      expect(mode()).toBe('dark')
    } finally {
      window.matchMedia = original
    }
  })
})
