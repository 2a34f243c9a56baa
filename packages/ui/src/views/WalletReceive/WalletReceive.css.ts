import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// WalletReceive: the current network pill, the QR code (QrCard's white square, a size smaller so the
// whole view fits a phone), the full address, Copy, the warning and the networks it receives on.

export const view = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.xs} ${vars.space.xs}`,
})

/** The current network, shown prominently: the one a sender must pick. */
export const network = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.xs,
  paddingInline: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
})
export const networkLabel = style({ fontWeight: vars.fontWeight.regular, color: vars.color.foregroundSecondary })

export const qrFrame = style({ width: 232, height: 232 })

export const addressBlock = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.xs, width: '100%' })
export const addressLabel = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary })
/** The full address, broken anywhere (no ellipsis: the sender compares every character). */
export const address = style({
  margin: 0,
  maxWidth: 300,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.foreground,
  textAlign: 'center',
  overflowWrap: 'anywhere',
  wordBreak: 'break-all',
  textWrap: 'balance',
})

export const warning = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  width: '100%',
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
  textAlign: 'start',
})
export const warningIcon = style({ display: 'flex', flexShrink: 0, marginTop: 1 })

export const networksBlock = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm, width: '100%' })
export const networksTitle = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary })
export const networks = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})
export const networkChip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingBlock: vars.space.xxs,
  paddingInline: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  fontSize: vars.fontSize.xs,
  color: vars.color.foreground,
})
export const networkChipCurrent = style({ boxShadow: `inset 0 0 0 1px ${vars.color.accent}`, fontWeight: vars.fontWeight.semibold })
