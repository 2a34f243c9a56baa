import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const header = style({
  display: 'grid',
  gridTemplateColumns: '36px 1fr 36px',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.xs}`,
  minHeight: 60,
})
export const title = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.foreground,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})
export const slot = style({ width: 36, height: 36, display: 'flex' })
