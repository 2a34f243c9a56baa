import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const pairing = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  paddingTop: vars.space.xs,
})

const box = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 208,
  height: 208,
  maxWidth: '100%',
  boxSizing: 'border-box',
  borderRadius: vars.radius.lg,
} as const

export const frame = style({ ...box, padding: 8, background: '#ffffff', boxShadow: `inset 0 0 0 1px ${vars.color.border}` })

export const placeholder = style({
  ...box,
  flexDirection: 'column',
  gap: vars.space.sm,
  background: vars.color.surfaceRaised,
  color: vars.color.foregroundSecondary,
  fontSize: vars.fontSize.sm,
})

export const sectionLabel = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foregroundTertiary,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
})

/** The error state fills the QR code's square. */
export const failure = style({ width: 272, minHeight: 208 })
