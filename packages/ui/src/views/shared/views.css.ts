import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' })

export const separator = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  margin: `${vars.space.xs} 0`,
  color: vars.color.foregroundTertiary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&::before, &::after': { content: '""', flexGrow: 1, height: 1, background: vars.color.border },
  },
})

export const socialRow = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(0, 1fr))', gap: vars.space.sm })

export const socialTile = style({
  appearance: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: 48,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
  },
})

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  borderRadius: vars.radius.xs,
  color: '#ffffff',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  boxShadow: `inset 0 0 0 1px rgba(255, 255, 255, 0.12)`,
  selectors: { '&::before': { content: 'attr(data-mark)' } },
})

export const brandLarge = style({ width: '100%', height: '100%', borderRadius: 0, fontSize: vars.fontSize.md })

export const centered = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  // Centred lines of even length: never one word on a line of its own.
  textWrap: 'balance',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.sm} ${vars.space.sm}`,
})

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  lineHeight: vars.lineHeight.tight,
})
export const muted = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  lineHeight: vars.lineHeight.normal,
})
export const small = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.foregroundTertiary })

export const networkTile = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 80,
  height: 80,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  color: vars.color.foregroundSecondary,
  overflow: 'visible',
})

export const networkImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block', borderRadius: 'inherit' })

export const badge = style({
  position: 'absolute',
  insetInlineEnd: -6,
  bottom: -6,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 30,
  height: 30,
  borderRadius: vars.radius.full,
  border: `3px solid ${vars.color.surface}`,
})
export const badgeError = style({ background: vars.color.error, color: vars.color.surface })
export const badgeWaiting = style({ background: vars.color.surface, color: vars.color.accent })

export const count = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: 22,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.xs,
  background: vars.color.surfaceHover,
  color: vars.color.foregroundSecondary,
  fontWeight: vars.fontWeight.semibold,
})

/** A failed list request, in the list's place (ListError). */
export const listError = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: vars.size.listItem,
  boxSizing: 'border-box',
  paddingBlock: vars.space.sm,
  paddingInline: `${vars.space.md} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.errorSoft,
  color: vars.color.foreground,
  fontSize: vars.fontSize.sm,
})
export const listErrorIcon = style({ display: 'flex', flexShrink: 0, color: vars.color.error })
export const listErrorText = style({ display: 'flex', flexDirection: 'column', gap: 2, flexGrow: 1, minWidth: 0 })
export const listErrorTitle = style({ fontWeight: vars.fontWeight.semibold, textWrap: 'balance' })

/** A failed pairing in the QR code's place (PairingError). */
export const pairingError = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  maxWidth: '100%',
  boxSizing: 'border-box',
  padding: `${vars.space.lg} ${vars.space.xl}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  textAlign: 'center',
})
export const pairingErrorIcon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 56,
  height: 56,
  borderRadius: vars.radius.full,
  background: vars.color.errorSoft,
  color: vars.color.error,
})
export const pairingErrorText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginBottom: vars.space.xs })

/** A quiet text button under a view's content ("New to wallets? What is a wallet?"). */
export const helpLink = style({
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'center',
  gap: vars.space.xs,
  margin: `${vars.space.xs} auto 0`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.xs,
  background: 'transparent',
  color: vars.color.foregroundSecondary,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { color: vars.color.accentStrong },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
  },
})
