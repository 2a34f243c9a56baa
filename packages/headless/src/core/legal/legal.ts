/** The legal checkbox of the Connect-family and on-ramp footers (SPEC §2, §3). */
import { atom } from 'nanostores'

export interface LegalState {
  isLegalCheckboxChecked: boolean
}

export function createLegal() {
  const $legal = atom<LegalState>({ isLegalCheckboxChecked: false })
  return {
    $legal,
    setLegalChecked(checked: boolean): void {
      $legal.set({ isLegalCheckboxChecked: checked })
    },
  }
}

export type Legal = ReturnType<typeof createLegal>
