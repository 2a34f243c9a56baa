import { NETWORK_IMAGES } from '../images/networks.ts'
import { web3Icon } from '../images/web3icons.ts'

/** Network logos by imageId (SPEC §3 Network assets.imageId), served by GET /network-images/{imageId}. */
export interface NetworkImageProvider {
  /** The SVG of `imageId`, or undefined when there is none. */
  svg(imageId: string): Promise<string | undefined>
}

/** The name in @web3icons/core of each preset's imageId (where they differ, the set's own name). */
export const WEB3ICONS_NETWORKS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.keys(NETWORK_IMAGES).map((id) => [id, id])),
  arbitrum: 'arbitrum-one',
  bnb: 'binance-smart-chain',
}

/**
 * The logos of the presets of @portico/headless/networks: @web3icons/core's, else the mark drawn
 * for Portico (images/networks.ts).
 */
export function builtinNetworkImages(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(NETWORK_IMAGES).map(([id, drawn]) => [id, web3Icon('networks', WEB3ICONS_NETWORKS[id] ?? id) ?? drawn]),
  )
}

/**
 * The built-in logos (builtinNetworkImages), or another table of SVGs. Only the table's own keys
 * answer ('constructor', '__proto__' … never do).
 */
export function createBuiltinNetworkImages(images: Readonly<Record<string, string>> = builtinNetworkImages()): NetworkImageProvider {
  return { svg: async (imageId) => (Object.hasOwn(images, imageId) ? images[imageId] : undefined) }
}
