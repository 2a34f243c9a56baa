import { useStore } from '@nanostores/react'
import { usePortico } from './usePortico'

export interface UseLegalReturn {
  /** The app turned the legal checkbox on (`features.legalCheckbox`). @default false */
  isLegalCheckboxEnabled: boolean
  /** @default false */
  isLegalCheckboxChecked: boolean
  setLegalChecked: (checked: boolean) => void
  /** The checkbox belongs in the Connect-family views: enabled, and a terms or privacy link to agree to. @default false */
  shown: boolean
  /** Connect methods are locked: shown and not checked. @default false */
  locked: boolean
  /** @default options.termsConditionsUrl */
  termsConditionsUrl?: string
  /** @default options.privacyPolicyUrl */
  privacyPolicyUrl?: string
}

/** The legal checkbox (SPEC §3): whether it applies, its checked state, the links it names and the lock it puts on connecting. */
export function useLegal(): UseLegalReturn {
  const { legal, features } = usePortico()
  const gate = useStore(legal.$gate)
  const flags = useStore(features.$features)
  return {
    isLegalCheckboxEnabled: flags.legalCheckbox,
    isLegalCheckboxChecked: gate.checked,
    setLegalChecked: legal.setLegalChecked,
    shown: gate.shown,
    locked: gate.locked,
    termsConditionsUrl: gate.termsConditionsUrl,
    privacyPolicyUrl: gate.privacyPolicyUrl,
  }
}
