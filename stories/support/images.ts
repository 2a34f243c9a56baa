// Inline SVG images for fixtures: no request leaves the page, and the pixels are the same every run.
const svg = (body: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">${body}</svg>`)}`

/** A wallet-logo-like tile: two-colour diagonal with a rounded glyph. */
export const walletImage = (from: string, to: string) =>
  svg(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="80" height="80" fill="url(#g)"/><rect x="18" y="26" width="44" height="30" rx="8" fill="#fff" opacity="0.92"/><circle cx="52" cy="41" r="4" fill="${from}"/>`,
  )

/** A network-logo-like disc. */
export const networkImage = (color: string, glyph: string) =>
  svg(
    `<rect width="80" height="80" fill="${color}"/><text x="40" y="52" font-family="Arial, sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle">${glyph}</text>`,
  )
