/** Feature flags (SPEC §1): local options, completed by the remote flags of GET /appkit/v1/config. */
import { atom } from 'nanostores'
import { DEFAULT_FEATURES, type Features } from './options'

export function createFeatures(local: Partial<Features> = {}) {
  const $features = atom<Features>({ ...DEFAULT_FEATURES, ...local })
  return {
    $features,
    /**
     * Remote flags fill in every flag the app did not set itself (the app's own choice wins). The
     * legal checkbox is the app's decision alone: a remote value never changes it.
     */
    applyRemote(remote: Partial<Features>): void {
      const next: Features = { ...DEFAULT_FEATURES, ...remote, ...local, legalCheckbox: local.legalCheckbox ?? DEFAULT_FEATURES.legalCheckbox }
      $features.set(next)
    },
  }
}

export type FeaturesFlow = ReturnType<typeof createFeatures>
