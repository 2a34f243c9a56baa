import { useTheme } from '@portico/headless/react'
import { themeProps } from './theme/themeProps'

/** Theme class + sanitised variables of the current Portico instance, for a themed root element. */
export function useThemeProps() {
  const { themeMode, themeVariables } = useTheme()
  return themeProps(themeMode, themeVariables)
}
