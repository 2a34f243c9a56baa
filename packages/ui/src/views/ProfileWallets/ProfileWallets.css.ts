import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  border: `1px solid transparent`,
  selectors: { '&[data-active]': { borderColor: vars.color.accent } },
})

export const head = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.md, minWidth: 0 })
export const icon = style({
  display: 'flex',
  flexShrink: 0,
  width: vars.size.walletImage,
  height: vars.size.walletImage,
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  background: vars.color.surface,
})
export const text = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0, flex: '1 1 auto' })
export const name = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})
export const address = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
})

export const active = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  height: 22,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
})

export const foot = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
})
export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs })

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceHover,
  color: vars.color.foregroundSecondary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  alignSelf: 'flex-start',
  marginTop: vars.space.xxs,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
})
