import { useStore } from '@nanostores/react'
import { usePortico } from './usePortico'

export interface UseLegalReturn {
  /**
   * The app turned the legal checkbox on (`features.legalCheckbox`). The default modal shows it only
   * when a terms or privacy link is set. @default false
   */
  isLegalCheckboxEnabled: boolean
  /** @default false */
  isLegalCheckboxChecked: boolean
  setLegalChecked: (checked: boolean) => void
  /** options.termsConditionsUrl. @default undefined */
  termsConditionsUrl?: string
  /** options.privacyPolicyUrl. @default undefined */
  privacyPolicyUrl?: string
}

/** The legal checkbox (SPEC §3): whether the app wants it, its checked state and the links it names. */
export function useLegal(): UseLegalReturn {
  const { legal, options } = usePortico()
  const state = useStore(legal.$legal)
  return {
    isLegalCheckboxEnabled: options.features.legalCheckbox,
    isLegalCheckboxChecked: state.isLegalCheckboxChecked,
    setLegalChecked: legal.setLegalChecked,
    termsConditionsUrl: options.termsConditionsUrl,
    privacyPolicyUrl: options.privacyPolicyUrl,
  }
}
