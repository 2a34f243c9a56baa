import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const walletTile = style({ display: 'flex', width: '100%', height: '100%', borderRadius: vars.radius.lg, overflow: 'hidden' })
export const error = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.error })
