/** The part of a network (SPEC §3 Network) its logo comes from. */
export interface NetworkAssets {
  assets?: { imageId?: string; imageUrl?: string }
}

/**
 * A network's logo URL (SPEC §3 assets): `assets.imageUrl` when the app set one, else the logo the
 * Portico API serves for `assets.imageId` at `{baseUrl}/network-images/{imageId}` (every preset of
 * `@portico/headless/networks` has one); undefined when the network has neither, or for an
 * `imageId` without an API (`baseUrl` ''). Image fetches go
 * to the explorer host (SPEC §7): pass `options.explorerUrl`.
 */
export function networkImageUrl(network: NetworkAssets | undefined, baseUrl: string): string | undefined {
  const assets = network?.assets
  if (assets?.imageUrl) return assets.imageUrl
  if (assets?.imageId && baseUrl) return `${baseUrl.replace(/\/+$/, '')}/network-images/${encodeURIComponent(assets.imageId)}`
  return undefined
}
