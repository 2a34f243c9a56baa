import { useLegal } from '@portico/headless/react'
import type { ReactNode } from 'react'
import { LegalCheckbox } from '../../components/LegalCheckbox/LegalCheckbox'

export type LegalGate = {
  /** The legal checkbox is part of the Connect-family views (option on and a link to agree to). */
  shown: boolean
  /** Connect methods are disabled: the checkbox is shown and not checked. */
  locked: boolean
  /** The checkbox element, bound to the headless store (undefined when not shown). */
  checkbox?: ReactNode
}

/**
 * The legal checkbox element of the Connect-family views (SPEC §3). Whether it shows and whether it
 * locks connecting is decided by headless (useLegal); this only renders it.
 */
export function useLegalGate(): LegalGate {
  const legal = useLegal()
  if (!legal.shown) return { shown: false, locked: false }
  return {
    shown: true,
    locked: legal.locked,
    checkbox: (
      <LegalCheckbox
        checked={legal.isLegalCheckboxChecked}
        onChange={legal.setLegalChecked}
        termsConditionsUrl={legal.termsConditionsUrl}
        privacyPolicyUrl={legal.privacyPolicyUrl}
      />
    ),
  }
}
