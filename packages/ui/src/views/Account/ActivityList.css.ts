import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs })

export const groupLabel = style({
  margin: 0,
  padding: `0 ${vars.space.sm}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foregroundSecondary,
  textTransform: 'none',
})

export const rows = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, margin: 0, padding: 0, listStyle: 'none' })

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 56,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
})

export const iconWrap = style({ position: 'relative', flexShrink: 0, width: 36, height: 36 })

export const icon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  borderRadius: vars.radius.full,
  objectFit: 'cover',
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
})

/** The status mark on the icon's corner: a spinner (pending) or a cross (failed). */
export const badge = style({
  position: 'absolute',
  insetInlineEnd: -4,
  bottom: -4,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 18,
  height: 18,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.foregroundSecondary,
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
})
export const badgeFailed = style({ color: vars.color.error })

export const text = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, flexGrow: 1, marginInlineStart: vars.space.xxs })

export const description = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
})

export const meta = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.foregroundSecondary,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
})

export const statusPending = style({ color: vars.color.foregroundSecondary, fontWeight: vars.fontWeight.medium })
export const statusFailed = style({ color: vars.color.error, fontWeight: vars.fontWeight.medium })

export const explorer = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 32,
  height: 32,
  borderRadius: vars.radius.xs,
  color: vars.color.foregroundTertiary,
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.foreground },
    '&:focus-visible': { boxShadow: vars.shadow.focus, color: vars.color.foreground },
  },
})

export const problem = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`,
})
export const problemIcon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  borderRadius: vars.radius.md,
  background: vars.color.errorSoft,
  color: vars.color.error,
})
export const problemText = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.foreground,
})

export const more = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.xs, paddingTop: vars.space.xs })
/** The scroll sentinel: where the next page starts loading. */
export const sentinel = style({ height: 1, width: '100%' })
