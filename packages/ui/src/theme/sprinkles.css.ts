// Atomic layout and colour utilities over the theme tokens, used through <Box>.
import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles'
import { vars } from './contract.css'

const space = vars.space
const colors = {
  foreground: vars.color.foreground,
  foregroundSecondary: vars.color.foregroundSecondary,
  foregroundTertiary: vars.color.foregroundTertiary,
  accent: vars.color.accent,
  accentText: vars.color.accentText,
  error: vars.color.error,
  success: vars.color.success,
  warning: vars.color.warning,
  surface: vars.color.surface,
  surfaceRaised: vars.color.surfaceRaised,
  accentSoft: vars.color.accentSoft,
  transparent: 'transparent',
}

const layout = defineProperties({
  properties: {
    display: ['none', 'flex', 'inline-flex', 'block', 'inline-block', 'grid'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    flexGrow: [0, 1],
    flexShrink: [0, 1],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    gap: space,
    paddingTop: space,
    paddingBottom: space,
    paddingInlineStart: space,
    paddingInlineEnd: space,
    marginTop: space,
    marginBottom: space,
    marginInlineStart: space,
    marginInlineEnd: space,
    width: { full: '100%', auto: 'auto' },
    minWidth: { 0: '0' },
    position: ['relative', 'absolute'],
    textAlign: ['start', 'center', 'end'],
    overflow: ['hidden', 'auto'],
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingInlineStart', 'paddingInlineEnd'],
    paddingX: ['paddingInlineStart', 'paddingInlineEnd'],
    paddingY: ['paddingTop', 'paddingBottom'],
    margin: ['marginTop', 'marginBottom', 'marginInlineStart', 'marginInlineEnd'],
    marginX: ['marginInlineStart', 'marginInlineEnd'],
    marginY: ['marginTop', 'marginBottom'],
  },
})

const look = defineProperties({
  properties: {
    color: colors,
    background: colors,
    borderRadius: vars.radius,
    fontSize: vars.fontSize,
    fontWeight: vars.fontWeight,
    fontFamily: vars.font,
    lineHeight: vars.lineHeight,
  },
})

export const sprinkles = createSprinkles(layout, look)
export type Sprinkles = Parameters<typeof sprinkles>[0]
