import { createHash } from 'node:crypto'

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] as string)

function palette(seed: string): [string, string] {
  const h = createHash('sha256').update(seed).digest()
  const hue = ((h[0] as number) * 360) / 256
  const hue2 = (hue + 40 + ((h[1] as number) % 80)) % 360
  return [`hsl(${hue.toFixed(0)} 70% 52%)`, `hsl(${hue2.toFixed(0)} 75% 38%)`]
}

/** Initials of a wallet name: first letters of its first two words. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
}

/** A wallet logo: a rounded square with a gradient from the seed and the name's initials. */
export function walletSvg(name: string, seed: string): string {
  const [a, b] = palette(seed)
  const text = escapeXml(initials(name))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="96" height="96" rx="24" fill="url(#g)"/>
<text x="48" y="50" text-anchor="middle" dominant-baseline="central" font-family="system-ui, sans-serif" font-size="36" font-weight="700" fill="#fff">${text}</text>
</svg>
`
}

/** A token icon: a circle with a colour from the symbol and up to 4 of its letters. */
export function tokenSvg(symbol: string): string {
  const [a, b] = palette(`token:${symbol.toUpperCase()}`)
  const label = escapeXml(symbol.toUpperCase().slice(0, 4))
  const size = label.length > 3 ? 18 : 22
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(symbol)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<circle cx="32" cy="32" r="32" fill="url(#g)"/>
<text x="32" y="33" text-anchor="middle" dominant-baseline="central" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${label}</text>
</svg>
`
}

/** A strong ETag for a body. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`
}
