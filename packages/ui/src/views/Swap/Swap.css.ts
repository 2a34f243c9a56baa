import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'
import { alertBase, amountCardBase, amountInputBase, amountPlaceholder } from '../shared/Form.css'

// Swap: two cards ('You pay', 'You receive') with the round switch arrow between them, the quote's
// details, and the main button; the parts Send shares too live in ../shared (Form.css, Token.css).
// Every row fits the 375 px phone: long numbers end in '…', the token buttons never shrink.

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xs })

/** The two cards and the switch arrow over the gap between them. */
export const pair = style({ position: 'relative', display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const card = style({ ...amountCardBase, gap: vars.space.xs, padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm}` })
/** The target card takes no focus ring: its amount is read-only. */
export const cardTarget = style({ selectors: { '&:focus-within': { boxShadow: `inset 0 0 0 1px ${vars.color.border}` } } })
/** The card's label, and on the source card the balance with Max (clear of the switch arrow below). */
export const cardHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: 24,
  fontSize: vars.fontSize.xs,
  color: vars.color.foregroundSecondary,
  fontVariantNumeric: 'tabular-nums',
})
export const cardLabel = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.medium, color: vars.color.foregroundSecondary })

export const amountRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: 44 })
export const amountInput = style({
  ...amountInputBase,
  fontSize: 24,
  selectors: {
    ...amountPlaceholder,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
    '&[readonly]': { cursor: 'default' },
  },
})

export const tokenSkeleton = style({ width: 104, height: 40, borderRadius: vars.radius.full })
export const barSkeleton = style({ display: 'inline-block', height: 12, verticalAlign: 'middle' })

/** The round arrow over the gap between the cards. */
export const switchButton = style({
  appearance: 'none',
  position: 'absolute',
  top: '50%',
  insetInlineStart: '50%',
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  marginBlockStart: -18,
  marginInlineStart: -18,
  padding: 0,
  border: `4px solid ${vars.color.surface}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  boxShadow: `0 0 0 1px ${vars.color.border}`,
  color: vars.color.foreground,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
    '&:disabled': { cursor: 'not-allowed', color: vars.color.foregroundTertiary },
  },
})

export const unsupported = style({ ...alertBase, background: vars.color.warningSoft, color: vars.color.warning })
export const unsupportedIcon = style({ display: 'flex', flexShrink: 0, marginTop: 1 })
export const unsupportedText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs })
export const unsupportedTitle = style({ fontWeight: vars.fontWeight.semibold })
export const unsupportedAction = style({ display: 'flex', marginTop: vars.space.xs })
