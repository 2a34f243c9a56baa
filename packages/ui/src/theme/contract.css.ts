// The theme contract: stable global custom properties (`--portico-color-accent` …) so apps can also
// theme the modal from plain CSS, plus the light and dark theme classes that assign them.
import { assignVars, createGlobalThemeContract, globalStyle, style } from '@vanilla-extract/css'
import { darkValues, lightValues, themeShape, tokenName } from './tokens'

export const vars = createGlobalThemeContract(themeShape, (_value, path) => tokenName(path))

const base = {
  fontFamily: vars.font.body,
  color: vars.color.foreground,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  WebkitFontSmoothing: 'antialiased',
  colorScheme: 'light',
  // Inherited by every text inside: no single word left alone on a paragraph's last line.
  textWrap: 'pretty',
} as const

export const lightThemeClass = style({ vars: assignVars(vars, lightValues), ...base })
export const darkThemeClass = style({ vars: assignVars(vars, darkValues), ...base, colorScheme: 'dark' })

for (const cls of [lightThemeClass, darkThemeClass]) {
  globalStyle(`${cls}, ${cls} *, ${cls} *::before, ${cls} *::after`, { boxSizing: 'border-box' })
}
