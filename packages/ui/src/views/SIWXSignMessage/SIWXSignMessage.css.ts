import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// SIWXSignMessage: the app's tile and the account's avatar side by side, the heading, the text, the
// account line, then the buttons (full width, primary first).

export const view = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.sm} ${vars.space.xs}`,
})

/** The app's icon and the account's picture, overlapping a little. */
export const pair = style({ display: 'flex', alignItems: 'center', justifyContent: 'center', marginBottom: vars.space.xs })

export const appTile = style({
  display: 'flex',
  width: 56,
  height: 56,
  borderRadius: 16,
  overflow: 'hidden',
  background: vars.color.surfaceRaised,
})

export const accountTile = style({
  display: 'flex',
  borderRadius: vars.radius.full,
  marginInlineStart: -10,
  boxShadow: `0 0 0 4px ${vars.color.surface}`,
  position: 'relative',
})

export const text = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.xs })

export const account = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  color: vars.color.foreground,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
})

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, width: '100%', marginTop: vars.space.xs })
