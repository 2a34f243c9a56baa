/**
 * The API's half of the auth share's transit (issue 22 §1): a share sealed to the frame session's
 * P-256 ECDH key, in the format the frame opens (@portico/embedded, frame/shares/transit.ts):
 *
 *   ephemeral P-256 key pair → ECDH with the session's key → 32 bytes
 *   HKDF-SHA-256(salt = ephemeral public ‖ session public, info = context) → AES-256-GCM key
 *   AES-GCM(random 12-byte iv, associated data = context)
 *
 * context = JSON ['portico/auth-share/v1', user id, purpose]. A proxy that ends TLS or logs bodies
 * sees only the envelope. Node's WebCrypto, nothing of our own.
 */
import { webcrypto } from 'node:crypto'

const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const
export const TRANSIT_ALG = 'ECDH-P256+HKDF-SHA256+A256GCM'
const LABEL = 'portico/auth-share/v1'

export type SealedShare = { v: 1; alg: typeof TRANSIT_ALG; epk: string; iv: string; ct: string }

const b64u = (bytes: Uint8Array | ArrayBuffer) =>
  Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).toString('base64url')

/** Encrypts `plaintext` to the session's raw P-256 public key (base64url), for `context`. */
export async function sealToSession(
  recipientPublicKey: string,
  plaintext: Uint8Array,
  context: { userId: string; purpose: string },
): Promise<SealedShare> {
  const subtle = webcrypto.subtle
  const recipientRaw = new Uint8Array(Buffer.from(recipientPublicKey, 'base64url'))
  const recipient = await subtle.importKey('raw', recipientRaw, P256, true, [])
  const ephemeral = (await subtle.generateKey(P256, false, ['deriveBits'])) as webcrypto.CryptoKeyPair
  const epk = new Uint8Array(await subtle.exportKey('raw', ephemeral.publicKey))
  const shared = new Uint8Array(await subtle.deriveBits({ name: 'ECDH', public: recipient }, ephemeral.privateKey, 256))
  const info = new TextEncoder().encode(JSON.stringify([LABEL, context.userId, context.purpose]))
  const ikm = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  shared.fill(0)
  const salt = new Uint8Array(epk.length + recipientRaw.length)
  salt.set(epk)
  salt.set(recipientRaw, epk.length)
  const key = await subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt, info }, ikm, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
  ])
  const iv = webcrypto.getRandomValues(new Uint8Array(12))
  const ct = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: info }, key, new Uint8Array(plaintext))
  return { v: 1, alg: TRANSIT_ALG, epk: b64u(epk), iv: b64u(iv), ct: b64u(ct) }
}
