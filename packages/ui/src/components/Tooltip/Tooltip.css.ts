import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const tooltip = style({
  zIndex: vars.zIndex.tooltip,
  maxWidth: 240,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.xs,
  background: vars.color.foreground,
  color: vars.color.surface,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
  boxShadow: vars.shadow.raised,
  pointerEvents: 'none',
})
