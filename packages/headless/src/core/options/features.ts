/**
 * Feature flags (SPEC §1), one source of truth: the app's options over the defaults, completed by
 * the remote flags of GET /appkit/v1/config. Every reader (the connect-method order, the views, a
 * custom UI) reads the merged `$features`.
 */
import { atom, type ReadableAtom } from 'nanostores'
import type { RemoteConfig } from '../../api/explorer'
import { DEFAULT_FEATURES, type Features } from './options'

export function createFeatures(resolved: Features, appSet: Partial<Features> = {}, fetchRemote?: () => Promise<RemoteConfig>) {
  const $features = atom<Features>({ ...resolved })
  /**
   * Remote flags fill in every flag the app did not set itself (the app's own choice wins). The
   * legal checkbox is the app's decision alone: a remote value never changes it.
   */
  function applyRemote(remote: Partial<Features>): void {
    const { legalCheckbox: _ignored, ...flags } = remote
    void _ignored
    $features.set({ ...DEFAULT_FEATURES, ...flags, ...appSet, legalCheckbox: appSet.legalCheckbox ?? DEFAULT_FEATURES.legalCheckbox })
  }
  return {
    $features: $features as ReadableAtom<Features>,
    applyRemote,
    /** Fetch the project's remote flags (GET /appkit/v1/config) and merge them (rejects with the API's error; flags stay as they were). */
    async loadRemote(): Promise<void> {
      if (!fetchRemote) return
      applyRemote((await fetchRemote()).features)
    },
  }
}

export type FeaturesFlow = ReturnType<typeof createFeatures>
