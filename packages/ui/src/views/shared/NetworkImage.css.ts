import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// A hairline ring drawn over the edge, so a dark logo keeps its shape on the dark panel.
const ring = { outline: `1px solid ${vars.color.border}`, outlineOffset: '-1px' } as const

export const image = style({ objectFit: 'cover', display: 'block', borderRadius: 'inherit', flexShrink: 0, ...ring })

/** The fallback tile: the name's first letter, drawn by CSS so it is no part of any text content. */
export const monogram = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderRadius: 'inherit',
  ...ring,
  color: '#ffffff',
  fontWeight: 600,
  lineHeight: 1,
  selectors: { '&::before': { content: 'attr(data-mark)' } },
})
