import { beforeAll, describe, expect, it } from 'vitest'
import { fromBase64url, toBase64url } from './bytes'
import { KeyShareError } from './errors'
import {
  generateRecoverySecret,
  normalizeRecoverySecret,
  openRecoveryShare,
  openRecoveryShares,
  PBKDF2_ITERATIONS,
  RECOVERY_BLOB_TYPE,
  RECOVERY_SET_TYPE,
  type RecoveryBlob,
  sealRecoveryShare,
  sealRecoveryShares,
} from './recovery'

const SHARE = Uint8Array.from({ length: 33 }, (_, i) => 200 - i)
const CONTEXT = { userId: 'user-7f3a', purpose: 'evm' }
const SECRET = 'K7QX-M2PA-RT4D-Z6WE-HN3B-YC5F'
const PRF = Uint8Array.from({ length: 32 }, (_, i) => i * 7)

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    return error instanceof KeyShareError ? error.code : `not a KeyShareError: ${String(error)}`
  }
  return 'resolved'
}

/** What the API stores and gives back: the blob as JSON text, parsed again. */
const stored = (blob: object): unknown => JSON.parse(JSON.stringify(blob))

function flipCt(blob: RecoveryBlob, index: number): RecoveryBlob {
  const ct = fromBase64url(blob.ct)
  ct[index] = (ct[index] as number) ^ 1
  return { ...blob, ct: toBase64url(ct) }
}

describe('recovery secrets', () => {
  it('are 24 base32 characters in six groups of four, different each time', () => {
    const a = generateRecoverySecret()
    const b = generateRecoverySecret()
    expect(a).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){5}$/)
    expect(b).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){5}$/)
    expect(a).not.toBe(b)
  })

  it('are read back whatever the case, spaces and dashes; 0, 1 and 8 read as O, I and B', () => {
    expect(normalizeRecoverySecret('k7qx m2pa rt4d-z6we hn3b yc5f')).toBe('K7QXM2PART4DZ6WEHN3BYC5F')
    expect(normalizeRecoverySecret(' K7QXM2PART4DZ6WEHN3BYC5F\n')).toBe('K7QXM2PART4DZ6WEHN3BYC5F')
    expect(normalizeRecoverySecret('0000-1111-8888-AAAA-BBBB-CCCC')).toBe('OOOOIIIIBBBBAAAABBBBCCCC')
  })

  it('anything else is bad-recovery-secret', () => {
    for (const bad of ['K7QX-M2PA-RT4D-Z6WE-HN3B-YC5', 'K7QX-M2PA-RT4D-Z6WE-HN3B-YC5FF', 'K7QX-M2PA-RT4D-Z6WE-HN3B-YC59', '']) {
      expect(() => normalizeRecoverySecret(bad)).toThrow(expect.objectContaining({ code: 'bad-recovery-secret' }))
    }
  })
})

