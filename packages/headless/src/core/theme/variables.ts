// The theme's variable names and the sanitiser of app-supplied overrides, shared by the default modal
// (@portico/ui builds its theme contract from themeShape) and the secure frame (which applies the theme the
// host syncs to it, SPEC §3): no values here, and nothing but plain functions.

/** The token tree; every leaf becomes one `--portico-*` CSS variable. */
export const themeShape = {
  /** The app's accent colour before colour mixing. Override with `--portico-accent`. */
  accent: null,
  /** A colour blended into accent and surfaces (`--portico-color-mix`). */
  colorMix: null,
  /** How much of colorMix is blended in, as a percentage (`--portico-color-mix-strength`). */
  colorMixStrength: null,
  color: {
    accent: null,
    accentHover: null,
    /** Accent for text and icons on soft or neutral backgrounds (meets 4.5:1). */
    accentStrong: null,
    accentText: null,
    accentSoft: null,
    overlay: null,
    surface: null,
    surfaceRaised: null,
    surfaceHover: null,
    surfaceActive: null,
    foreground: null,
    foregroundSecondary: null,
    foregroundTertiary: null,
    border: null,
    borderStrong: null,
    focus: null,
    error: null,
    errorSoft: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    info: null,
    infoSoft: null,
  },
  font: { body: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null },
  fontWeight: { regular: null, medium: null, semibold: null },
  lineHeight: { tight: null, normal: null },
  radius: { xs: null, sm: null, md: null, lg: null, modal: null, full: null },
  space: { none: null, xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  shadow: { modal: null, raised: null, focus: null },
  zIndex: { modal: null, tooltip: null },
  size: { modalWidth: null, listItem: null, button: null, icon: null, walletImage: null, avatar: null },
} as const

type Shape = typeof themeShape
type Values<T> = { [K in keyof T]: T[K] extends null ? string : Values<T[K]> }
/** A full set of theme values. */
export type ThemeValues = Values<Shape>

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** The custom-property name (without the leading `--`) of the token at `path`. */
export function tokenName(path: readonly string[]): string {
  return `portico-${path.map(kebab).join('-')}`
}

function collect(node: Record<string, unknown>, path: string[], out: string[]): string[] {
  for (const [k, v] of Object.entries(node)) {
    if (v === null) out.push(`--${tokenName([...path, k])}`)
    else collect(v as Record<string, unknown>, [...path, k], out)
  }
  return out
}

/** Every theme variable name, e.g. `--portico-color-accent`. Apps may override any of these. */
export const themeVariableNames: readonly string[] = collect(themeShape, [], [])

/** `color-mix` of the configurable mix colour into `base`, so apps can tint the whole modal. */

// App-supplied theme overrides (options.themeVariables) end up in a style attribute. Only known
// `--portico-*` names pass, and any value that could break out of the declaration or load
// something is dropped whole: `; { } < >`, backslash escapes, comments, `url(`, `expression(`,
// `@import`, `javascript:`.

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
