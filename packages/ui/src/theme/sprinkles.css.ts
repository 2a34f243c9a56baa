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
    paddingLeft: space,
    paddingRight: space,
    marginTop: space,
    marginBottom: space,
    marginLeft: space,
    marginRight: space,
    width: { full: '100%', auto: 'auto' },
    minWidth: { 0: '0' },
    position: ['relative', 'absolute'],
    textAlign: ['left', 'center', 'right'],
    overflow: ['hidden', 'auto'],
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    margin: ['marginTop', 'marginBottom', 'marginLeft', 'marginRight'],
    marginX: ['marginLeft', 'marginRight'],
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
