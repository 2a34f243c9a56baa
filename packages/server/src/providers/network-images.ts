import { NETWORK_IMAGES } from '../images/networks.ts'

/** Network logos by imageId (SPEC §3 Network assets.imageId), served by GET /network-images/{imageId}. */
export interface NetworkImageProvider {
  /** The SVG of `imageId`, or undefined when there is none. */
  svg(imageId: string): Promise<string | undefined>
}

/**
 * The logos drawn for the presets of @portico/headless/networks (images/networks.ts), or another
 * table of SVGs. Only the table's own keys answer ('constructor', '__proto__' … never do).
 */
export function createBuiltinNetworkImages(images: Readonly<Record<string, string>> = NETWORK_IMAGES): NetworkImageProvider {
  return { svg: async (imageId) => (Object.hasOwn(images, imageId) ? images[imageId] : undefined) }
}
