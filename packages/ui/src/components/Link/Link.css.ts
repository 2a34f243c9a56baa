import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const link = style({
  color: vars.color.accentStrong,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  textUnderlineOffset: 2,
  // A link's words stay together ("Terms of Service" is never split over two lines).
  whiteSpace: 'nowrap',
  borderRadius: vars.radius.xs,
  outline: 'none',
  selectors: { '&:hover': { color: vars.color.accentHover }, '&:focus-visible': { boxShadow: vars.shadow.focus } },
})
