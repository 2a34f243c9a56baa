// A deterministic gradient for an address (or any string): same input, same colours, on every render
// and machine. FNV-1a over the lower-cased input picks two hues and an angle.

export function hashString(input: string): number {
  let h = 0x811c9dc5
  const s = input.toLowerCase()
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

export function gradientFor(input: string): string {
  const h = hashString(input)
  const hue1 = h % 360
  const hue2 = (hue1 + 40 + ((h >>> 9) % 120)) % 360
  const angle = (h >>> 17) % 360
  return `linear-gradient(${angle}deg, hsl(${hue1} 78% 58%), hsl(${hue2} 72% 46%))`
}
