import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// Swap: two cards ('You pay', 'You receive') with the round switch arrow between them, the quote's
// details, and the main button. Every row fits the 375 px phone: long numbers end in '…', the token
// buttons never shrink.

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xs })

/** The two cards and the switch arrow over the gap between them. */
export const pair = style({ position: 'relative', display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  selectors: { '&:focus-within': { boxShadow: `inset 0 0 0 1px ${vars.color.accent}, ${vars.shadow.focus}` } },
})
/** The target card takes no focus ring: its amount is read-only. */
export const cardTarget = style({ selectors: { '&:focus-within': { boxShadow: `inset 0 0 0 1px ${vars.color.border}` } } })
/** The card's label, and on the source card the balance with Max (clear of the switch arrow below). */
export const cardHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, minHeight: 24, fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary, fontVariantNumeric: 'tabular-nums' })
export const cardLabel = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.medium, color: vars.color.foregroundSecondary })

export const amountRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: 44 })
export const amountInput = style({
  flexGrow: 1,
  minWidth: 0,
  width: '100%',
  padding: 0,
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: 24,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
  textOverflow: 'ellipsis',
  selectors: {
    '&::placeholder': { color: vars.color.foregroundTertiary },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
    '&[readonly]': { cursor: 'default' },
  },
})

export const tokenButton = style({
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
  maxWidth: 150,
  height: 40,
  padding: `0 ${vars.space.sm} 0 ${vars.space.xs}`,
  border: 'none',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: `inset 0 0 0 1px ${vars.color.borderStrong}`,
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
  },
})
export const tokenButtonEmpty = style({
  paddingLeft: vars.space.md,
  background: vars.color.accent,
  boxShadow: 'none',
  color: vars.color.accentText,
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { background: vars.color.accentHover } },
})
export const tokenSymbol = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const tokenSkeleton = style({ width: 104, height: 40, borderRadius: vars.radius.full })
export const barSkeleton = style({ display: 'inline-block', height: 12, verticalAlign: 'middle' })

export const metaRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: 24,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  fontVariantNumeric: 'tabular-nums',
})
export const usd = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const balance = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0, marginLeft: 'auto' })
export const balanceText = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
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

/** The round arrow over the gap between the cards. */
export const switchButton = style({
  appearance: 'none',
  position: 'absolute',
  top: '50%',
  left: '50%',
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  margin: '-18px 0 0 -18px',
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

export const details = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, margin: 0, padding: `0 ${vars.space.xs}` })
export const detail = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minHeight: 28,
  fontSize: vars.fontSize.sm,
})
export const term = style({ flexShrink: 0, color: vars.color.foregroundSecondary })
export const value = style({
  minWidth: 0,
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.foreground,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'right',
})

export const unsupported = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
})
export const unsupportedIcon = style({ display: 'flex', flexShrink: 0, marginTop: 1 })
export const unsupportedText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs })
export const unsupportedTitle = style({ fontWeight: vars.fontWeight.semibold })
