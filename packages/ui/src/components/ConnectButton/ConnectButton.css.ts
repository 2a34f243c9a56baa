import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const button = style({
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: 40,
  padding: `0 ${vars.space.lg}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.accentHover },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
})

export const account = style({
  padding: 0,
  paddingInline: `${vars.space.md} ${vars.space.xs}`,
  background: vars.color.surface,
  color: vars.color.foreground,
  borderColor: vars.color.borderStrong,
  selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } },
})

export const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  height: 32,
  padding: 0,
  paddingInline: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  fontVariantNumeric: 'tabular-nums',
})

export const dot = style({ width: 26, height: 26, borderRadius: '50%', flexShrink: 0, overflow: 'hidden', display: 'inline-block' })
export const dotImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' })
export const balance = style({ color: vars.color.foregroundSecondary })
/** A long name is cut with an ellipsis rather than widening the button (a short address fits). */
// (white-space: nowrap comes from the button.)
export const name = style({ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' })

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

export const spinner = style({
  animation: `${spin} 0.8s linear infinite`,
  width: 14,
  height: 14,
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
})

export const warning = style({ color: vars.color.warning, display: 'inline-flex' })
