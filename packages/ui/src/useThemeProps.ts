import { useTheme } from '@portico/headless/react'
import { themeProps } from './theme/themeProps'

/** Theme class + sanitised variables of the current Portico instance ('system' resolved), for a themed root element. */
export function useThemeProps() {
  const { resolvedThemeMode, themeVariables } = useTheme()
  return themeProps(resolvedThemeMode, themeVariables)
}
