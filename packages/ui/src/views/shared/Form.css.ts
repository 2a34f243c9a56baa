import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// What the Send, Swap and RegisterAccountName views share: the amount card (its frame, the large
// amount field, the USD line with the balance and Max), the label/value detail rows and the error alert.

/** The amount card's frame; each view sets its gap and padding. */
export const amountCardBase = {
  display: 'flex',
  flexDirection: 'column',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  selectors: { '&:focus-within': { boxShadow: `inset 0 0 0 1px ${vars.color.accent}, ${vars.shadow.focus}` } },
} as const

/** The large amount field; each view sets its font size. */
export const amountInputBase = {
  flexGrow: 1,
  minWidth: 0,
  width: '100%',
  padding: 0,
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
} as const
export const amountPlaceholder = { '&::placeholder': { color: vars.color.foregroundTertiary } } as const

/**
 * The line under the amount: its USD value at the start, the balance and Max at the end; a value or
 * balance too long for one line puts the balance on a line of its own, whole (never cut with '…').
 */
export const metaRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: 24,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  fontVariantNumeric: 'tabular-nums',
})
export const usd = style({ whiteSpace: 'nowrap' })
export const balance = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0, marginInlineStart: 'auto' })
export const balanceText = style({ overflowWrap: 'anywhere' })
export const max = style({
  appearance: 'none',
  flexShrink: 0,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
  },
})

/** Label at the start, value at the end (a <dl> of them). */
export const details = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, margin: 0, padding: `0 ${vars.space.xs}` })
export const detailRowBase = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minHeight: 28,
  fontSize: vars.fontSize.sm,
} as const
export const detailRow = style(detailRowBase)
export const term = style({ flexShrink: 0, color: vars.color.foregroundSecondary })
/** A one-line value, ending in '…' when too long. */
export const value = style({
  minWidth: 0,
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.foreground,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'end',
})

/** An alert box: icon and text; the colours are the kind's. */
export const alertBase = {
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
} as const
export const error = style({ ...alertBase, background: vars.color.errorSoft, color: vars.color.error, overflowWrap: 'anywhere' })
export const errorIcon = style({ display: 'flex', flexShrink: 0, marginTop: 2 })
