import { style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css'

export const resetButton = style({
  appearance: 'none',
  border: 'none',
  background: 'none',
  margin: 0,
  padding: 0,
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  textAlign: 'inherit',
})

export const focusRing = style({
  outline: 'none',
  selectors: {
    '&:focus-visible': { boxShadow: vars.shadow.focus },
  },
})

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
})
