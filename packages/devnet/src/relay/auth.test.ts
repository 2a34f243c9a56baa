import { createHash } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { base58Decode, base58Encode, didKeyFromPublicKey, publicKeyFromDidKey, verifyRelayJwt } from './auth.ts'

// The example client-auth JWT of the WalletConnect "Crypto Authentication" spec
// (specs.walletconnect.com/2.0/specs/clients/core/crypto/crypto-authentication).
const SPEC_JWT =
  'eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJkaWQ6a2V5Ono2TWtvZEhad25lVlJTaHRhTGY4SktZa3hwREdwMXZHWm5wR21kQnBYOE0yZXh4SCIsInN1YiI6ImM0NzlmZTVkYzQ2NGU3NzFlNzhiMTkzZDIzOWE2NWI1OGQyNzhjYWQxYzM0YmZiMGI1NzE2ZTViYjUxNDkyOGUiLCJhdWQiOiJ3c3M6Ly9yZWxheS53YWxsZXRjb25uZWN0LmNvbSIsImlhdCI6MTY1NjkxMDA5NywiZXhwIjoxNjU2OTk2NDk3fQ.bAKl1swvwqqV_FgwvD4Bx3Yp987B9gTpZctyBviA-EkAuWc8iI8SyokOjkv9GJESgid4U8Tf2foCgrQp2qrxBA'
const SPEC_ISS = 'did:key:z6MkodHZwneVRShtaLf8JKYkxpDGp1vGZnpGmdBpX8M2exxH'
const SPEC_IAT_MS = 1_656_910_097_000
const SPEC_AUD = 'wss://relay.walletconnect.com'

const specOptions = (now = SPEC_IAT_MS) => ({ now, audience: (aud: string) => aud === SPEC_AUD })
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
const seedOf = (label: string) => new Uint8Array(createHash('sha256').update(label).digest())

/** A JWT in relay-auth's format whose parts can be bent: signed by `signer`, claiming `claims`. */
function jwt(signer: string, claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'EdDSA', typ: 'JWT' }): string {
  const data = `${b64(header)}.${b64(claims)}`
  return `${data}.${Buffer.from(ed25519.sign(Buffer.from(data), seedOf(signer))).toString('base64url')}`
}
const didOf = (label: string) => didKeyFromPublicKey(ed25519.getPublicKey(seedOf(label)))

describe('did:key (ed25519, multicodec 0xed01, base58btc "z")', () => {
  it('decodes the spec example to a 32-byte key and encodes it back', () => {
    const key = publicKeyFromDidKey(SPEC_ISS)
    expect(key).toHaveLength(32)
    expect(didKeyFromPublicKey(key!)).toBe(SPEC_ISS)
  })

  it('matches @walletconnect/relay-auth for a fresh key pair', async () => {
    const pair = generateKeyPair(seedOf('relay-auth'))
    const token = await signJWT('sub', 'ws://127.0.0.1:1', 86400, pair)
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))
    expect(claims.iss).toBe(didKeyFromPublicKey(pair.publicKey))
    expect(claims.iss).toMatch(/^did:key:z6Mk/)
  })

  it.each([
    ['did:key:z6MkodHZwneVRShtaLf8JKYkxpDGp1vGZnpGmdBpX8M2exx', 'one character short'],
    ['did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme', 'a secp256k1 did:key (0xe701)'],
    ['did:key:f6MkodHZwneVRShtaLf8JKYkxpDGp1vGZnpGmdBpX8M2exxH', 'not base58btc'],
    ['did:web:example.com', 'another DID method'],
    ['did:key:z0OIl', 'characters outside base58'],
    [`did:key:z${'1'.repeat(200)}`, 'too long'],
  ])('refuses %s (%s)', (did) => {
    expect(publicKeyFromDidKey(did)).toBeUndefined()
  })

  it('round-trips base58 with leading zeros', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255])
    expect(base58Encode(bytes)).toBe('11LiA')
    expect(base58Decode('11LiA')).toEqual(bytes)
    expect(base58Decode('0')).toBeUndefined()
  })
})

