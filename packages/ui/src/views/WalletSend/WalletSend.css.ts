import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'
import { amountCardBase, amountInputBase, amountPlaceholder } from '../shared/Form.css'

// WalletSend: the amount card (a large amount field, the token button, the USD value, the balance
// and Max), the receiver field with the resolved name under it, the network fee, the error and the
// main button; the parts Swap shares too live in ../shared (Form.css, Token.css). Every row fits the
// 375 px phone: long texts end in '…', numbers never push a row wider.

export const view = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs}`,
})

export const card = style({ ...amountCardBase, gap: vars.space.sm, padding: vars.space.md })

export const amountRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm })

export const amountInput = style({ ...amountInputBase, fontSize: 32, selectors: amountPlaceholder })

export const receiver = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const resolved = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  padding: `${vars.space.xs} ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
})
export const resolvedName = style({
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})
export const resolvedAddress = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' })

/** Label at the start, value at the end: the network fee here, and the review's rows. */
export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minHeight: 32,
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
})
export const rowValue = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  color: vars.color.foreground,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'end',
})
export const rowMuted = style({ color: vars.color.foregroundSecondary, fontWeight: vars.fontWeight.regular })

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })
