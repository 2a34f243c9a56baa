// Plain-TypeScript theme values: light and dark, over the shape of shape.ts. No CSS is generated here.
import type { ThemeValues } from './shape'

export { themeShape, themeVariableNames, tokenName, type ThemeValues } from './shape'

export const mixed = (base: string) => `color-mix(in srgb, var(--portico-color-mix) var(--portico-color-mix-strength), ${base})`

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
