// App-supplied theme overrides (options.themeVariables) end up in a style attribute. Only known
// `--portico-*` names pass, and any value that could break out of the declaration or load
// something is dropped whole: `; { } < >`, backslash escapes, comments, `url(`, `expression(`,
// `@import`, `javascript:`.
import { themeVariableNames } from './shape'

/** Overrides an app may pass: any `--portico-*` theme variable, e.g. `{ '--portico-accent': '#ff5500' }`. */
export type ThemeVariables = Partial<Record<string, string | number>>

const allowed = new Set(themeVariableNames)
const FORBIDDEN_CHARS = /[;{}<>\\]/
const FORBIDDEN_WORDS = /url\s*\(|expression\s*\(|@import|javascript:|\/\*|\*\//i
const MAX_LENGTH = 256

/** A safe CSS value for theme variable `name`, or undefined when the value must be dropped. */
export function sanitizeThemeValue(name: string, value: unknown): string | undefined {
  if (!allowed.has(name)) return undefined
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined
    if (name === '--portico-color-mix-strength') return `${Math.min(100, Math.max(0, value))}%`
    return String(value)
  }
  if (typeof value !== 'string') return undefined
  const v = value.trim()
  if (v === '' || v.length > MAX_LENGTH) return undefined
  if (FORBIDDEN_CHARS.test(v) || FORBIDDEN_WORDS.test(v)) return undefined
  // Control characters (newlines etc.) have no place in a token value.
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) < 0x20 || v.charCodeAt(i) === 0x7f) return undefined
  return v
}

/** Keeps the safe overrides of `input` (unknown names and unsafe values are dropped). */
export function sanitizeThemeVariables(input: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!input || typeof input !== 'object' || Array.isArray(input)) return out
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    const safe = sanitizeThemeValue(name, value)
    if (safe !== undefined) out[name] = safe
  }
  return out
}
