import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// WalletSendSuccess: the success badge, what was sent and to whom, the transaction hash with Copy,
// the block-explorer link, and Done.

export const view = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.xs} ${vars.space.xs}`,
  textAlign: 'center',
})
export const badge = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 64,
  height: 64,
  borderRadius: vars.radius.full,
  background: vars.color.successSoft,
  color: vars.color.success,
})
export const heading = style({
  margin: 0,
  maxWidth: '100%',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  overflowWrap: 'anywhere',
})
export const sub = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xxs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
})
export const to = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, maxWidth: '100%' })
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs })
