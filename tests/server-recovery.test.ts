/**
 * Server-assisted recovery (issue 22 §2): off by default; with the operator's recovery key
 * (auth.recoveryKey), the frame seals each recovery share to it as well, and a new device recovers at
 * login without the recovery secret or a passkey. The frame's service and the real API in process
 * (PGlite). The docs' plain claim is a test too: with the recovery key on, whoever holds it, the
 * database and the KEK can rebuild the key.
 */
import { generateKeyPairSync } from 'node:crypto'
import { KEYS_ERRORS } from '@portico/protocol/auth'
import { combine } from 'shamir-secret-sharing'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAddressOf } from '../packages/embedded/src/frame/shares/addresses'
import { memoryDeviceShareStore } from '../packages/embedded/src/frame/shares/device-store'
import { deriveSecrets, open, parseKek } from '../packages/server/src/auth/crypto'
import { authShareAad } from '../packages/server/src/auth/shares'
import { FRAME_ORIGIN, memoryMailbox, TEST_KEK } from '../packages/server/src/auth/test-support'
import { openSealed, parseRecoveryKey, type SealedShare } from '../packages/server/src/auth/transit'
import { openTestApp } from '../packages/server/src/test-support'
import { frameLogin as frameLoginOn } from './support/frame-login'

const RECOVERY_KEY = JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }))
const mailbox = memoryMailbox()
let offset = 0
const clock = () => Date.now() + offset
const limits = { mailsPerEmailPerHour: 50, deviceMailsPerEmailPerHour: 50, mailsPerIpPerHour: 500 }
const auth = { kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], keyCustody: 'shares' as const, now: clock, limits }

let helped: Awaited<ReturnType<typeof openTestApp>>
let plain: Awaited<ReturnType<typeof openTestApp>>

beforeAll(async () => {
  helped = await openTestApp({ auth: { ...auth, recoveryKey: RECOVERY_KEY } })
  plain = await openTestApp({ auth })
})
afterAll(async () => {
  await Promise.all([helped?.close(), plain?.close()])
})

/** A new device (its own device shares) signed in by email; the clock moves past the resend cooldown first. */
function device(app: typeof helped, email: string) {
  offset += 31_000
  return frameLoginOn(app.app, email, { mailbox, now: clock, deviceShares: memoryDeviceShareStore() })
}

const signs = async (d: Awaited<ReturnType<typeof device>>) => {
  const { result } = await d.service.RPC_REQUEST({ method: 'personal_sign', params: ['helped', d.user.address] })
  return recoverMessageAddress({ message: 'helped', signature: result as `0x${string}` })
}

const rowsOf = async (app: typeof helped, email: string) =>
  (
    await app.db.query<{ user_id: string; kind: string; split: string; address: string; auth_share: string; escrow: SealedShare | null }>(
      'SELECT user_id, kind, split, address, auth_share, escrow FROM portico_auth.key_shares WHERE user_id = (SELECT id FROM portico_auth.users WHERE email = $1) ORDER BY split, kind',
      [email],
    )
  ).rows

describe('server-assisted recovery, turned on (auth.recoveryKey)', () => {
  it('a new device recovers at login, with no secret or passkey, and signs as the wallet; the first device still signs', async () => {
    const first = await device(helped, 'helped@example.com')
    const rows = await rowsOf(helped, 'helped@example.com')
    expect(rows.map((r) => [r.kind, r.split])).toEqual([
      ['evm', 'primary'],
      ['solana', 'primary'],
    ])
    for (const row of rows) expect(row.escrow).toMatchObject({ v: 1, alg: 'ECDH-P256+HKDF-SHA256+A256GCM' })

    const second = await device(helped, 'helped@example.com')
    expect(await second.service.GET_KEY_STATE({})).toEqual({ state: 'here', unsavedRecovery: false })
    expect(await signs(second)).toBe(first.user.address)
    expect(await signs(first)).toBe(first.user.address)
    // The new device has a split of its own.
    expect(new Set((await rowsOf(helped, 'helped@example.com')).map((r) => r.split)).size).toBe(2)
  })

  it('as the docs say plainly: the recovery key, the database and the KEK together rebuild the key', async () => {
    const first = await device(helped, 'operator-can@example.com')
    const row = (await rowsOf(helped, 'operator-can@example.com')).find((r) => r.kind === 'evm')!
    const authShare = open(deriveSecrets(parseKek(TEST_KEK)).keyEncryption, row.auth_share, authShareAad(row.user_id, 'evm', row.address))
    const recoveryShare = await openSealed(parseRecoveryKey(RECOVERY_KEY), row.escrow!, { userId: row.user_id, purpose: 'escrow-evm' })
    expect(recoveryShare).not.toBeNull()
    expect(evmAddressOf(await combine([new Uint8Array(authShare), recoveryShare!]))).toBe(first.user.address)
    // Another recovery key opens nothing.
    const other = parseRecoveryKey(JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })))
    expect(await openSealed(other, row.escrow!, { userId: row.user_id, purpose: 'escrow-evm' })).toBeNull()
    // Nor does the escrow of one key for the other.
    expect(await openSealed(parseRecoveryKey(RECOVERY_KEY), row.escrow!, { userId: row.user_id, purpose: 'escrow-solana' })).toBeNull()
  })
})

describe('server-assisted recovery, off (the default)', () => {
  it('the status names no key, nothing is escrowed, the route answers 404, and a new device must recover with the secret', async () => {
    const first = await device(plain, 'alone@example.com')
    expect(await first.api.keys!(first.session)).not.toHaveProperty('escrowKey')
    expect((await rowsOf(plain, 'alone@example.com')).map((r) => r.escrow)).toEqual([null, null])
    await expect(first.api.keyEscrow!(first.session)).rejects.toThrow(KEYS_ERRORS.escrowOff)

    const second = await device(plain, 'alone@example.com')
    expect(await second.service.GET_KEY_STATE({})).toEqual({ state: 'recover', unsavedRecovery: false })
    await expect(second.service.RPC_REQUEST({ method: 'personal_sign', params: ['x', first.user.address] })).rejects.toThrow(
      'This device has no key share for this wallet: recover the wallet to sign here',
    )
    await second.service.recoverWallet(first.service.recoverySecret()!)
    expect(await signs(second)).toBe(first.user.address)
  })
})

describe('the recovery key in the config', () => {
  const shape = 'auth.recoveryKey must be a P-256 private key as a JWK (JSON: kty EC, crv P-256, x, y, d)'
  it.each([
    ['text that is not JSON', 'not JSON', shape],
    ['a P-384 key', JSON.stringify({ kty: 'EC', crv: 'P-384', d: 'AA', x: 'AA', y: 'AA' }), shape],
    ['a public key only', JSON.stringify({ ...JSON.parse(RECOVERY_KEY), d: undefined }), shape],
    ['a point not on the curve', JSON.stringify({ ...JSON.parse(RECOVERY_KEY), x: 'AAAA' }), 'auth.recoveryKey is not a valid P-256 key'],
  ])('%s is refused', (_, recoveryKey, message) => {
    expect(() => parseRecoveryKey(recoveryKey)).toThrow(message)
  })

  it('a bad one stops the API at start', async () => {
    await expect(openTestApp({ auth: { ...auth, recoveryKey: '{}' } })).rejects.toThrow(shape)
  })
})
