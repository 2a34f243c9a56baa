import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const qr = style({ display: 'block', borderRadius: vars.radius.md, maxWidth: '100%', height: 'auto' })
