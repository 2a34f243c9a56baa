// Plain-TypeScript theme tokens: the shape of the theme contract, the CSS variable name of every token
// (`--portico-color-accent` …) and the light and dark values. No CSS is generated here, so the sanitiser
// and the server-side code can use the names without loading vanilla-extract.

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
export const mixed = (base: string) =>
  `color-mix(in srgb, var(--portico-color-mix) var(--portico-color-mix-strength), ${base})`

const shared = {
  colorMix: '#000000',
  colorMixStrength: '0%',
  font: {
    body: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  fontSize: { xs: '12px', sm: '14px', md: '16px', lg: '18px', xl: '22px' },
  fontWeight: { regular: '400', medium: '500', semibold: '600' },
  lineHeight: { tight: '1.2', normal: '1.45' },
  radius: { xs: '6px', sm: '10px', md: '14px', lg: '18px', modal: '28px', full: '9999px' },
  space: { none: '0', xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' },
  // Below 2^24: CSS minifiers keep 7 significant digits (2147483000 became 2147480000 in a build).
  zIndex: { modal: '16777000', tooltip: '16777001' },
  size: { modalWidth: '370px', listItem: '56px', button: '44px', icon: '20px', walletImage: '40px', avatar: '64px' },
}

export const lightValues: ThemeValues = {
  ...shared,
  accent: '#3366ff',
  color: {
    accent: mixed('var(--portico-accent)'),
    accentHover: mixed('color-mix(in srgb, var(--portico-accent) 88%, #000000)'),
    accentStrong: mixed('color-mix(in srgb, var(--portico-accent) 75%, #000000)'),
    accentText: '#ffffff',
    accentSoft: mixed('color-mix(in srgb, var(--portico-accent) 12%, #ffffff)'),
    overlay: 'rgba(12, 14, 20, 0.45)',
    surface: mixed('#ffffff'),
    surfaceRaised: mixed('#f5f6f8'),
    surfaceHover: mixed('#eceef2'),
    surfaceActive: mixed('#e2e5ea'),
    foreground: '#14161c',
    foregroundSecondary: '#555b67',
    foregroundTertiary: '#5f6672',
    border: 'rgba(20, 22, 28, 0.08)',
    borderStrong: 'rgba(20, 22, 28, 0.16)',
    focus: 'color-mix(in srgb, var(--portico-accent) 55%, transparent)',
    error: '#c8102e',
    errorSoft: '#fde8eb',
    success: '#157f3c',
    successSoft: '#e3f6ea',
    warning: '#8a5a00',
    warningSoft: '#fff3d6',
    info: '#1d4ed8',
    infoSoft: '#e6edff',
  },
  shadow: {
    modal: '0 18px 48px rgba(12, 14, 20, 0.18), 0 2px 6px rgba(12, 14, 20, 0.06)',
    raised: '0 1px 2px rgba(12, 14, 20, 0.08)',
    focus: '0 0 0 3px var(--portico-color-focus)',
  },
}

export const darkValues: ThemeValues = {
  ...shared,
  accent: '#6b8cff',
  color: {
    accent: mixed('var(--portico-accent)'),
    accentHover: mixed('color-mix(in srgb, var(--portico-accent) 85%, #ffffff)'),
    accentStrong: mixed('color-mix(in srgb, var(--portico-accent) 55%, #ffffff)'),
    accentText: '#0b0d12',
    accentSoft: mixed('color-mix(in srgb, var(--portico-accent) 20%, #191b22)'),
    overlay: 'rgba(0, 0, 0, 0.6)',
    surface: mixed('#191b22'),
    surfaceRaised: mixed('#22252e'),
    surfaceHover: mixed('#2a2e38'),
    surfaceActive: mixed('#333744'),
    foreground: '#f3f4f7',
    foregroundSecondary: '#b3b8c4',
    foregroundTertiary: '#9198a6',
    border: 'rgba(255, 255, 255, 0.08)',
    borderStrong: 'rgba(255, 255, 255, 0.16)',
    focus: 'color-mix(in srgb, var(--portico-accent) 65%, transparent)',
    error: '#ff7a8a',
    errorSoft: '#3a1d24',
    success: '#5ad58a',
    successSoft: '#173225',
    warning: '#ffc857',
    warningSoft: '#3a2f14',
    info: '#8fb0ff',
    infoSoft: '#1c2744',
  },
  shadow: {
    modal: '0 18px 48px rgba(0, 0, 0, 0.5), 0 0 0 1px rgba(255, 255, 255, 0.06)',
    raised: '0 1px 2px rgba(0, 0, 0, 0.4)',
    focus: '0 0 0 3px var(--portico-color-focus)',
  },
}
