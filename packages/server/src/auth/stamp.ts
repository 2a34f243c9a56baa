import { createHash, webcrypto } from 'node:crypto'
import { p256 } from '@noble/curves/p256'

const subtle = webcrypto.subtle
const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const
const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const

/** A session's public key (base64url SPKI of a P-256 key) as a WebCrypto key, or null if it is not one. */
export async function importSessionKey(spkiBase64url: string): Promise<webcrypto.CryptoKey | null> {
  const der = Buffer.from(spkiBase64url, 'base64url')
  if (der.length === 0 || der.length > 256) return null
  try {
    return await subtle.importKey('spki', der, P256, true, ['verify'])
  } catch {
    return null
  }
}

/**
 * `signature` as its 64 bytes (IEEE P1363: r‖s) when it is in the one spelling a stamp may have:
 * base64url without padding that re-encodes to the same text (the last character's unused bits are
 * zero) and a low s (s ≤ n/2, the curve's own check), r and s in range. Null for every other
 * spelling, so that re-encoding a seen signature, or its (r, n − s) twin, makes no new stamp.
 */
export function canonicalSignature(signature: string): Buffer | null {
  const sig = Buffer.from(signature, 'base64url')
  if (sig.length !== 64 || sig.toString('base64url') !== signature) return null
  try {
    if (p256.Signature.fromCompact(sig.toString('hex')).hasHighS()) return null
  } catch {
    return null
  }
  return sig
}

/** Does `signature` (canonical base64url, IEEE P1363: r‖s, 64 bytes, low s) sign `message` under `key`? */
export async function verifyP256(key: webcrypto.CryptoKey, signature: string, message: string): Promise<boolean> {
  const sig = canonicalSignature(signature)
  if (sig === null) return false
  try {
    return await subtle.verify(ECDSA_SHA256, key, sig, new TextEncoder().encode(message))
  } catch {
    return false
  }
}

/** A stamp's replay key: the SHA-256 (hex) of what it signs, whatever the signature's spelling. */
export const requestDigest = (payload: string) => createHash('sha256').update(payload, 'utf8').digest('hex')

/** A small cache of imported session keys (importing is the costly part of a check). */
export function sessionKeyCache(max = 1000) {
  const keys = new Map<string, webcrypto.CryptoKey>()
  return async (spki: string): Promise<webcrypto.CryptoKey | null> => {
    const hit = keys.get(spki)
    if (hit) return hit
    const key = await importSessionKey(spki)
    if (key === null) return null
    if (keys.size >= max) keys.delete(keys.keys().next().value as string)
    keys.set(spki, key)
    return key
  }
}
