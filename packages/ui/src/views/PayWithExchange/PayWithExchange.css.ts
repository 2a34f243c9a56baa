import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'
import { alertBase, amountCardBase, amountInputBase, amountPlaceholder } from '../shared/Form.css'

// PayWithExchange: the amount card (USD amount, the asset's pill and network, the token amount), the
// preset amounts, the exchanges; then the waiting, success and failure panels. Every row fits the
// 375 px phone: long numbers end in '…', the asset pill never shrinks.

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xs, outline: 'none' })

export const card = style({ ...amountCardBase, gap: vars.space.xs, padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm}` })
export const cardHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: 24,
  fontSize: vars.fontSize.xs,
  color: vars.color.foregroundSecondary,
})
export const cardLabel = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.medium, color: vars.color.foregroundSecondary })
/** The asset's network: its logo and 'on Ethereum'. */
export const network = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
})

/** The network's logo, small: rounded like the modal's network images. */
export const networkMark = style({ display: 'inline-flex', flexShrink: 0, borderRadius: 4, overflow: 'hidden' })

export const amountRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: 44 })
/** '$' before the amount, as large as it. */
export const currency = style({
  flexShrink: 0,
  fontSize: 24,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.foregroundSecondary,
  lineHeight: vars.lineHeight.tight,
})
export const amountInput = style({ ...amountInputBase, fontSize: 24, selectors: { ...amountPlaceholder } })
/** The pill without a picker (one asset): not a button. */
export const pillStatic = style({ cursor: 'default', paddingInlineEnd: vars.space.md })
export const pillSkeleton = style({ width: 96, height: 40, borderRadius: vars.radius.full })
export const barSkeleton = style({ display: 'inline-block', height: 12, verticalAlign: 'middle' })

/** The token amount line, or the price's failure with Retry. */
export const tokenLine = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 24,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  fontVariantNumeric: 'tabular-nums',
})
export const tokenText = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const priceError = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.error })
export const retryLink = style({
  appearance: 'none',
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
  selectors: { '&:hover': { background: vars.color.surfaceHover }, '&:focus-visible': { boxShadow: vars.shadow.focus } },
})

/** The preset amounts: equal chips in one row. */
export const presets = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})
export const preset = style({
  appearance: 'none',
  width: '100%',
  height: 36,
  border: 'none',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
    '&[aria-pressed="true"]': {
      background: vars.color.accentSoft,
      boxShadow: `inset 0 0 0 1px ${vars.color.accent}`,
      color: vars.color.accentStrong,
    },
  },
})

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })
export const sectionTitle = style({
  margin: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
})
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })
export const exchangeImage = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover', borderRadius: 'inherit' })
export const exchangeMonogram = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  borderRadius: 'inherit',
  background: vars.color.surfaceActive,
  color: vars.color.foregroundSecondary,
  fontWeight: vars.fontWeight.semibold,
})
export const rowSkeleton = style({ height: vars.size.listItem, borderRadius: vars.radius.md })
/** The listing's failure where the exchanges go: icon, text and Try again on one line. */
export const listFailure = style({ ...alertBase, alignItems: 'center', background: vars.color.errorSoft, color: vars.color.error })
export const listFailureIcon = style({ display: 'flex', flexShrink: 0 })
export const listFailureText = style({ flexGrow: 1, minWidth: 0, fontWeight: vars.fontWeight.medium })
export const hint = style({ margin: `0 ${vars.space.xs}`, fontSize: vars.fontSize.xs, color: vars.color.foregroundTertiary })

export const notice = style({ ...alertBase, background: vars.color.warningSoft, color: vars.color.warning })
export const noticeIcon = style({ display: 'flex', flexShrink: 0, marginTop: 1 })
export const noticeText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs })
export const noticeTitle = style({ fontWeight: vars.fontWeight.semibold })
export const noticeAction = style({ display: 'flex', marginTop: vars.space.xs })

// ——— waiting, success, failure ———

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.xs} ${vars.space.xs}`,
  textAlign: 'center',
  outline: 'none',
})
/** The exchange's logo inside a turning ring while the payment waits. */
export const waitingMark = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 72,
  height: 72,
})
export const waitingSpinner = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.accent,
})
export const waitingLogo = style({ width: 48, height: 48, borderRadius: vars.radius.md, overflow: 'hidden' })
export const badge = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 64,
  height: 64,
  borderRadius: vars.radius.full,
})
export const badgeSuccess = style({ background: vars.color.successSoft, color: vars.color.success })
export const badgeError = style({ background: vars.color.errorSoft, color: vars.color.error })
export const heading = style({
  margin: 0,
  maxWidth: '100%',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  overflowWrap: 'anywhere',
  textWrap: 'balance',
})
export const sub = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  lineHeight: vars.lineHeight.normal,
  textWrap: 'balance',
})
export const statusBox = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  fontSize: vars.fontSize.sm,
})
export const statusTerm = style({ color: vars.color.foregroundSecondary })
export const statusValue = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.foreground,
})
export const statusDot = style({ width: 8, height: 8, borderRadius: vars.radius.full, background: vars.color.accent })

export const failure = style({
  ...alertBase,
  width: '100%',
  boxSizing: 'border-box',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.xxs,
  background: vars.color.errorSoft,
  color: vars.color.error,
  textAlign: 'start',
  overflowWrap: 'anywhere',
})
export const failureTitle = style({ fontWeight: vars.fontWeight.semibold })
export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, width: '100%' })
