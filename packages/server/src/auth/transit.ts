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
import { createPrivateKey, createPublicKey, webcrypto } from 'node:crypto'

const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const
export const TRANSIT_ALG = 'ECDH-P256+HKDF-SHA256+A256GCM'
const LABEL = 'portico/auth-share/v1'

export type SealedShare = { v: 1; alg: typeof TRANSIT_ALG; epk: string; iv: string; ct: string }

const b64u = (bytes: Uint8Array | ArrayBuffer) =>
  Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).toString('base64url')

/** The AES-256-GCM key of one message (and its associated data) from the ECDH secret, which is wiped. */
async function transitKey(
  shared: Uint8Array,
  epk: Uint8Array,
  recipientRaw: Uint8Array,
  context: { userId: string; purpose: string },
  usage: 'encrypt' | 'decrypt',
) {
  const subtle = webcrypto.subtle
  const info = new TextEncoder().encode(JSON.stringify([LABEL, context.userId, context.purpose]))
  const ikm = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  shared.fill(0)
  const salt = new Uint8Array(epk.length + recipientRaw.length)
  salt.set(epk)
  salt.set(recipientRaw, epk.length)
  const key = await subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt, info }, ikm, { name: 'AES-GCM', length: 256 }, false, [usage])
  return { key, info }
}

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
  const { key, info } = await transitKey(shared, epk, recipientRaw, context, 'encrypt')
  const iv = webcrypto.getRandomValues(new Uint8Array(12))
  const ct = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: info }, key, new Uint8Array(plaintext))
  return { v: 1, alg: TRANSIT_ALG, epk: b64u(epk), iv: b64u(iv), ct: b64u(ct) }
}

/** Server-assisted recovery's key (issue 22 §2): the private JWK and the raw public key (base64url). */
export type RecoveryKey = { jwk: webcrypto.JsonWebKey; publicKey: string }

/**
 * The operator's recovery key from its JWK text ({ kty: 'EC', crv: 'P-256', x, y, d }), kept apart
 * from the KEK. Its public half (raw, base64url) is what the frame seals recovery shares to. A bad
 * key: an Error naming `label`.
 */
export function parseRecoveryKey(jwkText: string, label = 'auth.recoveryKey'): RecoveryKey {
  const shape = `${label} must be a P-256 private key as a JWK (JSON: kty EC, crv P-256, x, y, d)`
  let jwk: webcrypto.JsonWebKey
  try {
    jwk = JSON.parse(jwkText) as webcrypto.JsonWebKey
  } catch {
    throw new Error(shape)
  }
  if (jwk?.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string') throw new Error(shape)
  try {
    const publicJwk = createPublicKey(createPrivateKey({ key: jwk as never, format: 'jwk' })).export({ format: 'jwk' })
    const raw = Buffer.concat([
      Buffer.of(4),
      Buffer.from(publicJwk.x as string, 'base64url'),
      Buffer.from(publicJwk.y as string, 'base64url'),
    ])
    return { jwk: { kty: 'EC', crv: 'P-256', x: publicJwk.x, y: publicJwk.y, d: jwk.d }, publicKey: b64u(raw) }
  } catch {
    throw new Error(`${label} is not a valid P-256 key`)
  }
}

/**
 * Opens a share the frame sealed (sealToSession's format) to the recovery key, for `context`. Any
 * other key, context, or a changed byte: null.
 */
export async function openSealed(
  recipient: RecoveryKey,
  sealed: SealedShare,
  context: { userId: string; purpose: string },
): Promise<Uint8Array | null> {
  const subtle = webcrypto.subtle
  try {
    const privateKey = await subtle.importKey('jwk', recipient.jwk, P256, false, ['deriveBits'])
    const epk = new Uint8Array(Buffer.from(sealed.epk, 'base64url'))
    const sender = await subtle.importKey('raw', epk, P256, true, [])
    const shared = new Uint8Array(await subtle.deriveBits({ name: 'ECDH', public: sender }, privateKey, 256))
    const recipientRaw = new Uint8Array(Buffer.from(recipient.publicKey, 'base64url'))
    const { key, info } = await transitKey(shared, epk, recipientRaw, context, 'decrypt')
    const iv = new Uint8Array(Buffer.from(sealed.iv, 'base64url'))
    return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv, additionalData: info }, key, Buffer.from(sealed.ct, 'base64url')))
  } catch {
    return null
  }
}
