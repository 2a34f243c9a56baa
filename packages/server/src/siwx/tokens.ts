import {
  calculateJwkThumbprint,
  compactVerify,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type KeyObject,
} from 'jose'
import type { SiwxTokenClaims } from '@portico/protocol/siwx'
import type { SiwxRepository } from './repository.ts'

type Key = CryptoKey | KeyObject | Uint8Array

/** A public key as the JWKS shows it. */
export type PublishedJwk = JWK & { kid: string; alg: 'ES256'; use: 'sig' }

const publicPart = ({ kty, crv, x, y }: JWK): JWK => ({ kty, crv, x, y })

/** The configured key is not an EC P-256 private JWK. */
export class SigningKeyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SigningKeyError'
  }
}

/**
 * The session tokens: ES256 JWTs with the key's `kid` in the header. The key is the configured one
 * (`siwx.signingKey`, a P-256 private JWK) or else one generated once and kept in the database, so a
 * restart (or another server on the same database) keeps the tokens valid. Loaded on first use.
 */
export function createTokenService(options: { repository: SiwxRepository; signingKey?: JWK; issuer: () => string }) {
  type Loaded = { kid: string; privateKey: Key; published: PublishedJwk[]; publicKeys: Map<string, Key> }
  let loading: Promise<Loaded> | undefined

  async function load(): Promise<Loaded> {
    let keys: { kid: string; privateJwk: JWK; publicJwk: JWK }[]
    if (options.signingKey !== undefined) {
      const jwk = options.signingKey
      if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string')
        throw new SigningKeyError('siwx.signingKey must be an EC P-256 private JWK (kty EC, crv P-256, with d)')
      const publicJwk = publicPart(jwk)
      keys = [{ kid: jwk.kid ?? (await calculateJwkThumbprint(publicJwk)), privateJwk: jwk, publicJwk }]
    } else {
      const current = await options.repository.signingKeyOrCreate(async () => {
        const pair = await generateKeyPair('ES256', { extractable: true })
        const privateJwk = await exportJWK(pair.privateKey)
        const publicJwk = publicPart(privateJwk)
        return { kid: await calculateJwkThumbprint(publicJwk), privateJwk, publicJwk }
      })
      const all = await options.repository.signingKeys()
      keys = [current, ...all.filter((key) => key.kid !== current.kid)]
    }
    const publicKeys = new Map<string, Key>()
    for (const key of keys) publicKeys.set(key.kid, await importJWK({ ...key.publicJwk, alg: 'ES256' }, 'ES256'))
    const [signer] = keys
    if (signer === undefined) throw new Error('No signing key: the repository gave none')
    return {
      kid: signer.kid,
      privateKey: await importJWK({ ...signer.privateJwk, alg: 'ES256' }, 'ES256'),
      published: keys.map((key) => ({ ...publicPart(key.publicJwk), kid: key.kid, alg: 'ES256', use: 'sig' })),
      publicKeys,
    }
  }

  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))

  const keyFor = async (header: { kid?: string }): Promise<Key> => {
    const key = header.kid === undefined ? undefined : (await get()).publicKeys.get(header.kid)
    if (key === undefined) throw new Error('Unknown signing key')
    return key
  }

  return {
    /** Load (or create) the key now: a bad configured key fails here, at start. */
    ready: async (): Promise<void> => {
      await get()
    },

    /** The JWKS: the public key(s) tokens are signed with. */
    jwks: async (): Promise<{ keys: PublishedJwk[] }> => ({ keys: (await get()).published }),

    async sign(claims: Omit<SiwxTokenClaims, 'iss'>): Promise<string> {
      const { kid, privateKey } = await get()
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setSubject(claims.sub)
        .setAudience(claims.aud)
        .setIssuer(options.issuer())
        .setIssuedAt(claims.iat)
        .setExpirationTime(claims.exp)
        .sign(privateKey)
    },

    /**
     * The claims of a valid, unexpired token of ours; throws otherwise. Our signature is the proof: the
     * issuer is not compared, so a server whose URL changed (a dev server on another port) still
     * knows its tokens.
     */
    async verify(token: string, now: Date): Promise<JWTPayload> {
      const { payload } = await jwtVerify(token, keyFor, { algorithms: ['ES256'], currentDate: now })
      return payload
    },

    /** The claims of a token signed by us, expired or not (revoking an expired session is fine). */
    async verifySignatureOnly(token: string): Promise<JWTPayload> {
      const { payload, protectedHeader } = await compactVerify(token, keyFor, { algorithms: ['ES256'] })
      if (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') throw new Error('Not a JWT')
      return JSON.parse(new TextDecoder().decode(payload)) as JWTPayload
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
