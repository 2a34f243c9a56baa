// The shape of the theme contract and the CSS variable name of every token (`--portico-color-accent` …),
// without the values (they live in tokens.ts and end up in CSS). The sanitiser of app overrides, shared
// with the secure frame, is @portico/headless/theme, with the same tree: vanilla-extract compiles this
// file's chain (contract.css.ts) without the workspace's source condition, so it imports no package here;
// frame-css.test.ts checks that both trees name the same variables.

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
