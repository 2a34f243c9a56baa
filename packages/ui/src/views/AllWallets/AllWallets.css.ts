import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

export const search = style({ marginBottom: vars.space.sm })
export const legal = style({ marginBottom: vars.space.sm })

/** The scroll viewport (the listbox itself); its height is fixed so the rows can be virtualised. */
export const viewport = style({
  position: 'relative',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  borderRadius: vars.radius.md,
  outline: 'none',
  selectors: { '&:focus-visible': { boxShadow: vars.shadow.focus } },
})

export const spacer = style({ position: 'relative', width: '100%' })

export const row = style({
  position: 'absolute',
  insetInline: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  boxSizing: 'border-box',
  height: vars.size.listItem,
  paddingBlock: vars.space.sm,
  paddingInline: `${vars.space.sm} ${vars.space.md}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    '&:hover:not([aria-disabled="true"])': { background: vars.color.surfaceHover },
    '&[data-active="true"]': { borderColor: vars.color.accent, background: vars.color.accentSoft },
    '&[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
  },
})

export const image = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.walletImage,
  height: vars.size.walletImage,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  flexShrink: 0,
  overflow: 'hidden',
})

export const name = style({ flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

export const status = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 40,
  padding: `${vars.space.sm} 0`,
  color: vars.color.foregroundSecondary,
  fontSize: vars.fontSize.sm,
})

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xl} ${vars.space.md}`,
  textAlign: 'center',
})

/** The placeholders of a first page or a search, in the list's own height (nothing jumps when it arrives). */
export const placeholders = style({ overflow: 'hidden' })
