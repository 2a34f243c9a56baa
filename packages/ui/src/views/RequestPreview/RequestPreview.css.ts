import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'
import { alertBase } from '../shared/Form.css'

// RequestPreview: a card with what the request does (heading, detail rows, a message, a batch's
// calls), the warnings, the simulation (../shared/Simulation), the wallet's prompt while it is asked,
// then Cancel and Continue. The detail rows and the alert base: ../shared/Form.css.

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xs })

export const checking = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  minHeight: 120,
  fontSize: vars.fontSize.sm,
  color: vars.color.foregroundSecondary,
})

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
})
export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.foreground })

/** A value: wraps when long (a date with its time zone), never cut. */
export const value = style({
  minWidth: 0,
  margin: 0,
  color: vars.color.foreground,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'end',
  overflowWrap: 'anywhere',
})

/** An address or hash value: monospace, cut with '…' (the full one is its title). */
export const mono = style({
  minWidth: 0,
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.foreground,
  textAlign: 'end',
})

/** A message to sign, whole (the modal's body scrolls when it is long). */
export const message = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.foreground,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})

export const calls = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' })
export const call = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs })
export const callHeading = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.foreground })

export const warnings = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })
const warningBase = { ...alertBase, alignItems: 'flex-start', overflowWrap: 'anywhere' } as const
export const warning = style({ ...warningBase, background: vars.color.warningSoft, color: vars.color.warning })
export const danger = style({ ...warningBase, background: vars.color.errorSoft, color: vars.color.error })

/** The wallet is asked: a spinner and the prompt (the buttons stay, disabled). */
export const waiting = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.foreground,
})
export const waitingText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 })
export const waitingTitle = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold })
export const waitingHint = style({ fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary })

export const queued = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.foregroundSecondary, textAlign: 'center' })

export const actions = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.sm })
