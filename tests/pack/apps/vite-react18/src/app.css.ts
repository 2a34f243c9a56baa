import { style } from '@vanilla-extract/css'

export const main = style({ padding: 24 })
