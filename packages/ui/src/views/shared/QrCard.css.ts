import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// The QR code's card of the pairing views (ConnectingWalletConnect, ConnectingFarcaster): the white
// square, its placeholder while the link is on its way, the buttons below, and the error in its place.

/** The QR code's white square. */
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

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space.sm, marginTop: vars.space.xs })

/** A button drawn as a link (open in the wallet, on desktop, on the web). */
export const link = style({ textDecoration: 'none', boxSizing: 'border-box' })

/** The error state fills the QR code's square. */
export const failure = style({ width: 272, minHeight: 272 })
