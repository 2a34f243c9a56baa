import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// SwapPreview: what is paid and received (two rows joined by an arrow), the quote's details, the
// approval and swap steps when an approval comes first, the wallet's prompt or the error, then Cancel
// and the main button. The detail rows and the error alert: ../shared/Form.css.

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xs })

export const sides = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
})
export const side = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateRows: 'auto auto',
  columnGap: vars.space.sm,
  alignItems: 'center',
})
export const sideLabel = style({ gridColumn: '1 / span 2', fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary })
export const sideAmount = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  fontVariantNumeric: 'tabular-nums',
})
export const sideAmountText = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const sideUsd = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
})
export const arrow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  marginInlineStart: 0,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: `0 0 0 1px ${vars.color.border}`,
  color: vars.color.foregroundSecondary,
  // The chevron points down: from what is paid to what is received.
  transform: 'rotate(90deg)',
})

export const steps = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' })
export const step = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  color: vars.color.foregroundSecondary,
  fontSize: vars.fontSize.sm,
})
export const stepCurrent = style({ color: vars.color.foreground })
export const stepNumber = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 22,
  height: 22,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceActive,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  selectors: { [`${stepCurrent} &`]: { background: vars.color.accent, color: vars.color.accentText } },
})
export const stepText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0, paddingTop: 2 })
export const stepTitle = style({ fontWeight: vars.fontWeight.semibold })
export const stepHint = style({ fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary })

export const actions = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.sm })
