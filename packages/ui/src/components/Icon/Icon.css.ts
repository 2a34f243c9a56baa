import { style } from '@vanilla-extract/css'

/** A directional icon (back, chevron, logout arrow) points the other way in a right-to-left modal. */
export const mirrored = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } })
