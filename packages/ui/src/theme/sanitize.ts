// App-supplied theme overrides (options.themeVariables) end up in a style attribute: only known
// `--portico-*` names and safe values pass (@portico/headless/theme, shared with the secure frame,
// which applies the theme the host syncs to it).
export { sanitizeThemeValue, sanitizeThemeVariables, type ThemeVariables } from '@portico/headless/theme'
