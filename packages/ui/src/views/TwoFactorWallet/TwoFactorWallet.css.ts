import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

/** The setup key, in groups of four, selectable as a whole. */
export const secret = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.04em',
  textAlign: 'center',
  overflowWrap: 'anywhere',
  userSelect: 'all',
  direction: 'ltr',
  width: '100%',
  boxSizing: 'border-box',
})

/** The room the view makes for the secure frame while it shows the key (the frame is placed over it). */
export const room = style({
  width: '100%',
  height: 260,
  boxSizing: 'border-box',
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
})
