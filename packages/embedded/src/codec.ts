/** Small encoders the engine needs (no dependency): hex, base58, JSON with bigint. */

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

export function bytesToHex(bytes: Uint8Array): `0x${string}` {
  let out = '0x'
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out as `0x${string}`
}

export const utf8ToHex = (text: string): `0x${string}` => bytesToHex(utf8(text))

/** A bigint or number as an 0x quantity. */
export const toQuantity = (value: bigint | number): `0x${string}` => `0x${BigInt(value).toString(16)}`

/** JSON.stringify that writes bigints as decimal strings (EIP-712 messages carry uint256 values). */
export const jsonWithBigints = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))

/** Whole units from the smallest unit: formatUnits(1500000000000000000n, 18) = '1.5'. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = abs / base
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Standard base64 (with padding), as the auth service's Solana methods take bytes. */
export function base64Encode(bytes: Uint8Array): string {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text)
}

const MAX_UINT256 = (1n << 256n) - 1n
/** Call data of ERC-20 `transfer(to, amount)`; null for an address or amount that can not be encoded. */
export function erc20TransferData(to: string, amount: bigint): `0x${string}` | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(to) || amount < 0n || amount > MAX_UINT256) return null
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`
}
