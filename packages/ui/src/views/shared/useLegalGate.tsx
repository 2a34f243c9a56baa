import { useLegal } from '@portico/headless/react'
import type { ReactNode } from 'react'
import { LegalCheckbox } from '../../components/LegalCheckbox/LegalCheckbox'
import { useUiConfig } from '../../config'

export type LegalGate = {
  /** The legal checkbox is part of the Connect-family views (option on and a link to agree to). */
  shown: boolean
  /** Connect methods are disabled: the checkbox is shown and not checked. */
  locked: boolean
  /** The checkbox element, bound to the headless store (undefined when not shown). */
  checkbox?: ReactNode
}

/**
 * The legal checkbox of the Connect-family views (SPEC §3): shown when the app turned
 * `features.legalCheckbox` on and gave a terms or privacy link; until it is checked the connect
 * methods are locked. The checked state lives in the headless store, so it survives view changes.
 */
export function useLegalGate(): LegalGate {
  const legal = useLegal()
  const config = useUiConfig()
  const termsConditionsUrl = config.termsConditionsUrl ?? legal.termsConditionsUrl
  const privacyPolicyUrl = config.privacyPolicyUrl ?? legal.privacyPolicyUrl
  if (!legal.isLegalCheckboxEnabled || !(termsConditionsUrl || privacyPolicyUrl)) return { shown: false, locked: false }
  return {
    shown: true,
    locked: !legal.isLegalCheckboxChecked,
    checkbox: (
      <LegalCheckbox checked={legal.isLegalCheckboxChecked} onChange={legal.setLegalChecked} termsConditionsUrl={termsConditionsUrl} privacyPolicyUrl={privacyPolicyUrl} />
    ),
  }
}
