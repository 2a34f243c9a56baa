import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// Tokens as the Send and Swap views show them: the round icon, the pill button beside an amount, the
// list rows of the token pickers and the pickers' empty state.

export const tokenIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  objectFit: 'cover',
  background: vars.color.surfaceActive,
  color: vars.color.foregroundSecondary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
})

/** A round token button (icon and symbol): the pill beside an amount, the pickers' quick picks. */
export const pillButtonBase = {
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingBlock: 0,
  paddingInline: `${vars.space.xs} ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.full,
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  outline: 'none',
} as const
export const pillButtonStates = {
  '&:hover': { background: vars.color.surfaceHover },
  '&:focus-visible': { boxShadow: vars.shadow.focus },
} as const

/** The token button: icon, symbol and a chevron, as a pill beside the amount. */
export const tokenPill = style({
  ...pillButtonBase,
  flexShrink: 0,
  maxWidth: 150,
  height: 40,
  background: vars.color.surface,
  boxShadow: `inset 0 0 0 1px ${vars.color.borderStrong}`,
  fontSize: vars.fontSize.md,
  selectors: pillButtonStates,
})
/** No token yet: an accent call to action (after tokenPill: it overrides it). */
export const tokenPillEmpty = style({
  paddingInlineStart: vars.space.md,
  background: vars.color.accent,
  boxShadow: 'none',
  color: vars.color.accentText,
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { background: vars.color.accentHover } },
})
export const tokenSymbol = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

/** The pickers' lists: one row per token (icon, name, balance with symbol, value). */
export const tokenList = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })
export const tokenValue = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.foreground,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
})
export const tokenQuantity = style({ fontVariantNumeric: 'tabular-nums' })

/** No token to list: an icon over the reason. */
export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.xl} ${vars.space.md}`,
  textAlign: 'center',
  textWrap: 'balance',
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  overflowWrap: 'anywhere',
})
export const emptyIcon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  color: vars.color.foregroundSecondary,
})
