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

/** Standard base64 (with padding), as the auth service's Solana methods take bytes. */
export function base64Encode(bytes: Uint8Array): string {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text)
}
