import { style } from '@vanilla-extract/css'
import { darkThemeClass, vars } from '../../theme/contract.css'

/** The "Account type" row: a raised tile like the list rows above it, the two-option switch inside. */
export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
})

export const head = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, minWidth: 0 })

export const leading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.walletImage,
  height: vars.size.walletImage,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.foregroundSecondary,
  flexShrink: 0,
})

export const text = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, flexGrow: 1 })
export const title = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.medium, color: vars.color.foreground })
export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary })

/** The two options side by side, on a track (the Tabs' look, so the modal speaks one language). */
export const group = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
})

export const option = style({
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  minHeight: 36,
  padding: `0 ${vars.space.sm}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.xs,
  background: 'transparent',
  color: vars.color.foregroundSecondary,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover:not([aria-disabled="true"])': { color: vars.color.foreground, background: vars.color.surfaceHover },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
    '&[aria-checked="true"]': { background: vars.color.accentSoft, borderColor: vars.color.accent, color: vars.color.accentStrong },
    '&[aria-checked="true"]:hover:not([aria-disabled="true"])': { background: vars.color.accentSoft, color: vars.color.accentStrong },
    [`${darkThemeClass} &[aria-checked="true"]`]: { color: vars.color.foreground },
    [`${darkThemeClass} &[aria-checked="true"]:hover:not([aria-disabled="true"])`]: { color: vars.color.foreground },
    '&[aria-disabled="true"]': { cursor: 'progress' },
    '&[aria-disabled="true"]:not([aria-checked="true"])': { opacity: 0.55 },
  },
})

/** The switch's failure, under the row. */
export const alert = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  margin: `calc(-1 * ${vars.space.xxs}) 0 0`,
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.error,
  overflowWrap: 'anywhere',
})
export const alertIcon = style({ flexShrink: 0, marginTop: 1 })