describe('verifyRelayJwt', () => {
  it('accepts the spec example and returns its iss as the client id', () => {
    const result = verifyRelayJwt(SPEC_JWT, specOptions())
    expect(result).toMatchObject({ ok: true, clientId: SPEC_ISS, claims: { aud: SPEC_AUD, iat: 1656910097, exp: 1656996497 } })
  })

  it('accepts a JWT signed by @walletconnect/relay-auth (what sign-client 2.25 sends)', async () => {
    const pair = generateKeyPair(seedOf('client-a'))
    const token = await signJWT('c479fe5d', 'ws://127.0.0.1:4455', 86400, pair, 1_800_000_000)
    const result = verifyRelayJwt(token, { now: 1_800_000_000_000, audience: (aud) => aud === 'ws://127.0.0.1:4455' })
    expect(result).toEqual({
      ok: true,
      clientId: didKeyFromPublicKey(pair.publicKey),
      claims: {
        iss: didKeyFromPublicKey(pair.publicKey),
        sub: 'c479fe5d',
        aud: 'ws://127.0.0.1:4455',
        iat: 1_800_000_000,
        exp: 1_800_086_400,
      },
    })
  })

  const [specHeader, specPayload, specSignature] = SPEC_JWT.split('.') as [string, string, string]
  const specClaims = JSON.parse(Buffer.from(specPayload, 'base64url').toString('utf8'))
  const now = 1_800_000_000
  const ok = { iss: didOf('alice'), sub: 's', aud: 'ws://127.0.0.1:1', iat: now, exp: now + 86400 }
  const cases: [string, string | undefined, string][] = [
    ['no token', undefined, 'Missing JWT'],
    ['empty token', '', 'Missing JWT'],
    ['two parts', `${specHeader}.${specPayload}`, 'expected header.payload.signature'],
    ['four parts', `${SPEC_JWT}.x`, 'expected header.payload.signature'],
    ['header not JSON', `bm9wZQ.${specPayload}.${specSignature}`, 'header must be { alg: "EdDSA", typ: "JWT" }'],
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${specPayload}.`, 'header must be { alg: "EdDSA", typ: "JWT" }'],
    ['alg HS256 signed by alice', jwt('alice', ok, { alg: 'HS256', typ: 'JWT' }), 'header must be { alg: "EdDSA", typ: "JWT" }'],
    ['payload not base64url', `${specHeader}.@@@.${specSignature}`, 'payload is not a JSON object'],
    ['payload an array', `${specHeader}.${b64([1])}.${specSignature}`, 'payload is not a JSON object'],
    ['no iss', jwt('alice', { ...ok, iss: undefined }), 'iss is missing'],
    ['iss not a did:key', jwt('alice', { ...ok, iss: 'alice' }), 'iss is not an ed25519 did:key'],
    ['signature of 63 bytes', `${specHeader}.${specPayload}.${Buffer.alloc(63).toString('base64url')}`, 'signature must be 64 bytes'],
    ['signature not base64url', `${specHeader}.${specPayload}.+/==`, 'signature is not base64url'],
    // Someone else's identity: alice's did:key in the claims, signed with mallory's key.
    ['forged: alice claimed, mallory signed', jwt('mallory', ok), 'signature does not verify with the key of iss'],
    // The spec JWT with one claim changed (sub) and its original signature.
    [
      'tampered payload',
      `${specHeader}.${b64({ ...specClaims, sub: 'mine' })}.${specSignature}`,
      'signature does not verify with the key of iss',
    ],
    ['expired 121 s ago', jwt('alice', { ...ok, iat: now - 86400, exp: now - 121 }), 'expired'],
    ['exp a string', jwt('alice', { ...ok, exp: String(now + 60) }), 'exp is not a number'],
    ['issued 121 s in the future', jwt('alice', { ...ok, iat: now + 121 }), 'issued in the future'],
    ['aud another relay', jwt('alice', { ...ok, aud: 'wss://relay.walletconnect.org' }), 'aud is not this relay'],
    ['aud a number', jwt('alice', { ...ok, aud: 1 }), 'aud is not this relay'],
  ]
  it.each(cases)('refuses %s', (_name, token, reason) => {
    const result = verifyRelayJwt(token, { now: now * 1000, audience: (aud) => aud === 'ws://127.0.0.1:1' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toBe(token ? 'Invalid JWT' : 'Missing JWT')
    if (token) expect(result.reason).toBe(reason)
  })

  it('tolerates 120 s of clock skew and accepts a JWT without exp, iat or aud', () => {
    const options = { now: now * 1000, audience: () => false }
    expect(verifyRelayJwt(jwt('alice', { ...ok, aud: undefined, exp: now - 120, iat: now + 120 }), options).ok).toBe(true)
    expect(verifyRelayJwt(jwt('alice', { iss: ok.iss }), options)).toEqual({ ok: true, clientId: ok.iss, claims: { iss: ok.iss } })
  })

  it('checks the spec JWT against the clock: expired a day and two minutes after it was issued', () => {
    expect(verifyRelayJwt(SPEC_JWT, specOptions((1656996497 + 120) * 1000)).ok).toBe(true)
    expect(verifyRelayJwt(SPEC_JWT, specOptions((1656996497 + 121) * 1000))).toEqual({ ok: false, error: 'Invalid JWT', reason: 'expired' })
  })
})
