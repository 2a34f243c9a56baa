import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const address = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  fontVariantNumeric: 'tabular-nums',
})

export const copy = style({
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.xs,
  background: 'transparent',
  color: vars.color.foregroundTertiary,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.foreground },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
  },
})

export const balance = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.foregroundSecondary,
  fontWeight: vars.fontWeight.medium,
  minHeight: 24,
})

export const explorer = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  marginTop: vars.space.xxs,
  fontSize: vars.fontSize.sm,
})

/** The total value of the network's tokens (issue 12): the headline figure under the name. */
export const total = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: vars.lineHeight.tight,
  minHeight: 27,
})

const pulse = keyframes({ '50%': { opacity: 0.5 } })
export const skeleton = style({
  display: 'inline-block',
  width: 96,
  height: 16,
  borderRadius: vars.radius.xs,
  background: vars.color.surfaceHover,
  animation: `${pulse} 1.2s ease-in-out infinite`,
  verticalAlign: 'middle',
})

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`,
})

export const emptyIcon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  marginBottom: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
})

export const tokens = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, margin: 0, padding: 0, listStyle: 'none' })
export const token = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
})
export const tokenIcon = style({
  width: 36,
  height: 36,
  borderRadius: vars.radius.full,
  flexShrink: 0,
  objectFit: 'cover',
  background: vars.color.surfaceRaised,
})
export const tokenText = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, flexGrow: 1 })
export const tokenName = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.foreground })
export const tokenQty = style({ fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary, fontVariantNumeric: 'tabular-nums' })
export const tokenValue = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.foreground,
  fontVariantNumeric: 'tabular-nums',
})

/** The short address under an embedded account's email or social name. */
export const subtitle = style({
  margin: 0,
  marginTop: `calc(-1 * ${vars.space.xxs})`,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  fontVariantNumeric: 'tabular-nums',
})

/** Where the total goes while the balances load. */
export const totalSkeleton = style([skeleton, { width: 120, height: 22 }])
