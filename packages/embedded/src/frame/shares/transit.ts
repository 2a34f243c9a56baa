/**
 * The auth share in transit: encrypted to the frame session's P-256 key, so that only the frame that
 * holds the session's private key opens it (not a proxy that ends TLS or logs bodies, not the host
 * page). A WebCrypto composition in the shape of HPKE's base mode (no HPKE library is in the tree):
 *
 *   ephemeral P-256 key pair → ECDH with the recipient's key → 32 bytes
 *   HKDF-SHA-256(salt = ephemeral public ‖ recipient public, info = context) → AES-256-GCM key
 *   AES-GCM(random 12-byte iv, associated data = context)
 *
 * The context is who the share belongs to and what it is for (user id, key purpose): a share sealed
 * for one user or purpose does not open as another's. A fresh ephemeral key per message gives a fresh
 * AES key each time. WebCrypto does not let one key both sign (ECDSA, the stamp key in ../keys) and
 * agree keys (ECDH), so the session has a second, ECDH key pair for this.
 */
import { z } from 'zod/mini'
import { type Bytes, copyBytes, encodeContext, fromBase64url, randomBytes, toBase64url } from './bytes'
import { KeyShareError } from './errors'

const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const
export const TRANSIT_ALG = 'ECDH-P256+HKDF-SHA256+A256GCM'
const LABEL = 'portico/auth-share/v1'

export interface ShareContext {
  userId: string
  /** What the key is for, e.g. 'evm' or 'solana'. */
  purpose: string
}

export interface SealedShare {
  v: 1
  alg: typeof TRANSIT_ALG
  /** The sender's ephemeral P-256 public key, raw uncompressed (65 bytes), base64url. */
  epk: string
  iv: string
  ct: string
}

const sealedShareSchema = z.strictObject({
  v: z.literal(1),
  alg: z.literal(TRANSIT_ALG),
  epk: z.string(),
  iv: z.string(),
  ct: z.string(),
})

/** The frame session's encryption key pair: the private half is not extractable. */
export async function generateSessionEncryptionKey(): Promise<{ keyPair: CryptoKeyPair; publicKey: string }> {
  const keyPair = (await crypto.subtle.generateKey(P256, false, ['deriveBits'])) as CryptoKeyPair
  return { keyPair, publicKey: toBase64url(new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))) }
}

const contextBytes = (context: ShareContext): Bytes => encodeContext([LABEL, context.userId, context.purpose])

async function aesKey(shared: ArrayBuffer, salt: Bytes, info: Bytes, usage: KeyUsage): Promise<CryptoKey> {
  const ikm = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt, info }, ikm, { name: 'AES-GCM', length: 256 }, false, [usage])
}

const concat = (a: Uint8Array, b: Uint8Array): Bytes => {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

/** Encrypts `plaintext` to the session's public key (raw P-256, base64url, as generateSessionEncryptionKey gives it). */
export async function sealToSession(recipientPublicKey: string, plaintext: Uint8Array, context: ShareContext): Promise<SealedShare> {
  const recipientRaw = fromBase64url(recipientPublicKey)
  const recipient = await crypto.subtle.importKey('raw', recipientRaw, P256, true, [])
  const ephemeral = (await crypto.subtle.generateKey(P256, false, ['deriveBits'])) as CryptoKeyPair
  const epk = new Uint8Array(await crypto.subtle.exportKey('raw', ephemeral.publicKey))
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: recipient }, ephemeral.privateKey, 256)
  const info = contextBytes(context)
  const key = await aesKey(shared, concat(epk, recipientRaw), info, 'encrypt')
  new Uint8Array(shared).fill(0)
  const iv = randomBytes(12)
  const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: info }, key, copyBytes(plaintext))
  return { v: 1, alg: TRANSIT_ALG, epk: toBase64url(epk), iv: toBase64url(iv), ct: toBase64url(new Uint8Array(ct)) }
}

/**
 * Opens a SealedShare with the session's key pair and the context it was sealed for. Any other key,
 * context, or a changed byte anywhere: KeyShareError 'cannot-open' ('bad-format' for a malformed envelope).
 */
export async function openFromSession(keyPair: CryptoKeyPair, sealed: unknown, context: ShareContext): Promise<Uint8Array> {
  const parsed = sealedShareSchema.safeParse(sealed)
  if (!parsed.success) throw new KeyShareError('bad-format', { cause: parsed.error })
  let epk: Bytes, iv: Bytes, ct: Bytes
  try {
    epk = fromBase64url(parsed.data.epk)
    iv = fromBase64url(parsed.data.iv)
    ct = fromBase64url(parsed.data.ct)
  } catch (cause) {
    throw new KeyShareError('bad-format', { cause })
  }
  if (epk.length !== 65 || iv.length !== 12) throw new KeyShareError('bad-format')
  try {
    const sender = await crypto.subtle.importKey('raw', epk, P256, true, [])
    const recipientRaw = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))
    const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: sender }, keyPair.privateKey, 256)
    const info = contextBytes(context)
    const key = await aesKey(shared, concat(epk, recipientRaw), info, 'decrypt')
    new Uint8Array(shared).fill(0)
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: info }, key, ct))
  } catch (cause) {
    throw new KeyShareError('cannot-open', { cause })
  }
}
