// A deterministic identicon for an address (or any string): an 8×8 grid, mirrored left to right,
// of three colours picked from the input. Same input (case-insensitive), same picture, on every
// render and machine; neighbouring addresses look nothing alike. Written for Portico: the seed is
// FNV-1a over the input (avalanched), the stream a xorshift32, the palette HSL (one hue family per address).

/** The picture: its three colours and, per colour, the cells (x, y) it fills, as one SVG path each. */
export interface Blockie {
  /** Background, main colour, spot colour (CSS colours). */
  colors: [background: string, main: string, spot: string]
  /** SVG path data in an 8×8 box for the main and the spot colour (the background is the box). */
  paths: [main: string, spot: string]
}

export const BLOCKIE_SIZE = 8

function seeded(input: string): () => number {
  let h = 0x811c9dc5
  const s = input.toLowerCase()
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  // Avalanche the hash (murmur3's finaliser): similar inputs get unrelated streams.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  let x = (h ^ (h >>> 16)) >>> 0 || 1
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) / 0x100000000
  }
}

export function blockieFor(input: string): Blockie {
  const next = seeded(input)
  // Skip the first draws: nearby seeds start alike.
  for (let i = 0; i < 4; i++) next()
  const hue = Math.floor(next() * 360)
  const colors: Blockie['colors'] = [
    `hsl(${(hue + 180 + Math.floor(next() * 60)) % 360} ${40 + Math.floor(next() * 30)}% ${86 + Math.floor(next() * 6)}%)`,
    `hsl(${hue} ${55 + Math.floor(next() * 35)}% ${42 + Math.floor(next() * 14)}%)`,
    `hsl(${(hue + 30 + Math.floor(next() * 60)) % 360} ${70 + Math.floor(next() * 25)}% ${26 + Math.floor(next() * 12)}%)`,
  ]
  const paths: Blockie['paths'] = ['', '']
  const half = BLOCKIE_SIZE / 2
  for (let y = 0; y < BLOCKIE_SIZE; y++) {
    for (let x = 0; x < half; x++) {
      // 0 background (~43 %), 1 main (~43 %), 2 spot (~13 %).
      const cell = Math.floor(next() * 2.3)
      if (cell === 0) continue
      for (const cx of [x, BLOCKIE_SIZE - 1 - x]) paths[cell - 1] += `M${cx} ${y}h1v1h-1z`
    }
  }
  return { colors, paths }
}
