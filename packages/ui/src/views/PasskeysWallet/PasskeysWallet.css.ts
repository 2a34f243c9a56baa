import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, paddingBlock: vars.space.xs })

export const intro = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  lineHeight: vars.lineHeight.normal,
})

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.listItem,
  paddingBlock: vars.space.sm,
  paddingInline: `${vars.space.sm} ${vars.space.xs}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.foreground,
})

/** A row asking to confirm its removal: the question, then Keep and Remove. */
export const confirmRow = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.error}`,
  borderRadius: vars.radius.md,
  background: vars.color.errorSoft,
  color: vars.color.foreground,
})

export const confirmText = style({ margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' })

export const confirmActions = style({ display: 'flex', gap: vars.space.xs, justifyContent: 'flex-end' })

export const icon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  borderRadius: vars.radius.sm,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
  flexShrink: 0,
})

export const text = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, flexGrow: 1 })

export const nameLine = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 })

export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
})

export const badge = style({
  flexShrink: 0,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.full,
  background: vars.color.successSoft,
  color: vars.color.foreground,
  fontSize: vars.fontSize.xs,
  lineHeight: '18px',
})

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.sm,
  fontSize: vars.fontSize.xs,
  color: vars.color.foregroundSecondary,
})

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  textAlign: 'center',
})

export const emptyHeading = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.foreground })

export const emptyIcon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 48,
  height: 48,
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
})

export const add = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const errorBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.errorSoft,
})

export const errorText = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.error, overflowWrap: 'anywhere' })

export const status = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  textAlign: 'center',
})
