import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css'

export const button = recipe({
  base: {
    appearance: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    border: '1px solid transparent',
    borderRadius: vars.radius.md,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background-color 120ms ease, border-color 120ms ease',
    outline: 'none',
    selectors: {
      '&:focus-visible': { boxShadow: vars.shadow.focus },
      '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.accent,
        color: vars.color.accentText,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.accentHover } },
      },
      secondary: {
        background: vars.color.surfaceRaised,
        color: vars.color.foreground,
        borderColor: vars.color.border,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } },
      },
      accentSoft: {
        background: vars.color.accentSoft,
        color: vars.color.accentStrong,
        selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.accent } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.foregroundSecondary,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover, color: vars.color.foreground } },
      },
      danger: {
        background: vars.color.errorSoft,
        color: vars.color.error,
        selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.error } },
      },
    },
    size: {
      sm: { height: 32, padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm, borderRadius: vars.radius.sm },
      md: { height: vars.size.button, padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.md },
    },
    fullWidth: { true: { width: '100%' } },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
})

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>
