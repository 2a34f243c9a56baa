import { useStore } from '@nanostores/react'
import { networkImageUrl, type NetworkAssets } from '../core/network/image'
import { usePortico } from './usePortico'

export interface UseNetworkImageOptions {
  /**
   * For images shown outside the modal (a network button on the page): an API-hosted logo only once
   * the modal has been opened, so nothing asks the API before the first open. Views inside the
   * modal show theirs at once. An app-given `assets.imageUrl` always shows. @default false
   */
  deferUntilOpened?: boolean
}

export interface UseNetworkImageReturn {
  /**
   * A network's logo URL: its `assets.imageUrl`, else `{explorerUrl}/network-images/{imageId}` (the
   * Portico API's logo); undefined when there is none (yet). Render it only where it shows (e.g.
   * `<img loading="lazy">`): nothing is fetched here.
   */
  imageUrlOf: (network?: NetworkAssets) => string | undefined
}

/** Network logos of this instance (image fetches go to `options.explorerUrl`, SPEC §7). */
export function useNetworkImage(options: UseNetworkImageOptions = {}): UseNetworkImageReturn {
  const { options: instance, modal } = usePortico()
  const opened = useStore(modal.$hasOpened)
  const allowed = opened || !options.deferUntilOpened
  return {
    imageUrlOf: (network) => (network?.assets?.imageUrl || allowed ? networkImageUrl(network, instance.explorerUrl) : undefined),
  }
}
