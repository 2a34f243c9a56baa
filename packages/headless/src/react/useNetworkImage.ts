import { useStore } from '@nanostores/react'
import { networkImageUrl, type NetworkAssets } from '../core/network/image'
import { usePortico } from './usePortico'

export interface UseNetworkImageReturn {
  /**
   * A network's logo URL: its `assets.imageUrl`, else `{explorerUrl}/network-images/{imageId}` (the
   * Portico API's logo) once the modal has been opened (no request to the API before the first
   * open); undefined when there is none yet. Render it only where it shows (e.g. `<img loading="lazy">`).
   */
  imageUrlOf: (network?: NetworkAssets) => string | undefined
}

/** Network logos of this instance (image fetches go to `options.explorerUrl`, SPEC §7). */
export function useNetworkImage(): UseNetworkImageReturn {
  const { options, modal } = usePortico()
  const opened = useStore(modal.$hasOpened)
  return {
    imageUrlOf: (network) => (network?.assets?.imageUrl || opened ? networkImageUrl(network, options.explorerUrl) : undefined),
  }
}
