/**
 * The legal checkbox of the Connect-family views (SPEC §2, §3): the app turns it on with
 * `features.legalCheckbox`; it is shown when there is a terms or privacy link to agree to, and until
 * it is checked every connect method is locked. The checked state lives here, so it survives
 * leaving a view and closing the modal.
 */
import { atom, computed, type ReadableAtom } from 'nanostores'

export interface LegalState {
  isLegalCheckboxChecked: boolean
}

export interface LegalLinks {
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
}

/** What the Connect-family views do with the checkbox. */
export interface LegalGate extends LegalLinks {
  /** The checkbox is part of the view (option on and a link to agree to). */
  shown: boolean
  /** Connect methods are disabled: shown and not checked. */
  locked: boolean
  checked: boolean
}

export interface LegalDeps {
  /** `features.legalCheckbox` (an app option only; a remote config never changes it). */
  enabled: () => boolean
  links: LegalLinks
}

export function createLegal(deps: LegalDeps = { enabled: () => false, links: {} }) {
  const $legal = atom<LegalState>({ isLegalCheckboxChecked: false })
  const $links = atom<LegalLinks>({ ...deps.links })
  const $gate: ReadableAtom<LegalGate> = computed([$legal, $links], (state, links) => {
    const shown = deps.enabled() && Boolean(links.termsConditionsUrl || links.privacyPolicyUrl)
    const checked = state.isLegalCheckboxChecked
    return { ...links, shown, checked, locked: shown && !checked }
  })
  return {
    $legal,
    $links: $links as ReadableAtom<LegalLinks>,
    $gate,
    setLegalChecked(checked: boolean): void {
      $legal.set({ isLegalCheckboxChecked: checked })
    },
    /** Replace the links (the default modal's provider props win over the options). Undefined keeps a link. */
    setLinks(links: LegalLinks): void {
      const current = $links.get()
      $links.set({
        termsConditionsUrl: links.termsConditionsUrl ?? current.termsConditionsUrl,
        privacyPolicyUrl: links.privacyPolicyUrl ?? current.privacyPolicyUrl,
      })
    },
    /** Are connect methods locked right now? */
    isLocked: (): boolean => $gate.get().locked,
  }
}

export type Legal = ReturnType<typeof createLegal>
