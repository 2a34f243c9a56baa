import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const item = style({
  appearance: 'none',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: vars.size.listItem,
  paddingBlock: vars.space.sm,
  paddingInline: `${vars.space.sm} ${vars.space.md}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  transition: 'background-color 120ms ease',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover },
    '&:active:not(:disabled)': { background: vars.color.surfaceActive },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
    '&[aria-current="true"]': { borderColor: vars.color.accent, background: vars.color.accentSoft },
  },
})

export const leading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.walletImage,
  height: vars.size.walletImage,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.foregroundSecondary,
  flexShrink: 0,
  overflow: 'hidden',
})

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1, gap: 2 })
export const title = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
/** A title that wraps (at word boundaries, balanced) rather than ending in '…'. */
export const titleWrap = style({ overflowWrap: 'anywhere', textWrap: 'balance', lineHeight: vars.lineHeight.tight })
export const description = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.foregroundSecondary,
})
export const trailing = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.foregroundTertiary,
  flexShrink: 0,
  fontSize: vars.fontSize.xs,
  selectors: { [`${item}[aria-current="true"] &`]: { color: vars.color.accentStrong, fontWeight: vars.fontWeight.semibold } },
})
