import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// SwapSelectToken: the search field, the suggested tokens as chips, then 'Your tokens' and 'Popular'
// (icon, name, balance, value), or the search's results, or the empty state.

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xs })
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const heading = style({
  margin: 0,
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foregroundSecondary,
})
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })
export const value = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.foreground, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })
export const quantity = style({ fontVariantNumeric: 'tabular-nums' })

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })
export const chip = style({
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: 32,
  padding: `0 ${vars.space.sm} 0 ${vars.space.xs}`,
  border: 'none',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
    '&[aria-current="true"]': { boxShadow: `inset 0 0 0 1px ${vars.color.accent}` },
  },
})

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
