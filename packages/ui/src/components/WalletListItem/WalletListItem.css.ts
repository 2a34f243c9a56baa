import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' })
export const monogram = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.md,
  color: '#ffffff',
})

const tagBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: 22,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
})

export const tag = styleVariants({
  accent: [tagBase, { background: vars.color.accentSoft, color: vars.color.accentStrong }],
  neutral: [tagBase, { background: vars.color.surfaceHover, color: vars.color.foregroundSecondary }],
  success: [tagBase, { background: vars.color.successSoft, color: vars.color.success }],
})
