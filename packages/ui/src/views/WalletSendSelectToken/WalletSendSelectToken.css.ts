import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// WalletSendSelectToken: the search field, then the tokens with a balance (icon, name, balance, value),
// or the empty state.

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs}` })
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })
export const value = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.foreground, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })
export const quantity = style({ fontVariantNumeric: 'tabular-nums' })
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
