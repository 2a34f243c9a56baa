/**
 * @portico/headless/theme: the theme's `--portico-*` variable names and the sanitiser of app-supplied
 * overrides, on their own (no store, no values): for @portico/ui's theme contract and for the secure
 * frame, which applies the theme the host syncs to it.
 */
export {
  sanitizeThemeValue,
  sanitizeThemeVariables,
  type ThemeValues,
  type ThemeVariables,
  themeShape,
  themeVariableNames,
  tokenName,
} from './core/theme/variables'
