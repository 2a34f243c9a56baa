import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

/** The wallet features under the balance: equal buttons on one row. */
export const row = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(0, 1fr))', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' })
export const item = style({ display: 'flex', minWidth: 0 })

// Three or four buttons share the 370 px row: tighter insides, and the icon never squeezed away.
globalStyle(`${item} > button`, { gap: vars.space.xs, paddingInline: vars.space.sm })
globalStyle(`${item} > button > svg`, { flexShrink: 0 })
