import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'
import { pillButtonBase, pillButtonStates } from '../shared/Token.css'

// SwapSelectToken: the search field, the suggested tokens as chips, then 'Your tokens' and 'Popular'
// (icon, name, balance, value), or the search's results, or the empty state (the rows and the empty
// state: ../shared/Token.css).

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xs })
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const heading = style({
  margin: 0,
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foregroundSecondary,
})

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })
/** A quick pick: a smaller pill (../shared/Token.css), outlined in the accent when it is the current token. */
export const chip = style({
  ...pillButtonBase,
  height: 32,
  background: vars.color.surfaceRaised,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  selectors: {
    ...pillButtonStates,
    '&[aria-current="true"]': { boxShadow: `inset 0 0 0 1px ${vars.color.accent}` },
  },
})
