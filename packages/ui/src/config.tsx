// ui-level settings that are not headless options: links for the legal footer.
import { createContext, useContext } from 'react'

export type UiConfig = {
  /** Terms of Service link in the legal footer of Connect-family and on-ramp views. */
  termsConditionsUrl?: string
  /** Privacy Policy link in the legal footer. */
  privacyPolicyUrl?: string
}

export const UiConfigContext = createContext<UiConfig>({})
export const useUiConfig = () => useContext(UiConfigContext)
