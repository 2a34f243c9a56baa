import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

const base = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
})

export const banner = styleVariants({
  info: [base, { background: vars.color.infoSoft, color: vars.color.info }],
  warning: [base, { background: vars.color.warningSoft, color: vars.color.warning }],
  error: [base, { background: vars.color.errorSoft, color: vars.color.error }],
  success: [base, { background: vars.color.successSoft, color: vars.color.success }],
  loading: [base, { background: vars.color.surfaceRaised, color: vars.color.foreground }],
})

export const icon = style({ display: 'flex', flexShrink: 0, paddingTop: 1 })
export const body = style({ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm })
export const action = style({ alignSelf: 'flex-start' })

export const snackbar = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: '100%',
  paddingBlock: vars.space.sm,
  paddingInline: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.foreground,
  boxShadow: vars.shadow.modal,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
})

export const snackbarText = style({ minWidth: 0, overflowWrap: 'anywhere' })

export const snackbarIcon = styleVariants({
  info: { color: vars.color.info, display: 'flex' },
  warning: { color: vars.color.warning, display: 'flex' },
  error: { color: vars.color.error, display: 'flex' },
  success: { color: vars.color.success, display: 'flex' },
  loading: { color: vars.color.accent, display: 'flex' },
})
