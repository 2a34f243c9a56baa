import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'
import { alertBase } from './Form.css'

// Simulation: a review's simulated balance changes (a heading with a 'Simulated' badge, one row per
// asset, the fee), or that the transaction will fail, or that it could not be simulated.

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
})
export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm })
export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
})
export const badge = style({
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
})
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, margin: 0, padding: 0, listStyle: 'none' })
export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 28,
  fontSize: vars.fontSize.sm,
})
export const symbol = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.foreground,
})
const amountBase = {
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  textAlign: 'end',
} as const
export const out = style({ ...amountBase, color: vars.color.error })
export const inn = style({ ...amountBase, color: vars.color.success })
export const usd = style({ color: vars.color.foregroundSecondary, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' })
export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.foregroundSecondary })
export const pending = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
})
export const fee = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  fontVariantNumeric: 'tabular-nums',
})
export const failing = style({
  ...alertBase,
  flexDirection: 'column',
  gap: vars.space.xxs,
  background: vars.color.errorSoft,
  color: vars.color.error,
  overflowWrap: 'anywhere',
})
export const failingTitle = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, fontWeight: vars.fontWeight.semibold })
export const unavailable = style({
  ...alertBase,
  background: vars.color.warningSoft,
  color: vars.color.warning,
})
export const noteIcon = style({ display: 'flex', flexShrink: 0, marginTop: 2 })
