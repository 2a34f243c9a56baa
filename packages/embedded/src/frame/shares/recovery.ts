/**
 * The recovery share, encrypted in the frame under a key only the user has, into a versioned,
 * self-describing JSON blob that the API stores and cannot open:
 * - a recovery secret the user keeps: 24 characters of RFC 4648 base32 (120 random bits), shown in
 *   six groups of four; the key is PBKDF2-HMAC-SHA-256 (WebCrypto) of it with a random 16-byte salt
 *   and 600 000 iterations. 120 random bits cannot be guessed whatever the cost; the cost is a margin
 *   for a secret written down partly wrong or a weaker one in a later version;
 * - or a passkey's PRF output (32 bytes, the WebAuthn PRF extension): HKDF-SHA-256 with a random
 *   32-byte salt. Which PRF input the frame asks the passkey for is the caller's (the wiring's) choice.
 * Then AES-256-GCM with a random iv. The associated data is the context (user id, key purpose) and the
 * blob's key-derivation header, so a blob does not open for another user or purpose.
 */
import { z } from 'zod/mini'
import { type Bytes, copyBytes, encodeContext, fromBase64url, randomBytes, toBase64url, utf8 } from './bytes'
import { KeyShareError } from './errors'
import type { ShareContext } from './transit'

const LABEL = 'portico/recovery-share/v1'
export const RECOVERY_BLOB_TYPE = 'portico-recovery-share'
export const PBKDF2_ITERATIONS = 600_000
/** Iteration counts a blob may name: below, too weak to accept; above, a blob that would hang the frame. */
const ITERATIONS_RANGE = [100_000, 10_000_000] as const

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const SECRET_LENGTH = 24

const kdfSchema = z.discriminatedUnion('name', [
  z.strictObject({
    name: z.literal('PBKDF2-SHA-256'),
    iterations: z.number().check(z.int(), z.gte(ITERATIONS_RANGE[0]), z.lte(ITERATIONS_RANGE[1])),
    salt: z.string(),
  }),
  z.strictObject({ name: z.literal('PRF-HKDF-SHA-256'), salt: z.string() }),
])
const blobSchema = z.strictObject({
  type: z.literal(RECOVERY_BLOB_TYPE),
  v: z.literal(1),
  kdf: kdfSchema,
  alg: z.literal('A256GCM'),
  iv: z.string(),
  ct: z.string(),
})

export type RecoveryKdf = z.infer<typeof kdfSchema>
export type RecoveryBlob = z.infer<typeof blobSchema>

/** What opens a recovery share: the user's recovery secret, or 32 bytes of a passkey's PRF output. */
export type RecoveryKey = { secret: string } | { prf: Uint8Array }

/** A new recovery secret: 24 base32 characters in groups of four, e.g. 'K7QX-M2PA-…'. */
export function generateRecoverySecret(): string {
  // 32 divides 256, so the low five bits of a random byte are uniform over the alphabet.
  const chars = Array.from(randomBytes(SECRET_LENGTH), (b) => BASE32[b & 31])
  return chars.join('').replace(/(.{4})(?=.)/g, '$1-')
}

/**
 * The secret as typed → its 24 canonical characters: case, spaces and dashes do not matter, and the
 * digits 0, 1 and 8 (not in the alphabet) read as O, I and B. Anything else: 'bad-recovery-secret'.
 */
export function normalizeRecoverySecret(input: string): string {
  const text = input.toUpperCase().replace(/[\s-]/g, '').replace(/0/g, 'O').replace(/1/g, 'I').replace(/8/g, 'B')
  if (text.length !== SECRET_LENGTH || ![...text].every((c) => BASE32.includes(c))) throw new KeyShareError('bad-recovery-secret')
  return text
}

const aad = (context: ShareContext, kdf: RecoveryKdf): Bytes => encodeContext([LABEL, context.userId, context.purpose, JSON.stringify(kdf)])

async function deriveKey(key: RecoveryKey, kdf: RecoveryKdf, context: ShareContext, usage: KeyUsage): Promise<CryptoKey> {
  const salt = fromBase64url(kdf.salt)
  const aes = { name: 'AES-GCM', length: 256 } as const
  if (kdf.name === 'PBKDF2-SHA-256') {
    if (!('secret' in key)) throw new KeyShareError('cannot-open')
    const material = await crypto.subtle.importKey('raw', utf8(normalizeRecoverySecret(key.secret)), 'PBKDF2', false, ['deriveKey'])
    return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: kdf.iterations }, material, aes, false, [usage])
  }
  if (!('prf' in key)) throw new KeyShareError('cannot-open')
  if (key.prf.length !== 32) throw new KeyShareError('cannot-open')
  const prf = copyBytes(key.prf)
  try {
    const material = await crypto.subtle.importKey('raw', prf, 'HKDF', false, ['deriveKey'])
    const info = encodeContext([LABEL, 'prf', context.userId, context.purpose])
    return await crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt, info }, material, aes, false, [usage])
  } finally {
    prf.fill(0)
  }
}

