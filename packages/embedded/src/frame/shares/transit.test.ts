import { beforeAll, describe, expect, it } from 'vitest'
import { fromBase64url, toBase64url } from './bytes'
import { KeyShareError } from './errors'
import { generateSessionEncryptionKey, openFromSession, type SealedShare, sealToSession, TRANSIT_ALG } from './transit'

const SHARE = Uint8Array.from({ length: 33 }, (_, i) => i + 1) // 01 02 … 21
const CONTEXT = { userId: 'user-7f3a', purpose: 'evm' }

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    return error instanceof KeyShareError ? error.code : `not a KeyShareError: ${String(error)}`
  }
  return 'resolved'
}

/** The same envelope with bit 0 of byte `index` of `field` flipped. */
function flip(sealed: SealedShare, field: 'epk' | 'iv' | 'ct', index: number): SealedShare {
  const bytes = fromBase64url(sealed[field])
  bytes[index] = (bytes[index] as number) ^ 1
  return { ...sealed, [field]: toBase64url(bytes) }
}

describe('the auth share in transit (ECDH P-256 + HKDF-SHA-256 + AES-256-GCM)', () => {
  let session: Awaited<ReturnType<typeof generateSessionEncryptionKey>>
  let sealed: SealedShare
  beforeAll(async () => {
    session = await generateSessionEncryptionKey()
    sealed = await sealToSession(session.publicKey, SHARE, CONTEXT)
  })

  it("opens with the session's key and the same context, giving the share back", async () => {
    expect(Array.from(await openFromSession(session.keyPair, sealed, CONTEXT))).toEqual(Array.from(SHARE))
  })

  it('is a versioned envelope: a 65-byte ephemeral key, a 12-byte iv, the 33 bytes + a 16-byte tag', () => {
    expect(Object.keys(sealed).sort()).toEqual(['alg', 'ct', 'epk', 'iv', 'v'])
    expect(sealed.v).toBe(1)
    expect(sealed.alg).toBe(TRANSIT_ALG)
    expect(fromBase64url(sealed.epk)).toHaveLength(65)
    expect(fromBase64url(sealed.epk)[0]).toBe(4) // uncompressed point
    expect(fromBase64url(sealed.iv)).toHaveLength(12)
    expect(fromBase64url(sealed.ct)).toHaveLength(33 + 16)
  })

  it('sealing twice gives two different envelopes (a fresh ephemeral key each time), both opening', async () => {
    const again = await sealToSession(session.publicKey, SHARE, CONTEXT)
    expect(again.epk).not.toBe(sealed.epk)
    expect(again.ct).not.toBe(sealed.ct)
    expect(Array.from(await openFromSession(session.keyPair, again, CONTEXT))).toEqual(Array.from(SHARE))
  })

  it("the session's private key cannot be exported", async () => {
    expect(session.keyPair.privateKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('pkcs8', session.keyPair.privateKey)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', session.keyPair.privateKey)).rejects.toThrow()
  })

  it('does not open under another session key', async () => {
    const other = await generateSessionEncryptionKey()
    expect(await codeOf(openFromSession(other.keyPair, sealed, CONTEXT))).toBe('cannot-open')
  })

  it('does not open with other associated data (another user, another purpose)', async () => {
    expect(await codeOf(openFromSession(session.keyPair, sealed, { userId: 'user-7f3b', purpose: 'evm' }))).toBe('cannot-open')
    expect(await codeOf(openFromSession(session.keyPair, sealed, { userId: 'user-7f3a', purpose: 'solana' }))).toBe('cannot-open')
  })

  it('a flipped bit in the ciphertext, its tag, the iv or the ephemeral key: cannot-open', async () => {
    for (const [field, index] of [
      ['ct', 0],
      ['ct', 48], // last byte of the tag
      ['iv', 11],
      ['epk', 64],
    ] as const) {
      expect(await codeOf(openFromSession(session.keyPair, flip(sealed, field, index), CONTEXT))).toBe('cannot-open')
    }
  })

  it('an envelope of another version, algorithm or shape: bad-format', async () => {
    for (const bad of [
      { ...sealed, v: 2 },
      { ...sealed, alg: 'ECDH-P256+HKDF-SHA256+A128GCM' },
      { ...sealed, extra: 1 },
      { ...sealed, iv: `${sealed.iv}==` },
      { ...sealed, epk: sealed.epk.slice(4) },
      'not an envelope',
      null,
    ]) {
      expect(await codeOf(openFromSession(session.keyPair, bad, CONTEXT))).toBe('bad-format')
    }
  })

  it('refuses to seal to something that is not a P-256 point', async () => {
    await expect(sealToSession(toBase64url(new Uint8Array(65).fill(4)), SHARE, CONTEXT)).rejects.toThrow()
  })
})
