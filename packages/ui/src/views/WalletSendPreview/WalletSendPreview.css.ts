import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'
import { detailRowBase } from '../shared/Form.css'

// WalletSendPreview: what is sent (the token, the amount large, its USD value), to whom, on which
// network and at what fee; then Cancel and Send, or the wallet's prompt while it is asked.

export const view = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs}`,
})

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  textAlign: 'center',
})
export const heroLabel = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary })
export const heroAmount = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: '100%',
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  fontVariantNumeric: 'tabular-nums',
})
export const heroAmountText = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const heroUsd = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  fontVariantNumeric: 'tabular-nums',
})

/** The detail rows (../shared/Form.css), taller here: the receiver's name sits over its address. */
export const detail = style({ ...detailRowBase, minHeight: 36 })
export const value = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  minWidth: 0,
  margin: 0,
  color: vars.color.foreground,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'end',
})
export const receiverText = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', minWidth: 0 })
export const receiverName = style({ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const mono = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.foregroundSecondary,
  whiteSpace: 'nowrap',
})
export const monoStrong = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' })
export const muted = style({ color: vars.color.foregroundSecondary, fontWeight: vars.fontWeight.regular })

/** The wallet is asked: a spinner and the prompt, in place of nothing (the buttons stay, disabled). */
export const waiting = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.foreground,
})
export const waitingText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 })
export const waitingTitle = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold })
export const waitingHint = style({ fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary })

export const actions = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm })
