import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'

/** AES-256-GCM needs a 32-byte key encryption key (KEK). */
export const KEK_BYTES = 32

/** `kek` as its 32 bytes: raw bytes, or base64 / base64url text. Throws a readable error otherwise. */
export function parseKek(kek: string | Uint8Array): Buffer {
  const bytes = typeof kek === 'string' ? Buffer.from(kek.trim(), 'base64') : Buffer.from(kek)
  if (bytes.length !== KEK_BYTES) throw new Error(`auth.kek must be ${KEK_BYTES} bytes (base64), got ${bytes.length}`)
  return bytes
}

/** The secrets the service derives from the KEK (HKDF-SHA256), so a leaked one reveals no other. */
export type AuthSecrets = {
  /** Encrypts private keys at rest (AES-256-GCM). */
  keyEncryption: Buffer
  /** HMAC key of one-time codes and approval tokens as stored. */
  codeHmac: Buffer
}

export function deriveSecrets(kek: Buffer): AuthSecrets {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', kek, Buffer.from('portico-auth'), Buffer.from(info), 32))
  return { keyEncryption: derive('portico/key-encryption/v1'), codeHmac: derive('portico/code-hmac/v1') }
}

/**
 * The KEK's check value (hex), stored at first start to recognise the KEK later: HKDF-SHA256 with
 * an info of its own, so it reveals nothing of the KEK nor of the keys derived from it.
 */
export function kekCheckValue(kek: Buffer): string {
  return Buffer.from(hkdfSync('sha256', kek, Buffer.from('portico-auth'), Buffer.from('portico/kek-check/v1'), 32)).toString('hex')
}

/** HMAC-SHA256 of the `parts` (length-prefixed, so no two part lists collide), hex. */
export function hmac(key: Buffer, ...parts: string[]): string {
  const mac = createHmac('sha256', key)
  for (const part of parts) {
    const bytes = Buffer.from(part, 'utf8')
    const length = Buffer.alloc(4)
    length.writeUInt32BE(bytes.length)
    mac.update(length).update(bytes)
  }
  return mac.digest('hex')
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,})$/

/** AES-256-GCM of `plain` under `key` with `aad` bound in: `v1.<iv>.<ciphertext+tag>` (base64url). */
export function seal(key: Buffer, plain: Uint8Array, aad: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`
}

/** The inverse of seal; throws when the key, the AAD or the text is wrong. */
export function open(key: Buffer, sealed: string, aad: string): Buffer {
  const match = SEALED.exec(sealed)
  if (match === null) throw new Error('Sealed key material is malformed')
  const iv = Buffer.from(match[1] as string, 'base64url')
  const body = Buffer.from(match[2] as string, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(body.subarray(body.length - 16))
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()])
}

/** A random id or token: `bytes` random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** A uniformly random `length`-digit code (rejection sampling, no modulo bias). */
export function randomDigits(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 250 && out.length < length) out += String(byte % 10)
    }
  }
  return out
}
