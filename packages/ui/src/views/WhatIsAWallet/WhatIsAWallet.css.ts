import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: `${vars.space.xs} 0 ${vars.space.sm}` })
export const points = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' })
export const point = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.md })
export const pointIcon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.walletImage,
  height: vars.size.walletImage,
  borderRadius: vars.radius.sm,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
})
export const pointText = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, paddingTop: 1 })
export const pointTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  lineHeight: vars.lineHeight.tight,
})
