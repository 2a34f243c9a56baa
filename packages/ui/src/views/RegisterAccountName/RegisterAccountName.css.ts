import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// RegisterAccountName: a short hint, the name field with its zone, the availability line, the free
// suggestions as chips, the error (../shared/Form.css), and Register.

export const view = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.xs} ${vars.space.xs}`,
})

export const intro = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  lineHeight: vars.lineHeight.normal,
})

export const fieldset = style({ margin: 0, padding: 0, border: 'none', minWidth: 0 })

/** The zone after the typed label ('.portico.id'): part of the name, not editable. */
export const zone = style({
  flexShrink: 0,
  maxWidth: '55%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  paddingInlineEnd: vars.space.xs,
  fontSize: vars.fontSize.md,
  color: vars.color.foregroundSecondary,
})

/** The availability line; it keeps its height so the form does not jump as it changes. */
export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: 20,
  marginTop: `calc(-1 * ${vars.space.xs})`,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  overflowWrap: 'anywhere',
})
const line = { display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontWeight: vars.fontWeight.medium } as const
export const available = style({ ...line, color: vars.color.success })
export const taken = style({ ...line, color: vars.color.error })

export const suggestionsBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })
export const suggestionsTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.foregroundSecondary,
})
export const suggestions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })
export const suggestion = style({
  appearance: 'none',
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&:hover': { background: vars.color.surfaceHover }, '&:focus-visible': { boxShadow: vars.shadow.focus } },
})

export const confirmHint = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
  textAlign: 'center',
  lineHeight: vars.lineHeight.normal,
})
