import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

/**
 * The room the view makes for the secure frame while it asks for the recovery secret or shows it (the frame
 * is placed over it): its title, text, field or secret, and two buttons fit without a scroll bar.
 */
export const room = style({
  width: '100%',
  height: 340,
  boxSizing: 'border-box',
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
})
