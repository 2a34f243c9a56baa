import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const hashBox = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  paddingBlock: vars.space.sm,
  paddingInline: `${vars.space.md} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  textAlign: 'start',
})
export const hashText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, flexGrow: 1, minWidth: 0 })
export const hashLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary })
export const hash = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.foreground,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})
export const explorer = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.fontSize.sm })
