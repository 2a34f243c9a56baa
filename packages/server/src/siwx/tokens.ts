import { hkdfSync } from 'node:crypto'
import {
  calculateJwkThumbprint,
  compactVerify,
  exportJWK,
  generateKeyPair,
  importJWK,
  errors,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type KeyObject,
} from 'jose'
import type { SiwxTokenClaims } from '@portico/protocol/siwx'
import { open, parseKek, seal } from '../auth/crypto.ts'
import type { SigningKeyStore, SiwxRepository, StoredSigningKey } from './repository.ts'

type Key = CryptoKey | KeyObject | Uint8Array

/** A public key as the JWKS shows it. */
export type PublishedJwk = JWK & { kid: string; alg: 'ES256'; use: 'sig' }

const publicPart = ({ kty, crv, x, y }: JWK): JWK => ({ kty, crv, x, y })

/** How long an instance trusts its list of the other instances' keys before reading it again (an unknown kid reads it at once). */
export const SIWX_KEYS_REFRESH_MS = 60_000

/** The configured key is not an EC P-256 private JWK, or its kid names another stored key. */
export class SigningKeyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SigningKeyError'
  }
}

/** Not a token of ours: malformed, another key, expired (jose's own errors are refusals too). */
export class TokenError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TokenError'
  }
}

/**
 * Whether `error` says the token is refused (jose's errors, TokenError, AudienceError), as opposed to
 * a failure to check it (the database is down): that one is not the token's fault.
 */
export const isTokenRefusal = (error: unknown): boolean =>
  error instanceof errors.JOSEError || error instanceof TokenError || error instanceof AudienceError

/** The token is valid but for another domain than the one it is checked for. */
export class AudienceError extends Error {
  constructor() {
    super('Token for another audience')
    this.name = 'AudienceError'
  }
}

/** The AES-256-GCM key that seals the stored signing keys: HKDF-SHA256 of the KEK with an info of its own. */
export function siwxSealingKey(kek: string | Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', parseKek(kek), Buffer.from('portico-siwx'), Buffer.from('portico/siwx-signing-key/v1'), 32))
}

const sealAad = (kid: string) => `portico/siwx-signing-key/v1:${kid}`

/** The private JWK of a stored key that this instance can use: plain, or sealed and opened with `sealingKey`. */
function privateOf(key: StoredSigningKey, sealingKey: Buffer | undefined): JWK | null {
  if (key.privateJwk !== null) return key.privateJwk
  if (key.privateSealed === null || sealingKey === undefined) return null
  try {
    return JSON.parse(open(sealingKey, key.privateSealed, sealAad(key.kid)).toString('utf8')) as JWK
  } catch {
    return null
  }
}

/** The stored key this instance signs with, sealing plain ones on the way; a new one when none can be used. */
async function storedSigner(store: SigningKeyStore, sealingKey: Buffer | undefined, now: Date) {
  const keys = await store.list()
  if (sealingKey !== undefined) {
    for (const key of keys) {
      if (key.privateJwk === null) continue
      const sealed = seal(sealingKey, Buffer.from(JSON.stringify(key.privateJwk), 'utf8'), sealAad(key.kid))
      await store.seal(key.kid, sealed)
    }
  }
  for (const key of keys) {
    const privateJwk = privateOf(key, sealingKey)
    if (privateJwk !== null) return { kid: key.kid, privateJwk, publicJwk: key.publicJwk }
  }
  const pair = await generateKeyPair('ES256', { extractable: true })
  const privateJwk = await exportJWK(pair.privateKey)
  const publicJwk = publicPart(privateJwk)
  const kid = await calculateJwkThumbprint(publicJwk)
  await store.insert(
    sealingKey === undefined
      ? { kid, publicJwk, privateJwk }
      : { kid, publicJwk, privateSealed: seal(sealingKey, Buffer.from(JSON.stringify(privateJwk), 'utf8'), sealAad(kid)) },
    now,
  )
  return { kid, privateJwk, publicJwk }
}

/**
 * The session tokens: ES256 JWTs with the key's `kid` in the header, `aud` the sign-in's domain.
 *
 * An instance signs with the configured key (`siwx.signingKey`, a P-256 private JWK), else with the
 * key stored in the database (generated once, its private part sealed under the KEK when
 * `sealingKey` is given), so every instance on one database signs with the same key. A configured
 * key's public part is stored too: every instance publishes and accepts the keys that any instance
 * signed with during the last `lifetimeSeconds` (the longest session), so a key change reaches
 * every instance's JWKS and the previous key stays valid for the tokens it signed.
 */
