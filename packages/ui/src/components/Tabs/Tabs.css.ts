import { style } from '@vanilla-extract/css'
import { darkThemeClass, vars } from '../../theme/contract.css'

export const list = style({
  display: 'flex',
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
})
export const tab = style({
  appearance: 'none',
  flex: 1,
  height: 36,
  border: '1px solid transparent',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.foregroundTertiary,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { color: vars.color.foreground },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
    '&[aria-selected="true"]': { background: vars.color.surface, color: vars.color.foreground, boxShadow: vars.shadow.raised },
    // Dark: the selected tab is lighter than the track (surfaces darker than it vanish) and outlined.
    [`${darkThemeClass} &[aria-selected="true"]`]: { background: vars.color.surfaceActive, borderColor: vars.color.borderStrong },
  },
})
export const panel = style({ outline: 'none', paddingTop: vars.space.md })
