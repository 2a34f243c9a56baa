import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// WalletSend: the amount card (a large amount field, the token button, the USD value, the balance
// and Max), the receiver field with the resolved name under it, the network fee, the error and the
// main button. Every row fits the 375 px phone: long texts end in '…', numbers never push a row wider.

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs}` })

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  selectors: { '&:focus-within': { boxShadow: `inset 0 0 0 1px ${vars.color.accent}, ${vars.shadow.focus}` } },
})

export const amountRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm })

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
  fontSize: 32,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
  textOverflow: 'ellipsis',
  selectors: { '&::placeholder': { color: vars.color.foregroundTertiary } },
})

/** The token button: icon, symbol and a chevron, as a pill beside the amount. */
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
/** No token yet: an accent call to action. */
export const tokenButtonEmpty = style({
  paddingLeft: vars.space.md,
  background: vars.color.accent,
  boxShadow: 'none',
  color: vars.color.accentText,
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { background: vars.color.accentHover } },
})
export const tokenSymbol = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

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
export const resolvedName = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.foreground, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const resolvedAddress = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' })

/** Label left, value right: the network fee here, and the review's rows. */
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
  textAlign: 'right',
})
export const rowMuted = style({ color: vars.color.foregroundSecondary, fontWeight: vars.fontWeight.regular })

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.errorSoft,
  color: vars.color.error,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  overflowWrap: 'anywhere',
})
export const errorIcon = style({ display: 'flex', flexShrink: 0, marginTop: 2 })

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const tokenIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  objectFit: 'cover',
  background: vars.color.surfaceActive,
  color: vars.color.foregroundSecondary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
})
