import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'
import { alertBase, amountCardBase, amountInputBase, amountPlaceholder } from '../shared/Form.css'
import { pillButtonBase, pillButtonStates } from '../shared/Token.css'

// OnRampProviders: the amount card (the fiat amount, its currency, the preset amounts), what is
// bought, then the providers with their quotes (or the waiting state while one's window is open).
// Every row fits the 375 px phone: long numbers end in '…', the buttons never shrink.

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xs })

export const card = style({ ...amountCardBase, gap: vars.space.sm, padding: `${vars.space.md} ${vars.space.md} ${vars.space.md}` })
export const cardInvalid = style({
  boxShadow: `inset 0 0 0 1px ${vars.color.error}`,
  selectors: { '&:focus-within': { boxShadow: `inset 0 0 0 1px ${vars.color.error}, ${vars.shadow.focus}` } },
})
export const cardLabel = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.medium, color: vars.color.foregroundSecondary })
export const amountRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: 44 })
export const amountInput = style({
  ...amountInputBase,
  fontSize: 28,
  selectors: { ...amountPlaceholder, '&:disabled': { cursor: 'not-allowed', opacity: 0.6 } },
})

/** The fiat currency's button beside the amount: its symbol on a disc, the code, a chevron. */
export const fiatPill = style({
  ...pillButtonBase,
  flexShrink: 0,
  height: 40,
  background: vars.color.surface,
  boxShadow: `inset 0 0 0 1px ${vars.color.borderStrong}`,
  fontSize: vars.fontSize.md,
  selectors: pillButtonStates,
})
export const fiatSymbol = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
})
export const pillSkeleton = style({ width: 92, height: 40, borderRadius: vars.radius.full })

/** The preset amounts: equal pills in one row. */
export const presets = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})
export const preset = style({
  ...pillButtonBase,
  justifyContent: 'center',
  width: '100%',
  height: 32,
  padding: `0 ${vars.space.xs}`,
  background: vars.color.surface,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    ...pillButtonStates,
    '&[aria-pressed="true"]': {
      background: vars.color.accentSoft,
      boxShadow: `inset 0 0 0 1px ${vars.color.accent}`,
      color: vars.color.accentStrong,
    },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
  },
})
export const presetSkeleton = style({ height: 32, borderRadius: vars.radius.full })

/** Below the card: the amount outside the limits. */
export const amountError = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: `calc(-1 * ${vars.space.xs}) 0 0`,
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.error,
})

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const heading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foregroundSecondary,
})
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })

/** A provider's initial on a tile (no logos are given). */
export const providerTile = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
})
export const providerTitle = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 })
export const best = style({
  flexShrink: 0,
  padding: `1px ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontSize: 11,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
})
export const quote = style({ color: vars.color.foreground, fontWeight: vars.fontWeight.medium, fontVariantNumeric: 'tabular-nums' })
export const quoteError = style({ color: vars.color.error })
export const fee = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: vars.color.foregroundSecondary })
export const barSkeleton = style({ display: 'inline-block', width: 120, height: 12, verticalAlign: 'middle' })
export const hint = style({
  margin: 0,
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.foregroundSecondary,
  textAlign: 'center',
})
export const retryRow = style({ display: 'flex', justifyContent: 'center' })

/** The provider's window is open: a panel in place of the providers. */
export const waiting = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.lg} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  textAlign: 'center',
})
export const waitingIcon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 52,
  height: 52,
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
})
export const waitingTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  textWrap: 'balance',
})
export const waitingText = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.foregroundSecondary, textWrap: 'balance' })
export const waitingActions = style({
  display: 'flex',
  flexDirection: 'column',
  alignSelf: 'stretch',
  gap: vars.space.xs,
  marginTop: vars.space.xs,
})

export const notice = style({ ...alertBase, background: vars.color.warningSoft, color: vars.color.warning })
export const noticeIcon = style({ display: 'flex', flexShrink: 0, marginTop: 1 })
export const noticeText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs })
export const noticeTitle = style({ fontWeight: vars.fontWeight.semibold })
export const noticeAction = style({ display: 'flex', marginTop: vars.space.xs })

/** The pickers (OnRampTokenSelect, OnRampFiatSelect): one list of rows. */
export const picker = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.xs })
/** A list row's place while loading (ListItem's height and corners). */
export const rowSkeleton = style({ width: '100%', height: vars.size.listItem, borderRadius: vars.radius.md })
/** A currency's symbol on a tile that stays visible on the current (accent) row. */
export const fiatTile = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  borderRadius: 'inherit',
  background: vars.color.surface,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  color: vars.color.accentStrong,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
})
/** The provider's window was closed: an info note above the providers. */
export const returned = style({ ...alertBase, background: vars.color.infoSoft, color: vars.color.info })