export function createTokenService(options: {
  repository: SiwxRepository
  signingKey?: JWK
  /** siwxSealingKey(KEK): seals the stored private key (the auth service's KEK). */
  sealingKey?: Buffer
  issuer: () => string
  /** The longest token life: a key stays published this long after its last use. */
  lifetimeSeconds: number
  /** @default Date.now */
  now?: () => number
}) {
  const now = () => new Date((options.now ?? Date.now)())
  type Signer = { kid: string; privateKey: Key; published: PublishedJwk; publicKey: Key }
  let loading: Promise<Signer> | undefined

  async function loadSigner(): Promise<Signer> {
    const at = now()
    let signer: { kid: string; privateJwk: JWK; publicJwk: JWK }
    if (options.signingKey !== undefined) {
      const jwk = options.signingKey
      if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string')
        throw new SigningKeyError('siwx.signingKey must be an EC P-256 private JWK (kty EC, crv P-256, with d)')
      const publicJwk = publicPart(jwk)
      const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk))
      await options.repository.signingKeysLocked(async (store) => {
        const same = (await store.list()).find((key) => key.kid === kid)
        if (same === undefined) return store.insert({ kid, publicJwk }, at)
        if (JSON.stringify(publicPart(same.publicJwk)) !== JSON.stringify(publicJwk))
          throw new SigningKeyError(`siwx.signingKey's kid ${kid} is the kid of another key in the database: give the new key another kid`)
      })
      signer = { kid, privateJwk: jwk, publicJwk }
    } else {
      signer = await options.repository.signingKeysLocked((store) => storedSigner(store, options.sealingKey, at))
    }
    await options.repository.touchSigningKey(signer.kid, at)
    return {
      kid: signer.kid,
      privateKey: await importJWK({ ...signer.privateJwk, alg: 'ES256' }, 'ES256'),
      published: { ...publicPart(signer.publicJwk), kid: signer.kid, alg: 'ES256', use: 'sig' },
      publicKey: await importJWK({ ...signer.publicJwk, alg: 'ES256' }, 'ES256'),
    }
  }

  const getSigner = () =>
    (loading ??= loadSigner().catch((error: unknown) => {
      loading = undefined
      throw error
    }))

  /** Our key, then the keys any instance used within a token's life. */
  async function publishedKeys(): Promise<PublishedJwk[]> {
    const signer = await getSigner()
    const used = await options.repository.keysUsedSince(new Date(now().getTime() - options.lifetimeSeconds * 1000))
    return [
      signer.published,
      ...used
        .filter((key) => key.kid !== signer.kid)
        .map((key): PublishedJwk => ({ ...publicPart(key.publicJwk), kid: key.kid, alg: 'ES256', use: 'sig' })),
    ]
  }

  // The keys tokens are checked against, read again after SIWX_KEYS_REFRESH_MS or on an unknown kid.
  let verifying: { at: number; keys: Map<string, Key> } | undefined
  let reading: Promise<Map<string, Key>> | undefined
  const readKeys = () =>
    (reading ??= (async () => {
      try {
        const at = now().getTime()
        const keys = new Map<string, Key>()
        for (const jwk of await publishedKeys()) keys.set(jwk.kid, await importJWK(jwk, 'ES256'))
        verifying = { at, keys }
        return keys
      } finally {
        reading = undefined
      }
    })())

  const keyFor = async (header: { kid?: string }): Promise<Key> => {
    const kid = header.kid
    if (kid === undefined) throw new TokenError('Unknown signing key')
    const known = verifying?.keys.get(kid)
    const fresh = verifying !== undefined && now().getTime() - verifying.at < SIWX_KEYS_REFRESH_MS
    if (known !== undefined && fresh) return known
    let key: Key | undefined
    try {
      key = (await readKeys()).get(kid)
    } catch (error) {
      // The keys could not be read again (the database is down): a key read before still checks.
      if (known !== undefined) return known
      throw error
    }
    if (key === undefined) throw new TokenError('Unknown signing key')
    return key
  }

  // Hosts are case-insensitive: tokens carry the domain in lower case, and it is compared so.
  const checkAudience = (payload: JWTPayload, audience: string | undefined) => {
    if (audience === undefined) return
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud]
    if (!aud.includes(audience.toLowerCase())) throw new AudienceError()
  }

  return {
    /** Load (or create) the key now: a bad configured key fails here, at start. */
    ready: async (): Promise<void> => {
      await getSigner()
    },

    /** The JWKS: the key this instance signs with, then the others of the last token lifetime (read from the database each time). */
    jwks: async (): Promise<{ keys: PublishedJwk[] }> => ({ keys: await publishedKeys() }),

    async sign(claims: Omit<SiwxTokenClaims, 'iss'>): Promise<string> {
      const { kid, privateKey } = await getSigner()
      await options.repository.touchSigningKey(kid, now())
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setSubject(claims.sub)
        .setAudience(claims.aud.toLowerCase())
        .setIssuer(options.issuer())
        .setIssuedAt(claims.iat)
        .setExpirationTime(claims.exp)
        .sign(privateKey)
    },

    /**
     * The claims of a valid, unexpired token of ours, for `audience` (the domain it is checked for;
     * any when undefined): AudienceError for a token of another domain, another error otherwise.
     * Our signature is the proof: the issuer is not compared, so a server whose URL changed (a dev
     * server on another port) still knows its tokens.
     */
    async verify(token: string, at: Date, audience?: string): Promise<JWTPayload> {
      try {
        const { payload } = await jwtVerify(token, keyFor, {
          algorithms: ['ES256'],
          currentDate: at,
          ...(audience === undefined ? {} : { audience: audience.toLowerCase() }),
        })
        return payload
      } catch (error) {
        if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') throw new AudienceError()
        throw error
      }
    },

    /** The claims of a token signed by us, expired or not (revoking an expired session is fine), for `audience` as in verify. */
    async verifySignatureOnly(token: string, audience?: string): Promise<JWTPayload> {
      const { payload, protectedHeader } = await compactVerify(token, keyFor, { algorithms: ['ES256'] })
      if (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') throw new TokenError('Not a JWT')
      let claims: JWTPayload
      try {
        claims = JSON.parse(new TextDecoder().decode(payload)) as JWTPayload
      } catch {
        throw new TokenError('Not a JWT')
      }
      checkAudience(claims, audience)
      return claims
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
