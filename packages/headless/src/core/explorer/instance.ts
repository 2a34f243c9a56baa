/** One wallet explorer per Portico instance, created on first use from the instance's options. */
import type { ExplorerWallet } from '../../api/schemas'
import type { Portico } from '../portico'
import { createExplorer, type Explorer } from './explorer'

export interface ExplorerOptions {
  /** App-provided wallets listed after featured ones (SPEC §9 "custom"). @default [] */
  customWallets?: ExplorerWallet[]
  /** Loads one image ahead of display (at most 20 calls, after the modal opened). @default `new Image().src = url` */
  prefetchImage?: (url: string) => void
}

const explorers = new WeakMap<Portico, Explorer>()

/**
 * The instance's wallet explorer. The first call creates it (later calls ignore `options`): it
 * watches the modal and prefetches images the first time it opens — call this early (e.g. right
 * after createPortico) to configure it; the default modal calls it when it first renders.
 */
export function explorerFor(portico: Portico, options: ExplorerOptions = {}): Explorer {
  let explorer = explorers.get(portico)
  if (!explorer) {
    explorer = createExplorer({
      api: portico.api,
      storage: portico.storage,
      timers: portico.options.timers,
      $connectors: portico.connection.$connectors,
      $modal: portico.modal.$modal,
      featuredWalletIds: portico.options.featuredWalletIds,
      includeWalletIds: portico.options.includeWalletIds,
      excludeWalletIds: portico.options.excludeWalletIds,
      chains: portico.options.networks.map((n) => n.caipNetworkId),
      customWallets: options.customWallets,
      prefetchImage: options.prefetchImage,
    })
    explorers.set(portico, explorer)
  }
  return explorer
}
