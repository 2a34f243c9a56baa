import type { NetworkAssets } from '@portico/headless'
import { useNetworkImage } from '@portico/headless/react'
import { useState } from 'react'
import { gradientFor } from '../../components/Avatar/gradient'
import * as styles from './NetworkImage.css'

export type { NetworkAssets }

/**
 * Resolves network logos for this Portico instance (headless useNetworkImage): `assets.imageUrl`,
 * else the Portico API's `/network-images/{imageId}`. Every view and the NetworkButton resolve
 * through it, so they draw the same image.
 */
export function useNetworkImageUrl(options: { deferUntilOpened?: boolean } = {}): (network?: NetworkAssets) => string | undefined {
  return useNetworkImage(options).imageUrlOf
}

export type NetworkImageProps = {
  name: string
  caipNetworkId: string
  /** The logo (from useNetworkImageUrl); the monogram tile without one. */
  imageUrl?: string
  /** Pixel size. @default 40 */
  size?: number
}

/**
 * A network's logo, fetched only once it is rendered, and lazily (`loading="lazy"`: not while it
 * is off screen). Without a URL, or when the URL fails to load, a deterministic monogram tile from
 * the CAIP id. Decorative: the network's name is always written next to it.
 */
export function NetworkImage({ name, caipNetworkId, imageUrl, size = 40 }: NetworkImageProps) {
  const [failed, setFailed] = useState<string>()
  if (imageUrl && failed !== imageUrl) {
    return (
      <img
        className={styles.image}
        src={imageUrl}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(imageUrl)}
        style={{ width: size, height: size }}
        data-testid="portico-network-image"
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className={styles.monogram}
      data-mark={name.trim().charAt(0).toUpperCase()}
      data-testid="portico-network-image"
      style={{ width: size, height: size, background: gradientFor(caipNetworkId), fontSize: Math.round(size * 0.4) }}
    />
  )
}
