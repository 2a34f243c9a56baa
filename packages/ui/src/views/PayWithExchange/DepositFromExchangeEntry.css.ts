import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// The entry to PayWithExchange in another view's list (the on-ramp's providers): its own small file,
// so that the view that shows it does not carry the exchange view's styles.

export const icon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  borderRadius: 'inherit',
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
})
