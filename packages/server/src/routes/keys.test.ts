/**
 * Key shares on the API (issue 22 §1; routes/keys.ts, auth/shares.ts): the key status, the frame's
 * upload of auth shares and recovery blobs (checked, once per user, a legacy user's whole keys deleted
 * in the same transaction), the API's own signing refused for users with shares, and keyCustody
 * 'server' (the default) unchanged. The frame's side, end to end on chains: tests/key-shares.test.ts.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { deviceSplitMessage, KEYS_ERRORS, MAX_KEY_SPLITS, OTP_RESEND_COOLDOWN_MS } from '@portico/protocol/auth'
import { getBase58Decoder } from '@solana/kit'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveSecrets, open, parseKek } from '../auth/crypto.ts'
import { authShareAad } from '../auth/shares.ts'
import { FRAME_ORIGIN, login, memoryMailbox, stamped, TEST_KEK, type Session } from '../auth/test-support.ts'
import type { Database } from '../db/types.ts'
import { openTestApp, type TestApp } from '../test-support.ts'

let clock = Date.parse('2031-05-06T07:08:09.000Z')
const mailbox = memoryMailbox()
let db: Database
let shares: TestApp
let server: TestApp

const auth = (keyCustody?: 'server' | 'shares') => ({
  kek: TEST_KEK,
  mail: mailbox,
  frameOrigins: [FRAME_ORIGIN],
  now: () => clock,
  clientIp: () => '10.3.0.1',
  limits: { mailsPerIpPerHour: 500, mailsPerEmailPerHour: 50, deviceMailsPerEmailPerHour: 50 },
  ...(keyCustody ? { keyCustody } : {}),
})

beforeAll(async () => {
  ;({ db, app: shares } = await openTestApp({ auth: auth('shares') }))
  ;({ app: server } = await openTestApp({ db, auth: auth('server') }))
})
afterAll(async () => {
  await db?.close()
})

let devices = 0
async function signIn(app: TestApp, email: string): Promise<Session> {
  clock += OTP_RESEND_COOLDOWN_MS
  return login(app, mailbox, email, `device-keys-${String(++devices).padStart(6, '0')}`, {}, clock)
}

/** What a frame uploads: addresses of fresh keys, a 33-byte auth share each, a recovery blob each. */
function upload(
  evmAddress: string = privateKeyToAccount(generatePrivateKey()).address,
  solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
) {
  const share = () => randomBytes(33).toString('base64url')
  const recovery = { type: 'portico-recovery-share', v: 1, ct: 'opaque' }
  return { evm: { address: evmAddress, authShare: share(), recovery }, solana: { address: solanaAddress, authShare: share(), recovery } }
}

