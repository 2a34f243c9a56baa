import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const root = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.foregroundSecondary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  cursor: 'pointer',
})

// The native input stays in the accessibility tree and takes focus and keyboard; the box draws it.
export const input = style({
  position: 'absolute',
  top: vars.space.sm,
  insetInlineStart: vars.space.md,
  width: 20,
  height: 20,
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
})

export const box = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 20,
  height: 20,
  marginTop: 1,
  borderRadius: vars.radius.xs,
  border: `1.5px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: 'transparent',
  pointerEvents: 'none',
  selectors: {
    [`${input}:checked + &`]: { background: vars.color.accent, borderColor: vars.color.accent, color: vars.color.accentText },
    [`${input}:focus-visible + &`]: { boxShadow: vars.shadow.focus },
    [`${root}:hover ${input}:not(:checked) + &`]: { borderColor: vars.color.accent },
  },
})

export const text = style({ minWidth: 0 })
