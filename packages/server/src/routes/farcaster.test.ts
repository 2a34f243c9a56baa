// Sign In With Farcaster against the real dev relay (HTTP on 127.0.0.1) and a real IdRegistry on
// anvil: the server opens the channel, the relay's approve() signs the SIWE message with the fid's
// custody key (or, for the refusals, with another key / another nonce), the server verifies it.
import { AUTH_ERRORS, authUserSchema, FARCASTER_ERRORS, farcasterStartResponseSchema, otpResponseSchema } from '@portico/protocol/auth'
import { deployIdRegistry, startAnvil, startFarcasterRelay, type AnvilInstance, type FarcasterRelay } from '@portico/devnet'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FRAME_ORIGIN, type FrameKey, frameKey, loginPost, memoryMailbox, post, stamped, TEST_KEK } from '../auth/test-support.ts'
import { openTestApp, TEST_CHAINS, type TestApp } from '../test-support.ts'

let relay: FarcasterRelay
let anvil: AnvilInstance
let app: TestApp
let close: () => Promise<void>
let registryConfig: { chainId: number; address: `0x${string}` }
const DEVICE = 'farcaster-device-0001'

beforeAll(async () => {
  ;[relay, anvil] = await Promise.all([startFarcasterRelay(), startAnvil({ chainId: 31_377 })])
  const registry = await deployIdRegistry({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId })
  registryConfig = { chainId: registry.chainId, address: registry.address }
  const t = await openTestApp({
    chains: [
      ...TEST_CHAINS,
      {
        chainId: anvil.chainId,
        name: 'Registry chain',
        rpcUrl: anvil.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    publicUrl: 'http://127.0.0.1:4010',
    auth: {
      kek: TEST_KEK,
      mail: memoryMailbox(),
      frameOrigins: [FRAME_ORIGIN],
      farcaster: { relayUrl: relay.url, idRegistry: { chainId: registry.chainId, address: registry.address } },
    },
  })
  app = t.app
  close = t.close
}, 60_000)
afterAll(async () => {
  await Promise.all([close?.(), relay?.stop(), anvil?.stop()])
})

const errorOf = async (res: Response) => z.object({ error: z.string() }).parse(await res.json()).error
/** The frame's session key of the logins here: a start carries its hash, a status naming it is stamped by it (issue 22 §3). */
let K: FrameKey
const start = async (deviceId = DEVICE, key?: FrameKey) => {
  K ??= await frameKey()
  const res = await post(app, '/v1/auth/farcaster/start', { deviceId, sessionKeyHash: (key ?? K).keyHash })
  expect(res.status).toBe(200)
  return farcasterStartResponseSchema.parse(await res.json())
}
const status = (channelToken: string, publicKey: string, deviceId = DEVICE) =>
  loginPost(
    app,
    '/v1/auth/farcaster/status',
    { channelToken, deviceId, sessionPublicKey: publicKey },
    publicKey === K?.publicKey ? K : null,
  )

describe('POST /v1/auth/farcaster/start and /status', () => {
  it('pending → 202; approved as ada → a session for the user of fid 1 (userName ada, socialProvider farcaster); the session works', async () => {
    const { url, channelToken } = await start()
    expect(url).toBe(`https://warpcast.com/~/siwf?channelToken=${channelToken}`)
    const key = K
    const pending = await status(channelToken, key.publicKey)
    expect(pending.status).toBe(202)
    expect(await pending.json()).toEqual({ state: 'pending' })
    await relay.approve(channelToken, 1)
    const done = await status(channelToken, key.publicKey)
    expect(done.status).toBe(200)
    const session = otpResponseSchema.parse(await done.json())
    expect(session.user).toMatchObject({ userName: 'ada', socialProvider: 'farcaster', email: null })
    const user = await stamped(app, { sessionId: session.sessionId, key }, 'GET', '/v1/auth/user', undefined, Date.now())
    expect(user.status).toBe(200)
    expect(authUserSchema.parse(await user.json()).userId).toBe(session.user.userId)

    // A second sign-in of fid 1 is the same user; fid 2 is another.
    const again = await start()
    await relay.approve(again.channelToken, 1)
    const second = otpResponseSchema.parse(await (await status(again.channelToken, key.publicKey)).json())
    expect(second.user.userId).toBe(session.user.userId)
    expect(second.sessionId).not.toBe(session.sessionId)
    const grace = await start()
    await relay.approve(grace.channelToken, 2)
    const third = otpResponseSchema.parse(await (await status(grace.channelToken, key.publicKey)).json())
    expect(third.user).toMatchObject({ userName: 'grace', socialProvider: 'farcaster' })
    expect(third.user.userId).not.toBe(session.user.userId)
  })

  it('a replayed completion is refused: the channel is single use', async () => {
    const { channelToken } = await start()
    const key = K
    await relay.approve(channelToken, 1)
    expect((await status(channelToken, key.publicKey)).status).toBe(200)
    const replay = await status(channelToken, key.publicKey)
    expect(replay.status).toBe(400)
    expect(await errorOf(replay)).toBe(FARCASTER_ERRORS.channel)
  })

  it('a message signed by a key that is not the fid custody is refused, and the channel is used up', async () => {
    const { channelToken } = await start()
    const key = K
    await relay.approve(channelToken, 1, { signer: privateKeyToAccount(`0x${'42'.repeat(32)}`) })
    const res = await status(channelToken, key.publicKey)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(FARCASTER_ERRORS.invalid)
    expect((await status(channelToken, key.publicKey)).status).toBe(400)
  })

  it('a message with another nonce is refused', async () => {
    const { channelToken } = await start()
    const key = K
    await relay.approve(channelToken, 1, { nonce: 'aaaaaaaaaaaaaaaaaaaaaaaa' })
    const res = await status(channelToken, key.publicKey)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(FARCASTER_ERRORS.invalid)
  })

  it('a message for another domain is refused', async () => {
    const { channelToken } = await start()
    const key = K
    await relay.approve(channelToken, 2, { domain: 'evil.example' })
    expect(await errorOf(await status(channelToken, key.publicKey))).toBe(FARCASTER_ERRORS.invalid)
  })

  it("a start naming the host page: the approver shows the app's host, the message must carry it (issue 25 §1)", async () => {
    K ??= await frameKey()
    const key = K
    const res = await post(app, '/v1/auth/farcaster/start', {
      deviceId: DEVICE,
      sessionKeyHash: key.keyHash,
      hostOrigin: 'http://localhost:5173',
    })
    expect(res.status).toBe(200)
    const { channelToken } = farcasterStartResponseSchema.parse(await res.json())
    const page = await (await fetch(relay.approverUrl(channelToken))).text()
    expect(page).toContain('<strong>localhost:5173</strong> asks you to sign in')
    expect(page).not.toContain('127.0.0.1:4010')
    await relay.approve(channelToken, 1)
    const done = await status(channelToken, key.publicKey)
    expect(done.status).toBe(200)
    expect(otpResponseSchema.parse(await done.json()).user.userName).toBe('ada')

    // A message for the API's own domain on a channel opened for the app is refused.
    const other = await post(app, '/v1/auth/farcaster/start', {
      deviceId: DEVICE,
      sessionKeyHash: key.keyHash,
      hostOrigin: 'http://localhost:5173',
    })
    const otherToken = farcasterStartResponseSchema.parse(await other.json()).channelToken
    await relay.approve(otherToken, 1, { domain: '127.0.0.1:4010' })
    expect(await errorOf(await status(otherToken, key.publicKey))).toBe(FARCASTER_ERRORS.invalid)
  })

  it('a start naming a page that is not an allowed origin → 400, no channel', async () => {
    K ??= await frameKey()
    const before = relay.channelCount()
    const res = await post(app, '/v1/auth/farcaster/start', {
      deviceId: DEVICE,
      sessionKeyHash: K.keyHash,
      hostOrigin: 'https://evil.example',
    })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe('hostOrigin is not an allowed origin')
    expect(relay.channelCount()).toBe(before)
    const bad = await post(app, '/v1/auth/farcaster/start', {
      deviceId: DEVICE,
      sessionKeyHash: K.keyHash,
      hostOrigin: 'javascript:alert(1)',
    })
    expect(bad.status).toBe(400)
  })

  it('another device cannot finish the channel; a rejected channel is refused', async () => {
    const { channelToken } = await start()
    const key = K
    await relay.approve(channelToken, 1)
    const stolen = await status(channelToken, key.publicKey, 'another-device-0001')
    expect(stolen.status).toBe(400)
    expect(await errorOf(stolen)).toBe(FARCASTER_ERRORS.channel)
    const rejected = await start()
    relay.reject(rejected.channelToken)
    const res = await status(rejected.channelToken, key.publicKey)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(FARCASTER_ERRORS.channel)
  })

  it('a login belongs to the frame that started it (issue 22 §3): another key is refused (403), no stamp is refused (401), the channel stays', async () => {
    const a = await frameKey()
    const b = await frameKey()
    const { channelToken } = await start(DEVICE, a)
    await relay.approve(channelToken, 1)
    const body = (key: FrameKey) => ({ channelToken, deviceId: DEVICE, sessionPublicKey: key.publicKey })
    // The host page shows the frame's channel and polls it with a key of its own: refused before the relay is asked.
    const other = await loginPost(app, '/v1/auth/farcaster/status', body(b), b)
    expect(other.status).toBe(403)
    expect(await errorOf(other)).toBe(AUTH_ERRORS.loginKeyMismatch)
    // Naming the frame's key without holding it: no stamp, or a stamp by another key.
    for (const res of [
      await loginPost(app, '/v1/auth/farcaster/status', body(a), null),
      await loginPost(app, '/v1/auth/farcaster/status', body(a), b),
    ]) {
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toBe(AUTH_ERRORS.loginProofInvalid)
    }
    // The frame still finishes with its own key.
    const own = await loginPost(app, '/v1/auth/farcaster/status', body(a), a)
    expect(own.status).toBe(200)
    const session = otpResponseSchema.parse(await own.json())
    expect((await stamped(app, { sessionId: session.sessionId, key: a }, 'GET', '/v1/auth/user', undefined, Date.now())).status).toBe(200)
  })

  it.each([
    ['start: no body', '/v1/auth/farcaster/start', undefined],
    ['start: bad deviceId', '/v1/auth/farcaster/start', { deviceId: 'x' }],
    ['status: unknown channel', '/v1/auth/farcaster/status', { channelToken: 'A'.repeat(32), deviceId: DEVICE, sessionPublicKey: 'abc' }],
    ['status: bad channelToken', '/v1/auth/farcaster/status', { channelToken: '../../x', deviceId: DEVICE, sessionPublicKey: 'abc' }],
    ['status: array', '/v1/auth/farcaster/status', []],
  ])('bad input → 400, never 500 (%s)', async (_name, path, body) => {
    const res = await post(app, path, body)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBeTruthy()
  })

  it('a session key that is not P-256 SPKI → 400', async () => {
    const { channelToken } = await start()
    const res = await status(channelToken, 'bm90LWEta2V5')
    expect(res.status).toBe(400)
  })
})

describe('without auth.farcaster', () => {
  it('the routes answer 404 "Farcaster sign-in is not configured"', async () => {
    const t = await openTestApp({ auth: { kek: TEST_KEK, mail: memoryMailbox(), frameOrigins: [FRAME_ORIGIN] } })
    try {
      const res = await post(t.app, '/v1/auth/farcaster/start', { deviceId: DEVICE })
      expect(res.status).toBe(404)
      expect(await errorOf(res)).toBe(FARCASTER_ERRORS.unavailable)
    } finally {
      await t.close()
    }
  })
})

describe("under keyCustody 'shares' (issue 22 §1)", () => {
  it('a new Farcaster user gets no key from the API: no address until the frame uploads, nothing sealed; the session keeps its encryption key', async () => {
    // A database of its own: fids 1 and 2 are users of the old custody in the one above.
    const shares = await openTestApp({
      chains: [
        ...TEST_CHAINS,
        {
          chainId: anvil.chainId,
          name: 'Registry chain',
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
      publicUrl: 'http://127.0.0.1:4010',
      auth: {
        kek: TEST_KEK,
        mail: memoryMailbox(),
        frameOrigins: [FRAME_ORIGIN],
        farcaster: { relayUrl: relay.url, idRegistry: registryConfig },
        keyCustody: 'shares',
      },
    })
    const key = await frameKey()
    const started = farcasterStartResponseSchema.parse(
      await (await post(shares.app, '/v1/auth/farcaster/start', { deviceId: DEVICE, sessionKeyHash: key.keyHash })).json(),
    )
    await relay.approve(started.channelToken, 2)
    const encryptionPublicKey = 'B'.repeat(87)
    const done = await loginPost(
      shares.app,
      '/v1/auth/farcaster/status',
      { channelToken: started.channelToken, deviceId: DEVICE, sessionPublicKey: key.publicKey, encryptionPublicKey },
      key,
    )
    expect(done.status).toBe(200)
    const session = otpResponseSchema.parse(await done.json())
    expect(session.user).toMatchObject({ socialProvider: 'farcaster', evmAddress: '', solanaAddress: '' })
    expect((await shares.db.query('SELECT 1 FROM portico_auth.user_keys WHERE user_id = $1', [session.user.userId])).rows).toEqual([])
    expect(
      (
        await shares.db.query<{ encryption_key: string }>('SELECT encryption_key FROM portico_auth.sessions WHERE id = $1', [
          session.sessionId,
        ])
      ).rows[0]?.encryption_key,
    ).toBe(encryptionPublicKey)
    const keys = await stamped(shares.app, { sessionId: session.sessionId, key }, 'GET', '/v1/auth/keys', undefined, Date.now())
    expect(await keys.json()).toEqual({ custody: 'shares', evm: 'none', solana: 'none' })
    await shares.close()
  })
})
