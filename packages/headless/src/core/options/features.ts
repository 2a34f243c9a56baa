/**
 * Feature flags (SPEC §1), one source of truth: the app's options over the defaults, completed by
 * the remote flags of GET /appkit/v1/config. Every reader (the connect-method order, the views, a
 * custom UI) reads the merged `$features`.
 */
import type { RestrictableFeature } from '@portico/protocol/explorer'
import { atom, type ReadableAtom } from 'nanostores'
import type { RemoteConfig } from '../../api/explorer'
import { DEFAULT_FEATURES, type Features } from './options'

export function createFeatures(resolved: Features, appSet: Partial<Features> = {}, fetchRemote?: () => Promise<RemoteConfig>) {
  const $features = atom<Features>({ ...resolved })
  /** Features turned off for the visitor's region (SPEC §6), from the remote config: the views say why. */
  const $restricted = atom<RestrictableFeature[]>([])
  /**
   * Remote flags fill in every flag the app did not set itself (the app's own choice wins). The
   * legal checkbox is the app's decision alone: a remote value never changes it. A region
   * restriction (SPEC §6) wins over everything: its features are off even when the app turned them on
   * (payWithExchange also takes its `payments` and `pay` switches with it).
   */
  function applyRemote(remote: Partial<Features>, restricted: readonly RestrictableFeature[] = []): void {
    const { legalCheckbox: _ignored, ...flags } = remote
    void _ignored
    const merged: Features = {
      ...DEFAULT_FEATURES,
      ...flags,
      ...appSet,
      legalCheckbox: appSet.legalCheckbox ?? DEFAULT_FEATURES.legalCheckbox,
    }
    for (const name of restricted) {
      merged[name] = false
      if (name === 'payWithExchange') merged.payments = merged.pay = false
    }
    $restricted.set([...restricted])
    $features.set(merged)
  }
  return {
    $features: $features as ReadableAtom<Features>,
    $restricted: $restricted as ReadableAtom<RestrictableFeature[]>,
    applyRemote,
    /** Fetch the project's remote flags (with the visitor's time zone) and merge them (rejects with the API's error; flags stay as they were). */
    async loadRemote(): Promise<void> {
      if (!fetchRemote) return
      const { features, restricted } = await fetchRemote()
      applyRemote(features, restricted)
    },
  }
}

export type FeaturesFlow = ReturnType<typeof createFeatures>
