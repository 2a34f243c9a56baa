/**
 * Byte helpers for the key-share module: base64url in and out, UTF-8, random bytes and wiping.
 * Encodings only; every cryptographic primitive comes from WebCrypto, @noble/curves or
 * shamir-secret-sharing.
 */

/** A Uint8Array over a plain ArrayBuffer (what WebCrypto's BufferSource accepts). */
export type Bytes = Uint8Array<ArrayBuffer>

export const utf8 = (text: string): Bytes => new TextEncoder().encode(text) as Bytes

export const randomBytes = (length: number): Bytes => crypto.getRandomValues(new Uint8Array(length))

/** A copy on a fresh ArrayBuffer (also narrows a Uint8Array<ArrayBufferLike> for WebCrypto). */
export const copyBytes = (bytes: Uint8Array): Bytes => new Uint8Array(bytes)

/**
 * Overwrites `bytes` with zeros. This clears THIS buffer only: copies the engine, a library or a
 * string conversion made are beyond reach (see the package README, "Key shares", Limits).
 */
export function wipe(...buffers: (Uint8Array | undefined)[]): void {
  for (const bytes of buffers) bytes?.fill(0)
}

export function toBase64url(bytes: Uint8Array): string {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Decodes unpadded base64url; throws on any other spelling. */
export function fromBase64url(text: string): Bytes {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new TypeError('Invalid base64url')
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  // One spelling only: re-encoding must give the same text (no stray low bits in the last character).
  if (toBase64url(out) !== text) throw new TypeError('Invalid base64url')
  return out
}

/** Unambiguous bytes for a list of strings (associated data, HKDF info): JSON of the array. */
export const encodeContext = (parts: readonly string[]): Bytes => utf8(JSON.stringify(parts))