/** Encrypts the recovery share under the user's secret or passkey PRF output. */
export async function sealRecoveryShare(share: Uint8Array, key: RecoveryKey, context: ShareContext): Promise<RecoveryBlob> {
  const kdf: RecoveryKdf =
    'secret' in key
      ? { name: 'PBKDF2-SHA-256', iterations: PBKDF2_ITERATIONS, salt: toBase64url(randomBytes(16)) }
      : { name: 'PRF-HKDF-SHA-256', salt: toBase64url(randomBytes(32)) }
  const aesKey = await deriveKey(key, kdf, context, 'encrypt')
  const iv = randomBytes(12)
  const plaintext = copyBytes(share)
  try {
    const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(context, kdf) }, aesKey, plaintext)
    return { type: RECOVERY_BLOB_TYPE, v: 1, kdf, alg: 'A256GCM', iv: toBase64url(iv), ct: toBase64url(new Uint8Array(ct)) }
  } finally {
    plaintext.fill(0)
  }
}

/**
 * The recovery share from its blob (the parsed JSON the API stored). A wrong secret or PRF output,
 * another context, or any changed byte: 'cannot-open'; a blob of an unknown shape: 'bad-format'.
 */
export async function openRecoveryShare(blob: unknown, key: RecoveryKey, context: ShareContext): Promise<Uint8Array> {
  const parsed = blobSchema.safeParse(blob)
  if (!parsed.success) throw new KeyShareError('bad-format', { cause: parsed.error })
  let iv: Bytes, ct: Bytes
  try {
    iv = fromBase64url(parsed.data.iv)
    ct = fromBase64url(parsed.data.ct)
    fromBase64url(parsed.data.kdf.salt)
  } catch (cause) {
    throw new KeyShareError('bad-format', { cause })
  }
  if (iv.length !== 12) throw new KeyShareError('bad-format')
  const aesKey = await deriveKey(key, parsed.data.kdf, context, 'decrypt')
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: aad(context, parsed.data.kdf) }, aesKey, ct))
  } catch (cause) {
    throw new KeyShareError('cannot-open', { cause })
  }
}

export const RECOVERY_SET_TYPE = 'portico-recovery-shares'
/** At most this many blobs in a set (a secret and passkeys), so that a set stays within the API's 2 KiB. */
export const RECOVERY_SET_MAX = 4
const setSchema = z.strictObject({
  type: z.literal(RECOVERY_SET_TYPE),
  v: z.literal(1),
  blobs: z.array(z.unknown()).check(z.minLength(1), z.maxLength(RECOVERY_SET_MAX)),
})
export type RecoverySet = z.infer<typeof setSchema>

/**
 * The recovery share sealed under each of `keys` (the recovery secret, a passkey's PRF output): one
 * blob for one key, else a set of blobs, one per key. Each opens alone; the API stores the set as
 * it stores a blob, and can open none of them.
 */
export async function sealRecoveryShares(
  share: Uint8Array,
  keys: readonly RecoveryKey[],
  context: ShareContext,
): Promise<RecoveryBlob | RecoverySet> {
  if (keys.length === 0 || keys.length > RECOVERY_SET_MAX) throw new KeyShareError('bad-format')
  const blobs = await Promise.all(keys.map((key) => sealRecoveryShare(share, key, context)))
  return blobs.length === 1 ? (blobs[0] as RecoveryBlob) : { type: RECOVERY_SET_TYPE, v: 1, blobs }
}

/**
 * The recovery share from a stored blob or set: the blobs sealed under the kind of `key` (secret or
 * PRF) are tried in turn. None opens: 'cannot-open'; a set or blob of an unknown shape: 'bad-format'.
 */
export async function openRecoveryShares(stored: unknown, key: RecoveryKey, context: ShareContext): Promise<Uint8Array> {
  const set = setSchema.safeParse(stored)
  if (!set.success) return openRecoveryShare(stored, key, context)
  const wanted = 'secret' in key ? 'PBKDF2-SHA-256' : 'PRF-HKDF-SHA-256'
  const blobs = set.data.blobs.map((blob) => blobSchema.safeParse(blob))
  if (blobs.some((b) => !b.success)) throw new KeyShareError('bad-format')
  for (const blob of blobs) {
    if (!blob.success || blob.data.kdf.name !== wanted) continue
    try {
      return await openRecoveryShare(blob.data, key, context)
    } catch (error) {
      if (!(error instanceof KeyShareError && error.code === 'cannot-open')) throw error
    }
  }
  throw new KeyShareError('cannot-open')
}
