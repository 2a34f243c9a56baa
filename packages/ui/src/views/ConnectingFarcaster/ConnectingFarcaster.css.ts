import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

/** Mobile: the Farcaster mark above the deep link instead of a QR code. */
export const mark = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 72,
  height: 72,
  borderRadius: vars.radius.lg,
  background: '#7c5ccf',
  color: '#ffffff',
  fontSize: 32,
  fontWeight: vars.fontWeight.semibold,
})

export const waiting = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
})
