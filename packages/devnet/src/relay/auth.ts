// Verification of the WalletConnect relay client-auth JWT ("Relay Client Auth" spec; the format
// @walletconnect/relay-auth 1.1 signs for @walletconnect/core's relayer):
//   base64url(JSON header) . base64url(JSON payload) . base64url(64-byte ed25519 signature)
//   header  { alg: 'EdDSA', typ: 'JWT' }
//   payload { iss: 'did:key:z<base58btc(0xed 0x01 ‖ 32-byte public key)>', sub, aud: <relay URL>, iat, exp } (seconds)
// The signature covers the UTF-8 bytes of `header.payload` as sent, and must verify with the key in
// `iss`: a client cannot present another client's id (and so read its mailbox) without its key.
import { ed25519 } from '@noble/curves/ed25519'

/** Multicodec prefix of an ed25519 public key (varint 0xed 0x01). */
const ED25519_MULTICODEC = [0xed, 0x01] as const
/** Clock skew tolerated on `exp` and `iat`, in seconds (the WalletConnect relay's leeway). */
export const JWT_LEEWAY_SECONDS = 120

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const BASE58_INDEX = new Map([...BASE58_ALPHABET].map((c, i) => [c, i]))

/** Decodes base58btc (Bitcoin alphabet). Returns undefined for any character outside it. */
export function base58Decode(text: string): Uint8Array | undefined {
  const bytes: number[] = []
  for (const char of text) {
    const digit = BASE58_INDEX.get(char)
    if (digit === undefined) return undefined
    let carry = digit
    for (const [i, byte] of bytes.entries()) {
      carry += byte * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.push(0)
  }
  return Uint8Array.from(bytes.reverse())
}

/** Encodes bytes as base58btc (Bitcoin alphabet). */
export function base58Encode(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (const [i, digit] of digits.entries()) {
      carry += digit << 8
      digits[i] = carry % 58
      carry = (carry / 58) | 0
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = (carry / 58) | 0
    }
  }
  let out = ''
  for (const byte of bytes) {
    if (byte !== 0) break
    out += '1'
  }
  for (const digit of digits.toReversed()) out += BASE58_ALPHABET.charAt(digit)
  return out
}

/** `did:key:z…` of an ed25519 public key, as @walletconnect/relay-auth's encodeIss writes it. */
export function didKeyFromPublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('an ed25519 public key has 32 bytes')
  return `did:key:z${base58Encode(Uint8Array.from([...ED25519_MULTICODEC, ...publicKey]))}`
}

/** The 32-byte ed25519 public key of a `did:key:z6Mk…` id, or undefined when it is not one. */
export function publicKeyFromDidKey(did: string): Uint8Array | undefined {
  const prefix = 'did:key:z'
  // 34 bytes in base58 are at most 47 characters; anything longer is not an ed25519 did:key.
  if (!did.startsWith(prefix) || did.length > prefix.length + 47) return undefined
  const bytes = base58Decode(did.slice(prefix.length))
  if (bytes?.length !== 34 || bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) return undefined
  return bytes.slice(2)
}

export type RelayAuthResult =
  | { ok: true; clientId: string; claims: Record<string, unknown> }
  | { ok: false; error: 'Missing JWT' | 'Invalid JWT'; reason: string }

export interface VerifyRelayJwtOptions {
  /** Current time in milliseconds. */
  now: number
  /** Accepts the `aud` claim (when the JWT has one). */
  audience: (aud: string) => boolean
}

/** Longest JWT accepted: the client's is about 400 characters. */
const MAX_JWT_LENGTH = 4096
const BASE64URL = /^[A-Za-z0-9_-]*$/

const invalid = (reason: string): RelayAuthResult => ({ ok: false, error: 'Invalid JWT', reason })

function decodeJsonPart(part: string): unknown {
  if (!BASE64URL.test(part)) return undefined
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Verifies a relay client-auth JWT: EdDSA header, an ed25519 `did:key` issuer, a signature by that
 * key over `header.payload`, `exp` not passed and `iat` not in the future (± JWT_LEEWAY_SECONDS), and
 * `aud` accepted by `options.audience`. On success `clientId` is the verified `iss`.
 */
export function verifyRelayJwt(jwt: string | undefined | null, options: VerifyRelayJwtOptions): RelayAuthResult {
  if (!jwt) return { ok: false, error: 'Missing JWT', reason: 'no auth query parameter or bearer token' }
  if (jwt.length > MAX_JWT_LENGTH) return invalid('too long')
  const parts = jwt.split('.')
  if (parts.length !== 3) return invalid('expected header.payload.signature')
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeJsonPart(headerPart)
  if (!isRecord(header) || header.alg !== 'EdDSA' || header.typ !== 'JWT') return invalid('header must be { alg: "EdDSA", typ: "JWT" }')
  const claims = decodeJsonPart(payloadPart)
  if (!isRecord(claims)) return invalid('payload is not a JSON object')
  if (typeof claims.iss !== 'string') return invalid('iss is missing')
  const publicKey = publicKeyFromDidKey(claims.iss)
  if (!publicKey) return invalid('iss is not an ed25519 did:key')
  if (!BASE64URL.test(signaturePart)) return invalid('signature is not base64url')
  const signature = Buffer.from(signaturePart, 'base64url')
  if (signature.length !== 64) return invalid('signature must be 64 bytes')
  let verified = false
  try {
    verified = ed25519.verify(signature, Buffer.from(`${headerPart}.${payloadPart}`, 'utf8'), publicKey, { zip215: false })
  } catch {
    verified = false
  }
  if (!verified) return invalid('signature does not verify with the key of iss')
  const nowSeconds = Math.floor(options.now / 1000)
  if (claims.exp !== undefined) {
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return invalid('exp is not a number')
    if (claims.exp + JWT_LEEWAY_SECONDS < nowSeconds) return invalid('expired')
  }
  if (claims.iat !== undefined) {
    if (typeof claims.iat !== 'number' || !Number.isFinite(claims.iat)) return invalid('iat is not a number')
    if (claims.iat - JWT_LEEWAY_SECONDS > nowSeconds) return invalid('issued in the future')
  }
  if (claims.aud !== undefined) {
    if (typeof claims.aud !== 'string' || !options.audience(claims.aud)) return invalid('aud is not this relay')
  }
  return { ok: true, clientId: claims.iss, claims }
}
