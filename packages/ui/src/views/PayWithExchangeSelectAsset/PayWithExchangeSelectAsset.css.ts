import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// PayWithExchangeSelectAsset: the active network's supported assets as rows.

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.xs })
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })
export const network = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 })
export const networkMark = style({ display: 'inline-flex', flexShrink: 0, borderRadius: 4, overflow: 'hidden' })
