import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

/** The mail tile (72 px) with its state badge. */
export const stage = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 72,
  height: 72,
  marginBottom: vars.space.xs,
  borderRadius: vars.radius.lg,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
})

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  maxWidth: '100%',
  marginBottom: vars.space.xs,
})

/** Sentences that carry the email: never cut, broken anywhere when it is long. */
export const wrapAnywhere = style({ overflowWrap: 'anywhere', maxWidth: '100%' })

export const badgeSuccess = style({ background: vars.color.success, color: vars.color.surface })

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, width: '100%', boxSizing: 'border-box' })

export const actions = style({ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: vars.space.xs, width: '100%' })

export const alert = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.error,
  textAlign: 'center',
})

/** The six boxes of the code, under one transparent input that takes the typing and pasting. */
export const otp = style({ position: 'relative', display: 'flex', justifyContent: 'center', width: '100%', margin: `${vars.space.xs} 0` })

export const otpBoxes = style({ display: 'grid', gridTemplateColumns: 'repeat(6, 44px)', gap: vars.space.sm, pointerEvents: 'none' })

export const otpInput = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  padding: 0,
  border: 'none',
  outline: 'none',
  background: 'transparent',
  // The boxes show the digits; the input's own text and caret stay invisible.
  color: 'transparent',
  caretColor: 'transparent',
  // 16 px keeps mobile browsers from zooming in on focus.
  fontSize: 16,
  cursor: 'text',
  selectors: { '&::selection': { background: 'transparent' }, '&:read-only': { cursor: 'default' } },
})

export const otpBox = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: 52,
  boxSizing: 'border-box',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.foreground,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    [`${otp}:not([data-busy="true"]):focus-within &[data-active="true"]`]: { borderColor: vars.color.accent, boxShadow: vars.shadow.focus },
    [`${otp}[data-invalid="true"] &`]: { borderColor: vars.color.error },
    [`${otp}[data-busy="true"] &`]: { color: vars.color.foregroundSecondary, background: vars.color.surfaceRaised },
  },
})

export const resendRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xxs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
})

export const linkButton = style({
  appearance: 'none',
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  border: 'none',
  borderRadius: vars.radius.xs,
  background: 'transparent',
  color: vars.color.accentStrong,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover:not(:disabled)': { textDecoration: 'underline' },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
    '&:disabled': { color: vars.color.foregroundTertiary, cursor: 'default' },
  },
})

export const status = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
})
