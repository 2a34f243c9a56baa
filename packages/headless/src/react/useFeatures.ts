import { useStore } from '@nanostores/react'
import type { RestrictableFeature } from '@portico/protocol/explorer'
import type { Features } from '../core/options/options'
import { usePortico } from './usePortico'

export interface UseFeaturesReturn {
  /** The merged feature flags: the app's options over the defaults, completed by the remote config. */
  features: Features
  /** Features turned off for the visitor's region (SPEC §6; the remote config names them, they are false in `features`). @default [] */
  restricted: RestrictableFeature[]
  /** Fetch the project's remote flags (GET /appkit/v1/config) and merge them; flags the app set are kept. */
  loadRemote: () => Promise<void>
  /**
   * The instance has a Portico API (`apiUrl`). Without one the flags of NO_API_FEATURES are off, and a
   * view hides what has no flag: the token list and activity, names, the explorer's wallet list.
   */
  api: boolean
}

/** Feature flags, one source of truth for every view and custom UI (SPEC §1). */
export function useFeatures(): UseFeaturesReturn {
  const { features, options } = usePortico()
  return {
    features: useStore(features.$features),
    restricted: useStore(features.$restricted),
    loadRemote: features.loadRemote,
    api: Boolean(options.apiUrl),
  }
}