describe('the recovery share under a recovery secret (PBKDF2-SHA-256)', () => {
  let blob: RecoveryBlob
  beforeAll(async () => {
    blob = await sealRecoveryShare(SHARE, { secret: SECRET }, CONTEXT)
  })

  it('is a versioned, self-describing blob: type, version, KDF with its cost and salt, cipher, iv, ciphertext', () => {
    expect(Object.keys(blob).sort()).toEqual(['alg', 'ct', 'iv', 'kdf', 'type', 'v'])
    expect(blob.type).toBe(RECOVERY_BLOB_TYPE)
    expect(blob.v).toBe(1)
    expect(blob.alg).toBe('A256GCM')
    expect(blob.kdf).toEqual({ name: 'PBKDF2-SHA-256', iterations: 600_000, salt: expect.any(String) })
    expect(PBKDF2_ITERATIONS).toBe(600_000)
    expect(fromBase64url(blob.kdf.salt)).toHaveLength(16)
    expect(fromBase64url(blob.iv)).toHaveLength(12)
    expect(fromBase64url(blob.ct)).toHaveLength(33 + 16)
  })

  it('opens, from its stored JSON, with the secret as the user types it again', async () => {
    expect(Array.from(await openRecoveryShare(stored(blob), { secret: 'k7qx m2pa rt4d z6we hn3b yc5f' }, CONTEXT))).toEqual(
      Array.from(SHARE),
    )
  })

  it('a wrong secret (one character off) does not open it', async () => {
    expect(await codeOf(openRecoveryShare(stored(blob), { secret: 'K7QX-M2PA-RT4D-Z6WE-HN3B-YC5G' }, CONTEXT))).toBe('cannot-open')
  })

  it('nor another user or purpose, nor a PRF output in place of the secret', async () => {
    expect(await codeOf(openRecoveryShare(stored(blob), { secret: SECRET }, { userId: 'user-7f3b', purpose: 'evm' }))).toBe('cannot-open')
    expect(await codeOf(openRecoveryShare(stored(blob), { secret: SECRET }, { userId: 'user-7f3a', purpose: 'solana' }))).toBe(
      'cannot-open',
    )
    expect(await codeOf(openRecoveryShare(stored(blob), { prf: PRF }, CONTEXT))).toBe('cannot-open')
  })

  it('tampered with (ciphertext, tag, salt or cost): cannot-open', async () => {
    expect(await codeOf(openRecoveryShare(flipCt(blob, 3), { secret: SECRET }, CONTEXT))).toBe('cannot-open')
    expect(await codeOf(openRecoveryShare(flipCt(blob, 48), { secret: SECRET }, CONTEXT))).toBe('cannot-open')
    const salt = fromBase64url(blob.kdf.salt)
    salt[0] = (salt[0] as number) ^ 1
    expect(await codeOf(openRecoveryShare({ ...blob, kdf: { ...blob.kdf, salt: toBase64url(salt) } }, { secret: SECRET }, CONTEXT))).toBe(
      'cannot-open',
    )
    expect(await codeOf(openRecoveryShare({ ...blob, kdf: { ...blob.kdf, iterations: 600_001 } }, { secret: SECRET }, CONTEXT))).toBe(
      'cannot-open',
    )
  })

  it('a blob of an unknown version or shape, or a cost out of bounds: bad-format, before any key is derived', async () => {
    for (const bad of [
      { ...blob, v: 2 },
      { ...blob, type: 'other' },
      { ...blob, alg: 'A128GCM' },
      { ...blob, kdf: { ...blob.kdf, iterations: 1000 } },
      { ...blob, kdf: { ...blob.kdf, iterations: 1e9 } },
      { ...blob, kdf: { name: 'scrypt', salt: blob.kdf.salt } },
      { ...blob, iv: toBase64url(new Uint8Array(16)) },
      { ...blob, ct: `${blob.ct}=` },
      JSON.stringify(blob),
    ]) {
      expect(await codeOf(openRecoveryShare(bad, { secret: SECRET }, CONTEXT))).toBe('bad-format')
    }
  })
})

describe('the recovery share under a passkey PRF output (HKDF-SHA-256)', () => {
  let blob: RecoveryBlob
  beforeAll(async () => {
    blob = await sealRecoveryShare(SHARE, { prf: PRF }, CONTEXT)
  })

  it('names its KDF and a 32-byte salt, and opens with the same 32 bytes', async () => {
    expect(blob.kdf).toEqual({ name: 'PRF-HKDF-SHA-256', salt: expect.any(String) })
    expect(fromBase64url(blob.kdf.salt)).toHaveLength(32)
    expect(Array.from(await openRecoveryShare(stored(blob), { prf: PRF }, CONTEXT))).toEqual(Array.from(SHARE))
  })

  it('another PRF output, one of the wrong length, a secret, another context, or a flipped bit: cannot-open', async () => {
    const other = new Uint8Array(PRF)
    other[31] = (other[31] as number) ^ 1
    expect(await codeOf(openRecoveryShare(stored(blob), { prf: other }, CONTEXT))).toBe('cannot-open')
    expect(await codeOf(openRecoveryShare(stored(blob), { prf: PRF.subarray(0, 31) }, CONTEXT))).toBe('cannot-open')
    expect(await codeOf(openRecoveryShare(stored(blob), { secret: SECRET }, CONTEXT))).toBe('cannot-open')
    expect(await codeOf(openRecoveryShare(stored(blob), { prf: PRF }, { userId: 'user-7f3a', purpose: 'solana' }))).toBe('cannot-open')
    expect(await codeOf(openRecoveryShare(flipCt(blob, 0), { prf: PRF }, CONTEXT))).toBe('cannot-open')
  })

  it("does not touch the caller's PRF bytes", () => {
    expect(PRF[1]).toBe(7)
    expect(PRF[31]).toBe(217)
  })
})

