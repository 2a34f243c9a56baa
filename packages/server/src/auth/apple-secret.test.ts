import { generateKeyPairSync, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { APPLE_AUDIENCE, appleClientSecret, mintAppleClientSecret, parseApplePrivateKey, parseAppleSigningKey } from './apple-secret.ts'
import { resolveSocialProviders } from './social-providers.ts'

const TEAM_ID = 'TEAM123456'
const KEY_ID = 'KEY7654321'
const CLIENT_ID = 'com.example.portico.signin'
const T0 = Date.parse('2031-03-04T05:06:07.000Z')

/** A fresh P-256 key as Apple hands it out (.p8: PKCS#8 PEM) and its public half. */
function appleKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return { pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey }
}

const part = (jwt: string, i: number) => JSON.parse(Buffer.from(jwt.split('.')[i] as string, 'base64url').toString('utf8')) as unknown

/** The JWT checked with the public key (ES256: raw r||s signature over "header.claims"). */
function verifies(jwt: string, publicKey: ReturnType<typeof appleKey>['publicKey']) {
  const [header, claims, signature] = jwt.split('.') as [string, string, string]
  return verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
}

describe("Apple's client secret JWT", () => {
  it('is an ES256 JWT with exactly { alg, kid } and { iss, iat, exp, aud, sub }, valid 1 hour, that verifies with the public key', () => {
    const key = appleKey()
    const jwt = appleClientSecret({
      teamId: TEAM_ID,
      keyId: KEY_ID,
      clientId: CLIENT_ID,
      privateKey: parseApplePrivateKey(key.pem),
      now: () => T0,
    })()
    expect(jwt).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/)
    expect(part(jwt, 0)).toStrictEqual({ alg: 'ES256', kid: KEY_ID })
    const iat = Math.floor(T0 / 1000)
    expect(part(jwt, 1)).toStrictEqual({ iss: TEAM_ID, iat, exp: iat + 3600, aud: 'https://appleid.apple.com', sub: CLIENT_ID })
    expect(APPLE_AUDIENCE).toBe('https://appleid.apple.com')
    expect(verifies(jwt, key.publicKey)).toBe(true)
    // Not with another key, nor with the claims changed.
    expect(verifies(jwt, appleKey().publicKey)).toBe(false)
    const [h, , s] = jwt.split('.')
    const forged = `${h}.${Buffer.from(JSON.stringify({ iss: TEAM_ID, iat, exp: iat + 7200, aud: APPLE_AUDIENCE, sub: CLIENT_ID })).toString('base64url')}.${s}`
    expect(verifies(forged, key.publicKey)).toBe(false)
  })

  it('is reused while fresh and minted again when less than 5 minutes remain (or the clock went back)', () => {
    const key = appleKey()
    let clock = T0
    const secret = appleClientSecret({
      teamId: TEAM_ID,
      keyId: KEY_ID,
      clientId: CLIENT_ID,
      privateKey: parseApplePrivateKey(key.pem),
      now: () => clock,
    })
    const first = secret()
    clock = T0 + 30 * 60_000
    expect(secret()).toBe(first)
    // 5 min 1 s left: still the same.
    clock = T0 + 55 * 60_000 - 1000
    expect(secret()).toBe(first)
    // 5 minutes left: a new one, issued now, valid an hour from now.
    clock = T0 + 55 * 60_000
    const second = secret()
    expect(second).not.toBe(first)
    expect(verifies(second, key.publicKey)).toBe(true)
    const iat = Math.floor(clock / 1000)
    expect(part(second, 1)).toStrictEqual({ iss: TEAM_ID, iat, exp: iat + 3600, aud: APPLE_AUDIENCE, sub: CLIENT_ID })
    expect(secret()).toBe(second)
    clock = T0
    const third = secret()
    expect(third).not.toBe(second)
    expect((part(third, 1) as { iat: number }).iat).toBe(Math.floor(T0 / 1000))
  })

  it('is never valid more than 6 months', () => {
    const privateKey = parseApplePrivateKey(appleKey().pem)
    const sixMonths = 15_777_000_000
    const jwt = mintAppleClientSecret({ teamId: TEAM_ID, keyId: KEY_ID, clientId: CLIENT_ID, privateKey, nowMs: T0, ttlMs: sixMonths })
    const claims = part(jwt, 1) as { iat: number; exp: number }
    expect(claims.exp - claims.iat).toBe(15_777_000)
    expect(() =>
      mintAppleClientSecret({ teamId: TEAM_ID, keyId: KEY_ID, clientId: CLIENT_ID, privateKey, nowMs: T0, ttlMs: sixMonths + 1000 }),
    ).toThrow(/at most 6 months/)
  })

  it('a PEM squeezed onto one line with literal \\n is read', () => {
    const key = appleKey()
    const oneLine = key.pem.trim().replace(/\n/g, '\\n')
    const jwt = mintAppleClientSecret({
      teamId: TEAM_ID,
      keyId: KEY_ID,
      clientId: CLIENT_ID,
      privateKey: parseApplePrivateKey(oneLine),
      nowMs: T0,
    })
    expect(verifies(jwt, key.publicKey)).toBe(true)
  })

  it.each([
    ['not PEM at all', 'hello', /must be the PEM text of the \.p8 key file/],
    ['a broken PEM', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n', /is not a readable PEM private key/],
    [
      'an RSA key',
      generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      /must be a P-256 \(ES256\) EC key.*rsa/,
    ],
    [
      'a P-384 key',
      generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      /must be a P-256 \(ES256\) EC key.*secp384r1/,
    ],
  ])('a bad private key (%s) fails with a clear error', (_, pem, message) => {
    expect(() => parseApplePrivateKey(pem)).toThrow(message)
  })

  it('the social config: a signingKey for apple mints the secret; a bad key, bad ids or a key for another provider fail when the config is read', () => {
    const key = appleKey()
    let clock = T0
    const providers = resolveSocialProviders(
      {
        providers: {
          apple: { clientId: CLIENT_ID, signingKey: { teamId: TEAM_ID, keyId: KEY_ID, privateKey: key.pem } },
          google: { clientId: 'g', clientSecret: 'static' },
        },
      },
      { now: () => clock },
    )
    const apple = providers.get('apple')!
    const jwt = apple.clientSecret()
    expect(verifies(jwt, key.publicKey)).toBe(true)
    expect(part(jwt, 1)).toMatchObject({ iss: TEAM_ID, sub: CLIENT_ID, iat: Math.floor(T0 / 1000) })
    clock += 10 * 60_000
    expect(apple.clientSecret()).toBe(jwt)
    clock += 50 * 60_000
    expect(apple.clientSecret()).not.toBe(jwt)
    expect(providers.get('google')!.clientSecret()).toBe('static')
    // A static Apple secret still works.
    expect(
      resolveSocialProviders({ providers: { apple: { clientId: CLIENT_ID, clientSecret: 'eyJ.static.jwt' } } })
        .get('apple')!
        .clientSecret(),
    ).toBe('eyJ.static.jwt')

    const apple_ = (signingKey: { teamId: string; keyId: string; privateKey: string }, clientSecret?: string) => () =>
      resolveSocialProviders({ providers: { apple: { clientId: CLIENT_ID, signingKey, ...(clientSecret ? { clientSecret } : {}) } } })
    expect(apple_({ teamId: TEAM_ID, keyId: KEY_ID, privateKey: 'not a key' })).toThrow(
      'auth.social.providers.apple.signingKey.privateKey must be the PEM text of the .p8 key file',
    )
    expect(apple_({ teamId: TEAM_ID, keyId: KEY_ID, privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' })).toThrow(
      'auth.social.providers.apple.signingKey.privateKey is not a readable PEM private key',
    )
    expect(apple_({ teamId: 'team', keyId: KEY_ID, privateKey: key.pem })).toThrow(
      'auth.social.providers.apple.signingKey.teamId must be the 10-character Team ID',
    )
    expect(apple_({ teamId: TEAM_ID, keyId: '', privateKey: key.pem })).toThrow(
      'auth.social.providers.apple.signingKey.keyId must be the 10-character Key ID',
    )
    expect(apple_({ teamId: TEAM_ID, keyId: KEY_ID, privateKey: key.pem }, 'static')).toThrow(
      'give a clientSecret or a signingKey, not both',
    )
    expect(() => resolveSocialProviders({ providers: { apple: { clientId: CLIENT_ID } } })).toThrow(
      'auth.social.providers.apple needs a clientSecret or a signingKey',
    )
    expect(() => resolveSocialProviders({ providers: { google: { clientId: 'g' } } })).toThrow(
      'auth.social.providers.google.clientSecret is required',
    )
    expect(() =>
      resolveSocialProviders({
        providers: { google: { clientId: 'g', signingKey: { teamId: TEAM_ID, keyId: KEY_ID, privateKey: key.pem } } },
      }),
    ).toThrow('auth.social.providers.google.signingKey is for apple only')
    expect(parseAppleSigningKey({ teamId: TEAM_ID, keyId: KEY_ID, privateKey: key.pem }).privateKey.asymmetricKeyType).toBe('ec')
  })
})
