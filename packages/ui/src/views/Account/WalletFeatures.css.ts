import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

/** The wallet features under the balance: equal buttons on one row. */
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})
export const item = style({ display: 'flex', minWidth: 0 })

// Four buttons share the 370 px row (Buy, Swap, Receive, Send): the icon above the label, so that
// 'Receive' fits a quarter of the row on the 375 px phone too; the icon never squeezed away.
globalStyle(`${item} > button`, {
  flexDirection: 'column',
  gap: vars.space.xxs,
  height: 'auto',
  minHeight: 58,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.xs,
  fontSize: vars.fontSize.sm,
})
globalStyle(`${item} > button > svg`, { flexShrink: 0 })

/** The region note (SPEC §6): a muted line with an info icon under the features row. */
export const note = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  lineHeight: vars.lineHeight.normal,
})
globalStyle(`${note} > svg`, { flexShrink: 0 })
