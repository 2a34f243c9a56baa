/** Tiny encoders so the adapter needs no EVM library. */

export function utf8ToHex(text: string): `0x${string}` {
  let out = '0x'
  for (const byte of new TextEncoder().encode(text)) out += byte.toString(16).padStart(2, '0')
  return out as `0x${string}`
}

export const toHexQuantity = (value: bigint | number): `0x${string}` => `0x${BigInt(value).toString(16)}`

/** Chain ids arrive as numbers, decimal strings, hex strings or CAIP-2 ids. */
export function parseEvmChainId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  if (typeof value !== 'string') return undefined
  const ref = value.startsWith('eip155:') ? value.slice(7) : value
  const n = /^0x[0-9a-f]+$/i.test(ref) ? Number.parseInt(ref, 16) : /^\d+$/.test(ref) ? Number(ref) : Number.NaN
  return Number.isSafeInteger(n) ? n : undefined
}

/** Whole units of an integer amount (`1500000000000000000n`, 18 → '1.5'). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = abs / base
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
