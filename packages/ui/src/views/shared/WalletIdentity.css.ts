import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const identity = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: '100%',
  paddingBlock: vars.space.xs,
  paddingInline: `${vars.space.xs} ${vars.space.lg}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  textAlign: 'start',
})

export const icon = style({ width: 28, height: 28, flexShrink: 0, borderRadius: vars.radius.xs, overflow: 'hidden', display: 'flex' })

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: vars.lineHeight.tight })

export const name = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const via = style({ fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary })
