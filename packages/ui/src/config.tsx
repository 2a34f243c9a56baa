// ui-level settings that are not headless options: the provider's legal links (they win over the
// instance's options; PorticoProvider hands them to headless, which holds the one copy).
export type UiConfig = {
  /** Terms of Service link in the legal footer of Connect-family and on-ramp views. */
  termsConditionsUrl?: string
  /** Privacy Policy link in the legal footer. */
  privacyPolicyUrl?: string
}
