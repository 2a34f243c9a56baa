/**
 * Sign in with Apple's client secret: not a static string but an ES256 JWT that the developer signs
 * with the private key Apple gives out (a .p8 file, PKCS#8 PEM of a P-256 key):
 *
 *   header { alg: 'ES256', kid: <key id> }
 *   claims { iss: <team id>, iat, exp (at most 6 months after iat), aud: 'https://appleid.apple.com', sub: <client id (services id)> }
 *
 * The key is checked when the config is read (a bad one fails at startup, never at sign-in); the
 * secret is minted on demand, kept, and minted again shortly before it expires.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto'

export const APPLE_AUDIENCE = 'https://appleid.apple.com'
/** How long a minted secret is valid. */
export const APPLE_SECRET_TTL_MS = 60 * 60_000
/** A secret with less than this left is minted again. */
export const APPLE_SECRET_RENEW_MS = 5 * 60_000
/** Apple's limit on exp - iat: 15777000 s (6 months). */
export const APPLE_SECRET_MAX_TTL_MS = 15_777_000_000

/** The developer's Sign in with Apple key, as configured. */
export type AppleSigningKeyConfig = {
  /** The 10-character Team ID of the Apple developer account (the JWT's iss). */
  teamId: string
  /** The 10-character Key ID of the key (the JWT header's kid). */
  keyId: string
  /** The key's .p8 file content: a PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----") of a P-256 key. */
  privateKey: string
}

const APPLE_ID = /^[A-Z0-9]{10}$/

/**
 * The private key of a PEM text (a .p8 file). Throws an Error that says what is wrong when it is not
 * a P-256 private key. Literal "\n" sequences (a PEM squeezed onto one line of an env file) are read
 * as line breaks.
 */
export function parseApplePrivateKey(pem: string, label = 'the Apple private key'): KeyObject {
  const text = pem.includes('\n') ? pem : pem.replace(/\\n/g, '\n')
  if (!/-----BEGIN (?:EC )?PRIVATE KEY-----/.test(text)) {
    throw new Error(`${label} must be the PEM text of the .p8 key file Apple gives out ("-----BEGIN PRIVATE KEY-----" …)`)
  }
  let key: KeyObject
  try {
    key = createPrivateKey({ key: text, format: 'pem' })
  } catch (error) {
    throw new Error(`${label} is not a readable PEM private key (${error instanceof Error ? error.message : String(error)})`)
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error(
      `${label} must be a P-256 (ES256) EC key, as Apple's .p8 keys are; this one is ${key.asymmetricKeyType ?? 'unknown'}${key.asymmetricKeyDetails?.namedCurve ? ` ${key.asymmetricKeyDetails.namedCurve}` : ''}`,
    )
  }
  return key
}

/**
 * The config checked: the ids' shape and the key. Throws an Error naming the bad field: `<label>.teamId`
 * …, or the names given in `label` (the env variables).
 */
export function parseAppleSigningKey(
  config: AppleSigningKeyConfig,
  label: string | Record<keyof AppleSigningKeyConfig, string> = 'apple signingKey',
): { teamId: string; keyId: string; privateKey: KeyObject } {
  const name = (field: keyof AppleSigningKeyConfig) => (typeof label === 'string' ? `${label}.${field}` : label[field])
  if (!APPLE_ID.test(config.teamId))
    throw new Error(`${name('teamId')} must be the 10-character Team ID of the Apple developer account (A-Z, 0-9)`)
  if (!APPLE_ID.test(config.keyId))
    throw new Error(`${name('keyId')} must be the 10-character Key ID of the Sign in with Apple key (A-Z, 0-9)`)
  return { teamId: config.teamId, keyId: config.keyId, privateKey: parseApplePrivateKey(config.privateKey, name('privateKey')) }
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** One client secret JWT, issued at `nowMs` and valid `ttlMs`. */
export function mintAppleClientSecret(input: {
  teamId: string
  keyId: string
  clientId: string
  privateKey: KeyObject
  nowMs: number
  ttlMs?: number
}): string {
  const ttlMs = input.ttlMs ?? APPLE_SECRET_TTL_MS
  if (!(ttlMs > 0 && ttlMs <= APPLE_SECRET_MAX_TTL_MS))
    throw new Error('an Apple client secret is valid for more than 0 s and at most 6 months')
  const iat = Math.floor(input.nowMs / 1000)
  const signingInput = `${b64url({ alg: 'ES256', kid: input.keyId })}.${b64url({ iss: input.teamId, iat, exp: iat + Math.floor(ttlMs / 1000), aud: APPLE_AUDIENCE, sub: input.clientId })}`
  // JWS ES256 wants the raw r || s signature (IEEE P1363), not DER.
  const signature = sign('sha256', Buffer.from(signingInput), { key: input.privateKey, dsaEncoding: 'ieee-p1363' })
  return `${signingInput}.${signature.toString('base64url')}`
}

/**
 * The client secret of an Apple client: a function that answers a JWT good for at least `renewMs`
 * more, minting a new one (valid `ttlMs`) only when the kept one is older or nearly expired.
 */
export function appleClientSecret(options: {
  teamId: string
  keyId: string
  clientId: string
  privateKey: KeyObject
  now?: () => number
  /** @default APPLE_SECRET_TTL_MS (1 hour) */
  ttlMs?: number
  /** @default APPLE_SECRET_RENEW_MS (5 minutes) */
  renewMs?: number
}): () => string {
  const now = options.now ?? Date.now
  const ttlMs = options.ttlMs ?? APPLE_SECRET_TTL_MS
  const renewMs = options.renewMs ?? APPLE_SECRET_RENEW_MS
  if (!(renewMs >= 0 && renewMs < ttlMs)) throw new Error('the Apple client secret must be renewed before it expires (renewMs < ttlMs)')
  let kept: { jwt: string; issuedAt: number; expiresAt: number } | null = null
  return () => {
    const t = now()
    // Reused while fresh; a clock that went back before its iat also gets a new one.
    if (kept !== null && t >= kept.issuedAt && kept.expiresAt - t > renewMs) return kept.jwt
    const issuedAt = Math.floor(t / 1000) * 1000
    const jwt = mintAppleClientSecret({
      teamId: options.teamId,
      keyId: options.keyId,
      clientId: options.clientId,
      privateKey: options.privateKey,
      nowMs: t,
      ttlMs,
    })
    kept = { jwt, issuedAt, expiresAt: issuedAt + Math.floor(ttlMs / 1000) * 1000 }
    return jwt
  }
}
