import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

/** The QR code's white square (as the WalletConnect one). */
export const frame = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 272,
  height: 272,
  maxWidth: '100%',
  padding: 8,
  boxSizing: 'border-box',
  borderRadius: vars.radius.lg,
  background: '#ffffff',
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
})

export const placeholder = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  width: 272,
  height: 272,
  maxWidth: '100%',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  color: vars.color.foregroundSecondary,
  fontSize: vars.fontSize.sm,
})

/** Mobile: the Farcaster mark above the deep link instead of a QR code. */
export const mark = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 72,
  height: 72,
  borderRadius: vars.radius.lg,
  background: '#7c5ccf',
  color: '#ffffff',
  fontSize: 32,
  fontWeight: vars.fontWeight.semibold,
})

export const waiting = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
})

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space.sm, marginTop: vars.space.xs })

export const link = style({ textDecoration: 'none', boxSizing: 'border-box' })

/** The error state fills the QR code's square. */
export const failure = style({ width: 272, minHeight: 272 })