const call = async (app: TestApp, session: Session, method: 'GET' | 'POST', path: string, body?: unknown) => {
  const res = await stamped(app, session, method, path, body, clock)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('the default custody', () => {
  it("is 'shares': a new user of an API without keyCustody has no key until the frame uploads", async () => {
    const { app } = await openTestApp({ db, auth: auth() })
    const s = await signIn(app, 'default-custody@example.com')
    expect(s.user.evmAddress).toBe('')
    expect(await call(app, s, 'GET', '/v1/auth/keys')).toEqual({ status: 200, body: { custody: 'shares', evm: 'none', solana: 'none' } })
  })
})

describe("keyCustody 'server'", () => {
  it('a new user has whole keys sealed by the API (legacy); uploading shares is refused', async () => {
    const s = await signIn(server, 'server-custody@example.com')
    expect(s.user.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await call(server, s, 'GET', '/v1/auth/keys')).toEqual({
      status: 200,
      body: { custody: 'server', evm: 'legacy', solana: 'legacy' },
    })
    expect((await call(server, s, 'POST', '/v1/auth/keys', upload())).status).toBe(400)
    expect((await call(server, s, 'POST', '/v1/auth/keys/legacy', {})).status).toBe(400)
  })
})

describe("keyCustody 'shares'", () => {
  it('a new user has no key and no address until the frame uploads; the upload is stored sealed, once', async () => {
    const s = await signIn(shares, 'new-keys@example.com')
    expect(s.user.evmAddress).toBe('')
    expect((await call(shares, s, 'GET', '/v1/auth/keys')).body).toEqual({ custody: 'shares', evm: 'none', solana: 'none' })
    expect((await db.query('SELECT 1 FROM portico_auth.user_keys WHERE user_id = $1', [s.user.userId])).rows).toEqual([])

    const bad = upload('0x1234', 'not-base58')
    expect(await call(shares, s, 'POST', '/v1/auth/keys', bad)).toEqual({
      status: 400,
      body: { error: 'evm.address is not a valid EVM address' },
    })
    const short = upload()
    short.evm.authShare = randomBytes(32).toString('base64url')
    expect((await call(shares, s, 'POST', '/v1/auth/keys', short)).status).toBe(400)

    const body = upload()
    expect(await call(shares, s, 'POST', '/v1/auth/keys', body)).toEqual({
      status: 200,
      body: { custody: 'shares', evm: 'shares', solana: 'shares' },
    })
    const user = await call(shares, s, 'GET', '/v1/auth/user')
    expect(user.body).toMatchObject({ evmAddress: body.evm.address, solanaAddress: body.solana.address })
    const row = (
      await db.query<{ auth_share: string; recovery: unknown }>(
        "SELECT auth_share, recovery FROM portico_auth.key_shares WHERE user_id = $1 AND kind = 'evm'",
        [s.user.userId],
      )
    ).rows[0]!
    expect(row.auth_share).not.toContain(body.evm.authShare)
    const secrets = deriveSecrets(parseKek(TEST_KEK))
    expect(open(secrets.keyEncryption, row.auth_share, authShareAad(s.user.userId, 'evm', body.evm.address)).toString('base64url')).toBe(
      body.evm.authShare,
    )
    expect(row.recovery).toEqual(body.evm.recovery)

    expect(await call(shares, s, 'POST', '/v1/auth/keys', upload())).toEqual({ status: 409, body: { error: KEYS_ERRORS.alreadySet } })
  })

  it('two uploads at once: one is taken, the other gets 409', async () => {
    const s = await signIn(shares, 'race-keys@example.com')
    const [a, b] = await Promise.all([
      call(shares, s, 'POST', '/v1/auth/keys', upload()),
      call(shares, s, 'POST', '/v1/auth/keys', upload()),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    expect((await db.query('SELECT kind FROM portico_auth.key_shares WHERE user_id = $1', [s.user.userId])).rows).toHaveLength(2)
  })

  it('the API signs nothing for a user with shares (400), and releases the auth share only to a session with an encryption key', async () => {
    const s = await signIn(shares, 'no-sign@example.com')
    const body = upload()
    await call(shares, s, 'POST', '/v1/auth/keys', body)
    for (const [method, params] of [
      ['personal_sign', ['hi', body.evm.address]],
      ['eth_sendTransaction', [{ to: body.evm.address, value: '0x1' }]],
    ] as const) {
      expect(await call(shares, s, 'POST', '/v1/auth/rpc', { namespace: 'eip155', chainId: 31337, method, params })).toEqual({
        status: 400,
        body: { error: KEYS_ERRORS.signInFrame },
      })
    }
    expect(await call(shares, s, 'POST', '/v1/auth/keys/share', { kind: 'evm' })).toEqual({
      status: 400,
      body: { error: KEYS_ERRORS.noEncryptionKey },
    })
  })

  it("a new device: the first split's recovery blobs, then a split of its own with the keys' proofs, once each, at most MAX_KEY_SPLITS", async () => {
    const s = await signIn(shares, 'device-split@example.com')
    expect(await call(shares, s, 'POST', '/v1/auth/keys/recovery', {})).toEqual({ status: 404, body: { error: KEYS_ERRORS.noShares } })
    const evm = privateKeyToAccount(generatePrivateKey())
    const solana = generateKeyPairSync('ed25519')
    const solanaAddress = getBase58Decoder().decode(Buffer.from(solana.publicKey.export({ format: 'jwk' }).x!, 'base64url'))
    const body = upload(evm.address, solanaAddress)
    expect((await call(shares, s, 'POST', '/v1/auth/keys', body)).status).toBe(200)
    expect(await call(shares, s, 'POST', '/v1/auth/keys/recovery', {})).toEqual({
      status: 200,
      body: { split: 'primary', evm: body.evm.recovery, solana: body.solana.recovery },
    })
    const userId = s.user.userId
    const device = async (split: string) => {
      const [evmShare, solanaShare] = [randomBytes(33).toString('base64url'), randomBytes(33).toString('base64url')]
      const recovery = { type: 'portico-recovery-share', v: 1, ct: split }
      return {
        split,
        evm: {
          address: evm.address,
          authShare: evmShare,
          recovery,
          proof: await evm.signMessage({ message: deviceSplitMessage(userId, split, 'evm', evmShare) }),
        },
        solana: {
          address: solanaAddress,
          authShare: solanaShare,
          recovery,
          proof: `0x${sign(null, Buffer.from(deviceSplitMessage(userId, split, 'solana', solanaShare)), solana.privateKey).toString('hex')}`,
        },
      }
    }
    const first = await device('device-split-0000000001')
    expect(await call(shares, s, 'POST', '/v1/auth/keys/devices', first)).toEqual({
      status: 200,
      body: { custody: 'shares', evm: 'shares', solana: 'shares' },
    })
    expect(await call(shares, s, 'POST', '/v1/auth/keys/devices', first)).toEqual({ status: 409, body: { error: KEYS_ERRORS.splitTaken } })
    // The split's auth share, sealed with associated data naming the split; the first split's is unchanged.
    const secrets = deriveSecrets(parseKek(TEST_KEK))
    const rows = (
      await db.query<{ split: string; address: string; auth_share: string }>(
        "SELECT split, address, auth_share FROM portico_auth.key_shares WHERE user_id = $1 AND kind = 'evm' ORDER BY split",
        [userId],
      )
    ).rows
    expect(
      rows.map((r) => open(secrets.keyEncryption, r.auth_share, authShareAad(userId, 'evm', r.address, r.split)).toString('base64url')),
    ).toEqual([first.evm.authShare, body.evm.authShare])
    // A proof of another split's message is no proof for this one.
    const other = await device('device-split-0000000002')
    expect(
      await call(shares, s, 'POST', '/v1/auth/keys/devices', { ...other, solana: { ...other.solana, proof: first.solana.proof } }),
    ).toEqual({ status: 400, body: { error: KEYS_ERRORS.badProof } })
    // Up to MAX_KEY_SPLITS splits in all (the first one counts).
    for (let i = 2; i < MAX_KEY_SPLITS; i++) {
      expect(
        (await call(shares, s, 'POST', '/v1/auth/keys/devices', await device(`device-split-${String(i).padStart(10, '0')}`))).status,
      ).toBe(200)
    }
    expect(await call(shares, s, 'POST', '/v1/auth/keys/devices', await device('device-split-9999999999'))).toEqual({
      status: 409,
      body: { error: KEYS_ERRORS.tooManySplits },
    })
  })

  it("a legacy user's upload must be of their own keys; then their sealed whole keys are gone", async () => {
    const old = await signIn(server, 'legacy-keys@example.com')
    const s = await signIn(shares, 'legacy-keys@example.com')
    expect((await call(shares, s, 'GET', '/v1/auth/keys')).body).toEqual({ custody: 'shares', evm: 'legacy', solana: 'legacy' })
    expect(await call(shares, s, 'POST', '/v1/auth/keys', upload())).toEqual({ status: 400, body: { error: KEYS_ERRORS.addressMismatch } })
    expect((await db.query('SELECT 1 FROM portico_auth.user_keys WHERE user_id = $1', [old.user.userId])).rows).toHaveLength(2)
    expect((await call(shares, s, 'POST', '/v1/auth/keys', upload(old.user.evmAddress, old.user.solanaAddress))).status).toBe(200)
    expect((await db.query('SELECT 1 FROM portico_auth.user_keys WHERE user_id = $1', [old.user.userId])).rows).toEqual([])
    // The API of the old custody can no longer sign for them either: it says why.
    expect(
      await call(server, old, 'POST', '/v1/auth/rpc', {
        namespace: 'eip155',
        chainId: 31337,
        method: 'personal_sign',
        params: ['hi', old.user.evmAddress],
      }),
    ).toEqual({ status: 400, body: { error: KEYS_ERRORS.signInFrame } })
  })
})
