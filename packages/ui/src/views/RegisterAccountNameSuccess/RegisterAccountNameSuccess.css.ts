import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// RegisterAccountNameSuccess: a success badge, the name large, one line, and Back to account.

export const view = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.sm} ${vars.space.xs}`,
})

export const badge = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 56,
  height: 56,
  borderRadius: vars.radius.full,
  background: vars.color.successSoft,
  color: vars.color.success,
})

/** The name in full, broken anywhere (a long label never overflows the modal). */
export const name = style({
  margin: 0,
  maxWidth: '100%',
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
})

export const text = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  lineHeight: vars.lineHeight.normal,
  textWrap: 'balance',
})
