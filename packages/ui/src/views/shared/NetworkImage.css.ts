import { style } from '@vanilla-extract/css'

export const image = style({ objectFit: 'cover', display: 'block', borderRadius: 'inherit', flexShrink: 0 })

/** The fallback tile: the name's first letter, drawn by CSS so it is no part of any text content. */
export const monogram = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderRadius: 'inherit',
  color: '#ffffff',
  fontWeight: 600,
  lineHeight: 1,
  selectors: { '&::before': { content: 'attr(data-mark)' } },
})
