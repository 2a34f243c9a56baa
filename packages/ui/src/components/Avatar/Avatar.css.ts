import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const avatar = style({
  display: 'inline-block',
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  flexShrink: 0,
  boxShadow: `0 0 0 4px ${vars.color.surfaceRaised}`,
})
export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' })
