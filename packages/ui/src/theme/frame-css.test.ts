// The secure frame's own views (packages/embedded/src/frame/frame.css) default to the modal's theme values:
// every `--portico-*` variable the frame declares has the value of tokens.ts, light and dark.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { themeVariableNames as sanitiserNames } from '@portico/headless/theme'
import { describe, expect, it } from 'vitest'
import { darkValues, lightValues, themeVariableNames, tokenName, type ThemeValues } from './tokens'

const css = readFileSync(path.resolve(import.meta.dirname, '../../../embedded/src/frame/frame.css'), 'utf8')

/** The declarations of the first block whose selector is `selector`. */
function declarations(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`)
  if (start < 0) throw new Error(`no block ${selector}`)
  const body = css.slice(start + selector.length + 2, css.indexOf('\n}', start))
  const out = new Map<string, string>()
  for (const match of body.matchAll(/(--portico-[a-z-]+):\s*([^;]+);/g))
    out.set(match[1]!, match[2]!.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').replace(/"/g, "'"))
  return out
}

/** Every token of `values` by its variable name. */
function byName(values: ThemeValues): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (node: Record<string, unknown>, at: string[]) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string') out.set(`--${tokenName([...at, k])}`, v)
      else walk(v as Record<string, unknown>, [...at, k])
    }
  }
  walk(values as unknown as Record<string, unknown>, [])
  return out
}

describe('the theme variables of the contract and of the sanitiser (@portico/headless/theme)', () => {
  it('are the same names, in the same order', () => {
    expect([...sanitiserNames]).toEqual([...themeVariableNames])
    expect(themeVariableNames).toHaveLength(64)
  })
})

describe("the frame's theme defaults (frame.css)", () => {
  const light = declarations(':root')
  const dark = declarations(':root[data-portico-theme="dark"]')
  const darkByPreference = declarations('  :root:not([data-portico-theme])')

  it('declares only theme variables, at least the ones its views use', () => {
    for (const name of light.keys()) expect(themeVariableNames).toContain(name)
    for (const name of [
      '--portico-accent',
      '--portico-color-surface',
      '--portico-color-foreground',
      '--portico-color-accent',
      '--portico-font-body',
    ])
      expect(light.has(name), name).toBe(true)
  })

  it.each([
    ['light', () => light, lightValues],
    ['dark', () => dark, darkValues],
    ['dark (the browser prefers it, no mode given)', () => darkByPreference, darkValues],
  ] as const)('%s: each value is the modal’s', (_mode, declared, values) => {
    const expected = byName(values)
    for (const [name, value] of declared()) expect(value, name).toBe(expected.get(name))
  })

  it('dark overrides every colour that differs from light', () => {
    const l = byName(lightValues)
    const d = byName(darkValues)
    for (const name of light.keys()) if (l.get(name) !== d.get(name)) expect(dark.has(name), name).toBe(true)
    expect([...darkByPreference.keys()]).toEqual([...dark.keys()])
  })
})
