import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

/** "Connected" under the name of the network the connected wallet is on. */
export const connected = style({ color: vars.color.accentStrong, fontWeight: vars.fontWeight.semibold })
/** The check of the current network. */
export const check = style({ display: 'inline-flex', color: vars.color.accentStrong })
