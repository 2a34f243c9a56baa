import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, width: '100%' })
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.foregroundSecondary })
export const wrap = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: vars.size.listItem,
  paddingBlock: 0,
  paddingInline: `${vars.space.md} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.foregroundTertiary,
  selectors: {
    '&:focus-within': { borderColor: vars.color.accent, boxShadow: vars.shadow.focus },
    '&[data-invalid="true"]': { borderColor: vars.color.error },
    '&:has(input:disabled)': { opacity: 0.55, cursor: 'not-allowed' },
  },
})
export const input = style({
  flexGrow: 1,
  minWidth: 0,
  height: '100%',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  selectors: {
    '&::placeholder': { color: vars.color.foregroundTertiary },
    // Search fields use Portico's own clear button, never the browser's.
    '&::-webkit-search-cancel-button': { WebkitAppearance: 'none', appearance: 'none', display: 'none' },
    '&::-webkit-search-decoration': { WebkitAppearance: 'none', appearance: 'none' },
  },
})
export const error = style({ fontSize: vars.fontSize.xs, color: vars.color.error })
