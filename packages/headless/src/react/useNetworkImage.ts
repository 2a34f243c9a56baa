import { networkImageUrl, type NetworkAssets } from '../core/network/image'
import { usePortico } from './usePortico'

export interface UseNetworkImageReturn {
  /**
   * A network's logo URL: its `assets.imageUrl`, else `{explorerUrl}/network-images/{imageId}` (the
   * Portico API's logo); undefined when the network has neither. Render it only where it shows
   * (e.g. `<img loading="lazy">`): nothing is fetched here.
   */
  imageUrlOf: (network?: NetworkAssets) => string | undefined
}

/** Network logos of this instance (image fetches go to `options.explorerUrl`, SPEC §7). */
export function useNetworkImage(): UseNetworkImageReturn {
  const { options } = usePortico()
  return { imageUrlOf: (network) => networkImageUrl(network, options.explorerUrl) }
}
