import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' })

/** One wallet: its image and name, and where to get it underneath. */
export const card = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  paddingBlock: `${vars.space.sm} ${vars.space.md}`,
  paddingInline: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
})
export const image = style({
  display: 'flex',
  flexShrink: 0,
  width: vars.size.walletImage,
  height: vars.size.walletImage,
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  background: vars.color.surface,
})
export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  flexGrow: 1,
  paddingTop: vars.space.xs,
})
export const name = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.foreground,
  lineHeight: vars.lineHeight.tight,
})
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })

/** A place to get the wallet: a small outlined chip that opens a new tab. */
export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: 28,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.xs,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.foreground,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.accent, color: vars.color.accentStrong },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
  },
})
export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.md}`,
  textAlign: 'center',
})