describe('the recovery share under a secret and a passkey (a set of blobs)', () => {
  it('one key gives a plain blob; two give a set whose blobs each open with their own key alone, within 2 KiB', async () => {
    expect((await sealRecoveryShares(SHARE, [{ secret: SECRET }], CONTEXT)).type).toBe(RECOVERY_BLOB_TYPE)
    const set = stored(await sealRecoveryShares(SHARE, [{ secret: SECRET }, { prf: PRF }], CONTEXT))
    expect(set).toMatchObject({
      type: RECOVERY_SET_TYPE,
      v: 1,
      blobs: [{ kdf: { name: 'PBKDF2-SHA-256' } }, { kdf: { name: 'PRF-HKDF-SHA-256' } }],
    })
    expect(JSON.stringify(set).length).toBeLessThan(2048)
    expect(await openRecoveryShares(set, { secret: SECRET.toLowerCase() }, CONTEXT)).toEqual(SHARE)
    expect(await openRecoveryShares(set, { prf: PRF }, CONTEXT)).toEqual(SHARE)
  })

  it('another PRF output, a wrong secret or another user: cannot-open; a plain blob still opens as before', async () => {
    const set = stored(await sealRecoveryShares(SHARE, [{ secret: SECRET }, { prf: PRF }], CONTEXT))
    expect(await codeOf(openRecoveryShares(set, { prf: PRF.map((b) => b ^ 1) }, CONTEXT))).toBe('cannot-open')
    expect(await codeOf(openRecoveryShares(set, { secret: 'A'.repeat(24) }, CONTEXT))).toBe('cannot-open')
    expect(await codeOf(openRecoveryShares(set, { prf: PRF }, { ...CONTEXT, userId: 'user-other' }))).toBe('cannot-open')
    const plain = stored(await sealRecoveryShare(SHARE, { prf: PRF }, CONTEXT))
    expect(await openRecoveryShares(plain, { prf: PRF }, CONTEXT)).toEqual(SHARE)
    expect(await codeOf(openRecoveryShares(plain, { secret: SECRET }, CONTEXT))).toBe('cannot-open')
  })

  it('a set with no blobs, too many, or a blob of another shape: bad-format; no key, or five: bad-format', async () => {
    const blob = stored(await sealRecoveryShare(SHARE, { prf: PRF }, CONTEXT))
    const set = (blobs: unknown[]) => ({ type: RECOVERY_SET_TYPE, v: 1, blobs })
    expect(await codeOf(openRecoveryShares(set([]), { prf: PRF }, CONTEXT))).toBe('bad-format')
    expect(await codeOf(openRecoveryShares(set([blob, blob, blob, blob, blob]), { prf: PRF }, CONTEXT))).toBe('bad-format')
    expect(await codeOf(openRecoveryShares(set([blob, { type: 'x' }]), { prf: PRF }, CONTEXT))).toBe('bad-format')
    expect(await codeOf(sealRecoveryShares(SHARE, [], CONTEXT))).toBe('bad-format')
    expect(await codeOf(sealRecoveryShares(SHARE, Array(5).fill({ prf: PRF }), CONTEXT))).toBe('bad-format')
  })
})
