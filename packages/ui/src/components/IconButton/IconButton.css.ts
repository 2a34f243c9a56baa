import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css'

export const iconButton = recipe({
  base: {
    appearance: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: 'none',
    borderRadius: vars.radius.sm,
    background: 'transparent',
    color: vars.color.foregroundSecondary,
    cursor: 'pointer',
    padding: 0,
    flexShrink: 0,
    outline: 'none',
    selectors: {
      '&:hover:not(:disabled)': { background: vars.color.surfaceHover, color: vars.color.foreground },
      '&:focus-visible': { boxShadow: vars.shadow.focus },
      '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
  variants: {
    size: { sm: { width: 28, height: 28 }, md: { width: 36, height: 36 } },
    filled: { true: { background: vars.color.surfaceRaised } },
  },
  defaultVariants: { size: 'md' },
})
