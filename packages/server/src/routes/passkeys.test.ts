// Passkey login (issue 22 §2) through the API, WebAuthn verified by @simplewebauthn/server for
// real: the registrations and assertions come from a software P-256 authenticator
// (auth/passkey-test-support.ts) that builds authenticator data, attestation objects and
// signatures byte by byte.
import {
  AUTH_ERRORS,
  authUserSchema,
  otpResponseSchema,
  PASSKEY_CHALLENGE_TTL_MS,
  passkeyAddResponseSchema,
  passkeysResponseSchema,
} from '@portico/protocol/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { softAuthenticator, type SoftAuthenticator } from '../auth/passkey-test-support.ts'
import { FRAME_ORIGIN, type FrameKey, frameKey, login, loginPost, memoryMailbox, post, stamped, TEST_KEK } from '../auth/test-support.ts'
import { openTestApp, type TestApp } from '../test-support.ts'

const HOST = 'http://127.0.0.1:5173'
const RP_ID = '127.0.0.1'
let app: TestApp
let close: () => Promise<void>
let offset = 0
const clock = () => Date.now() + offset
const mailbox = memoryMailbox()
let seq = 0
const deviceId = () => `passkey-device-${String(++seq).padStart(6, '0')}`

beforeAll(async () => {
  const t = await openTestApp({ auth: { keyCustody: 'server', kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], now: clock } })
  app = t.app
  close = t.close
})
afterAll(async () => {
  await close?.()
})

const errorOf = async (res: Response) => z.object({ error: z.string() }).parse(await res.json()).error
const creationSchema = z.object({
  challenge: z.string(),
  rp: z.object({ id: z.string(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string() }),
  authenticatorSelection: z.object({ residentKey: z.string(), userVerification: z.string() }),
  excludeCredentials: z.array(z.object({ id: z.string() })).optional(),
})
const requestSchema = z.object({ challenge: z.string(), rpId: z.string(), userVerification: z.string() })

/** The options of a sign-up (or sign-in) as the frame asks for them: from the frame's origin, with its key's hash. */
async function options(kind: 'sign-up' | 'sign-in', key: FrameKey, device: string, origin = FRAME_ORIGIN) {
  return post(app, `/v1/auth/passkey/${kind}/options`, { deviceId: device, sessionKeyHash: key.keyHash }, { origin })
}
async function signUpOptions(key: FrameKey, device: string) {
  const res = await options('sign-up', key, device)
  expect(res.status).toBe(200)
  return creationSchema.parse(((await res.json()) as { options: unknown }).options)
}
async function signInOptions(key: FrameKey, device: string) {
  const res = await options('sign-in', key, device)
  expect(res.status).toBe(200)
  return requestSchema.parse(((await res.json()) as { options: unknown }).options)
}

/** A full passkey sign-up with a new session key: the session and the authenticator's response. */
async function signUp(authenticator: SoftAuthenticator, attestation: 'none' | 'packed' = 'packed') {
  const key = await frameKey()
  const device = deviceId()
  const creation = await signUpOptions(key, device)
  const response = authenticator.register(creation, { attestation })
  const res = await loginPost(
    app,
    '/v1/auth/passkey/sign-up',
    { deviceId: device, sessionPublicKey: key.publicKey, response },
    key,
    {},
    clock(),
  )
  expect(res.status).toBe(200)
  const body = otpResponseSchema.parse(await res.json())
  return { session: { sessionId: body.sessionId, key }, user: body.user, credentialId: response.id }
}

/** A passkey sign-in with a new session key: the options, the assertion and the finish. */
async function signIn(authenticator: SoftAuthenticator, how: Parameters<SoftAuthenticator['authenticate']>[1] = {}) {
  const key = await frameKey()
  const device = deviceId()
  const request = await signInOptions(key, device)
  const response = authenticator.authenticate(request, how)
  const finish = (body: Record<string, unknown> = {}, by: FrameKey | null = key) =>
    loginPost(app, '/v1/auth/passkey/sign-in', { deviceId: device, sessionPublicKey: key.publicKey, response, ...body }, by, {}, clock())
  return { key, device, request, response, finish }
}

describe('passkey sign-up and sign-in', () => {
  it("sign-up options: the frame's host as the RP id, a discoverable credential with user verification, a fresh user handle", async () => {
    const key = await frameKey()
    const a = await signUpOptions(key, deviceId())
    const b = await signUpOptions(key, deviceId())
    expect(a.rp).toEqual({ id: RP_ID, name: 'Portico wallet' })
    expect(a.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    expect(a.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(a.user.id, 'base64url')).toHaveLength(32)
    expect(a.user.id).not.toBe(b.user.id)
    expect(a.challenge).not.toBe(b.challenge)
  })

  it('sign-up (packed self attestation) makes a user with no email, a session whose stamps work, and one listed passkey', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const { session, user, credentialId } = await signUp(authenticator)
    expect(user).toMatchObject({ email: null, socialProvider: null, userName: null })
    expect(user.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const me = await stamped(app, session, 'GET', '/v1/auth/user', undefined, clock())
    expect(me.status).toBe(200)
    expect(authUserSchema.parse(await me.json()).userId).toBe(user.userId)
    const list = await stamped(app, session, 'GET', '/v1/auth/passkeys', undefined, clock())
    const { passkeys } = passkeysResponseSchema.parse(await list.json())
    // It signed the user in: used at its registration.
    expect(passkeys).toEqual([
      { id: credentialId, name: 'Passkey', createdAt: expect.any(String), lastUsedAt: expect.any(String), backedUp: false },
    ])
    expect(passkeys[0]?.lastUsedAt).toBe(passkeys[0]?.createdAt)
  })

  it('sign-in with the same passkey (a new device and session key) is the same user; the counter and last use are kept', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN, backedUp: true })
    const first = await signUp(authenticator, 'none')
    const { finish, request } = await signIn(authenticator)
    expect(request.rpId).toBe(RP_ID)
    expect(request.userVerification).toBe('required')
    const res = await finish()
    expect(res.status).toBe(200)
    const body = otpResponseSchema.parse(await res.json())
    expect(body.user).toEqual(first.user)
    expect(body.sessionId).not.toBe(first.session.sessionId)
    const list = passkeysResponseSchema.parse(
      await (await stamped(app, first.session, 'GET', '/v1/auth/passkeys', undefined, clock())).json(),
    )
    expect(list.passkeys).toEqual([expect.objectContaining({ id: first.credentialId, backedUp: true, lastUsedAt: expect.any(String) })])
    // A second sign-in: the counter (1 now) must grow again.
    expect((await (await signIn(authenticator)).finish()).status).toBe(200)
  })

  it('a synced passkey whose counter stays 0 signs in again and again', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN, counts: false })
    const { user } = await signUp(authenticator)
    for (let i = 0; i < 2; i++) {
      const res = await (await signIn(authenticator)).finish()
      expect(res.status).toBe(200)
      expect(otpResponseSchema.parse(await res.json()).user.userId).toBe(user.userId)
    }
  })

  it('an unknown credential: 401 with the passkeyUnknown text', async () => {
    const stranger = softAuthenticator({ origin: FRAME_ORIGIN })
    // A credential made for this RP, never registered with the server.
    stranger.register({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { id: RP_ID }, user: { id: 'dXNlcg' } })
    const res = await (await signIn(stranger)).finish()
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toBe(AUTH_ERRORS.passkeyUnknown)
  })

  it('a replayed assertion is refused (the challenge is single use), and so is an old counter under a new challenge', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    await signUp(authenticator)
    const { finish } = await signIn(authenticator, { counter: 5 })
    expect((await finish()).status).toBe(200)
    const replay = await finish()
    expect(replay.status).toBe(400)
    expect(await errorOf(replay)).toBe(AUTH_ERRORS.passkeyExpired)
    // A clone of the authenticator signing with a counter that did not grow.
    const cloned = await (await signIn(authenticator, { counter: 5 })).finish()
    expect(cloned.status).toBe(400)
    expect(await errorOf(cloned)).toBe(AUTH_ERRORS.passkeyFailed)
    expect((await (await signIn(authenticator, { counter: 6 })).finish()).status).toBe(200)
  })

  it("the relying party is the frame: a ceremony on the host page's origin, or for its RP id, is refused", async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    await signUp(authenticator)
    // The options are asked for from the frame only.
    const fromHost = await options('sign-in', await frameKey(), deviceId(), HOST)
    expect(fromHost.status).toBe(400)
    expect(await errorOf(fromHost)).toBe('The passkey ceremony must start in the frame')
    // An assertion made on the host page (clientDataJSON's origin) or for another RP id.
    for (const how of [{ origin: HOST }, { rpId: 'app.example' }]) {
      const res = await (await signIn(authenticator, how)).finish()
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toBe(AUTH_ERRORS.passkeyFailed)
    }
    const key = await frameKey()
    const device = deviceId()
    const creation = await signUpOptions(key, device)
    const response = softAuthenticator({ origin: HOST }).register(creation)
    const res = await loginPost(
      app,
      '/v1/auth/passkey/sign-up',
      { deviceId: device, sessionPublicKey: key.publicKey, response },
      key,
      {},
      clock(),
    )
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(AUTH_ERRORS.passkeyFailed)
  })

  it("in the frame (an iframe: crossOrigin) the page around it must be one the API allows; the frame's own window needs none", async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const { user } = await signUp(authenticator)
    const embedded = await (await signIn(authenticator, { topOrigin: HOST })).finish()
    expect(embedded.status).toBe(200)
    expect(otpResponseSchema.parse(await embedded.json()).user.userId).toBe(user.userId)
    const elsewhere = await (await signIn(authenticator, { topOrigin: 'https://evil.example' })).finish()
    expect(elsewhere.status).toBe(400)
    expect(await errorOf(elsewhere)).toBe(AUTH_ERRORS.passkeyFailed)
  })

  it('without user verification the passkey alone does not sign in', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    await signUp(authenticator)
    const res = await (await signIn(authenticator, { userVerified: false })).finish()
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(AUTH_ERRORS.passkeyFailed)
  })

  it('a login belongs to the frame that started it: unstamped 401, another key 403 (the challenge stays usable)', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    await signUp(authenticator)
    const { finish } = await signIn(authenticator)
    const unstamped = await finish({}, null)
    expect(unstamped.status).toBe(401)
    expect(await errorOf(unstamped)).toBe(AUTH_ERRORS.loginProofInvalid)
    const other = await frameKey()
    const hijack = await finish({ sessionPublicKey: other.publicKey }, other)
    expect(hijack.status).toBe(403)
    expect(await errorOf(hijack)).toBe(AUTH_ERRORS.loginKeyMismatch)
    expect((await finish()).status).toBe(200)
  })

  it('a finish from another device than the start is refused', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    await signUp(authenticator)
    const res = await (await signIn(authenticator)).finish({ deviceId: deviceId() })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(AUTH_ERRORS.passkeyFailed)
  })

  it('the PRF output never reaches the server: a response carrying prf.results is refused', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    await signUp(authenticator)
    const { response, finish } = await signIn(authenticator)
    const res = await finish({
      response: { ...response, clientExtensionResults: { prf: { results: { first: 'c2VjcmV0LXByZi1vdXRwdXQ' } } } },
    })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(AUTH_ERRORS.passkeyPrfSent)
    // prf.enabled alone (what the frame passes on) is fine.
    expect((await finish({ response: { ...response, clientExtensionResults: { prf: { enabled: true } } } })).status).toBe(200)
  })

  it(`a challenge lives ${PASSKEY_CHALLENGE_TTL_MS / 60_000} minutes`, async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    await signUp(authenticator)
    const { finish } = await signIn(authenticator)
    offset += PASSKEY_CHALLENGE_TTL_MS + 1
    try {
      const res = await finish()
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toBe(AUTH_ERRORS.passkeyExpired)
    } finally {
      offset -= PASSKEY_CHALLENGE_TTL_MS + 1
    }
  })

  it('bad input is a 400 with a message, never a 500', async () => {
    const key = await frameKey()
    expect((await post(app, '/v1/auth/passkey/sign-in/options', { deviceId: 'short' }, { origin: FRAME_ORIGIN })).status).toBe(400)
    const garbage = await loginPost(
      app,
      '/v1/auth/passkey/sign-in',
      {
        deviceId: deviceId(),
        sessionPublicKey: key.publicKey,
        response: {
          id: 'abc',
          rawId: 'abc',
          type: 'public-key',
          response: { clientDataJSON: 'e30', authenticatorData: '', signature: '' },
          clientExtensionResults: {},
        },
      },
      key,
      {},
      clock(),
    )
    expect(garbage.status).toBe(400)
    expect(await errorOf(garbage)).toBe(AUTH_ERRORS.passkeyFailed)
  })
})

describe("passkey sign-up under key custody 'shares' (issue 22 §1)", () => {
  it("makes no key on the API, keeps the session encryption key, and the keys are the frame's to make", async () => {
    const shares = await openTestApp({
      auth: { kek: TEST_KEK, mail: memoryMailbox(), frameOrigins: [FRAME_ORIGIN], keyCustody: 'shares' },
    })
    try {
      const key = await frameKey()
      const device = deviceId()
      const res = await post(
        shares.app,
        '/v1/auth/passkey/sign-up/options',
        { deviceId: device, sessionKeyHash: key.keyHash },
        { origin: FRAME_ORIGIN },
      )
      const creation = creationSchema.parse(((await res.json()) as { options: unknown }).options)
      const response = softAuthenticator({ origin: FRAME_ORIGIN }).register(creation)
      const encryptionPublicKey = 'B'.repeat(87)
      const done = await loginPost(
        shares.app,
        '/v1/auth/passkey/sign-up',
        { deviceId: device, sessionPublicKey: key.publicKey, encryptionPublicKey, response },
        key,
      )
      expect(done.status).toBe(200)
      const session = otpResponseSchema.parse(await done.json())
      expect(session.user).toMatchObject({ email: null, evmAddress: '', solanaAddress: '' })
      expect((await shares.db.query('SELECT 1 FROM portico_auth.user_keys WHERE user_id = $1', [session.user.userId])).rows).toEqual([])
      const row = await shares.db.query<{ encryption_key: string }>('SELECT encryption_key FROM portico_auth.sessions WHERE id = $1', [
        session.sessionId,
      ])
      expect(row.rows[0]?.encryption_key).toBe(encryptionPublicKey)
      const keys = await stamped(shares.app, { sessionId: session.sessionId, key }, 'GET', '/v1/auth/keys', undefined, Date.now())
      expect(await keys.json()).toEqual({ custody: 'shares', evm: 'none', solana: 'none' })
    } finally {
      await shares.close()
    }
  })
})

describe("a signed-in user's passkeys", () => {
  it('an email user adds a passkey (excluded from the next options), signs in with it, and removes it', async () => {
    const email = `passkey-${seq}@example.com`
    const session = await login(app, mailbox, email, deviceId())
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const opts = await stamped(app, session, 'POST', '/v1/auth/passkeys/options', {}, clock())
    // The options route, like the others, runs in the frame (its Origin gives the RP id).
    expect(opts.status).toBe(400)
    const add = async (name?: string) => {
      const res = await app.request('/v1/auth/passkeys/options', {
        method: 'POST',
        headers: { ...(await stampHeadersFor(session, '/v1/auth/passkeys/options', '{}')), origin: FRAME_ORIGIN },
        body: '{}',
      })
      expect(res.status).toBe(200)
      const creation = creationSchema.parse(((await res.json()) as { options: unknown }).options)
      const response = authenticator.register(creation, { attestation: 'none' })
      return { creation, res: await stamped(app, session, 'POST', '/v1/auth/passkeys', { response, ...(name ? { name } : {}) }, clock()) }
    }
    const first = await add('Laptop')
    expect(first.creation.user.name).toBe(email)
    expect(first.res.status).toBe(200)
    const { passkey } = passkeyAddResponseSchema.parse(await first.res.json())
    expect(passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null })
    const second = await add()
    expect(second.creation.excludeCredentials?.map((c) => c.id)).toEqual([passkey.id])
    expect(second.creation.user.id).toBe(first.creation.user.id)
    const two = passkeysResponseSchema.parse(await (await stamped(app, session, 'GET', '/v1/auth/passkeys', undefined, clock())).json())
    expect(two.passkeys.map((p) => p.name)).toEqual(['Laptop', 'Passkey'])

    const signedIn = await (await signIn(authenticator, { credentialId: passkey.id })).finish()
    expect(otpResponseSchema.parse(await signedIn.json()).user).toMatchObject({ userId: session.user.userId, email })

    // The user has an email: every passkey may go.
    for (const { id } of two.passkeys) {
      const res = await stamped(app, session, 'POST', '/v1/auth/passkeys/remove', { id }, clock())
      expect(res.status).toBe(200)
    }
    const none = passkeysResponseSchema.parse(await (await stamped(app, session, 'GET', '/v1/auth/passkeys', undefined, clock())).json())
    expect(none.passkeys).toEqual([])
    const gone = await (await signIn(authenticator, { credentialId: passkey.id })).finish()
    expect(gone.status).toBe(401)
    expect(await errorOf(gone)).toBe(AUTH_ERRORS.passkeyUnknown)
  })

  it("a passkey-only user can not remove their only passkey (409), nor another user's (404)", async () => {
    const mine = await signUp(softAuthenticator({ origin: FRAME_ORIGIN }))
    const theirs = await signUp(softAuthenticator({ origin: FRAME_ORIGIN }))
    const last = await stamped(app, mine.session, 'POST', '/v1/auth/passkeys/remove', { id: mine.credentialId }, clock())
    expect(last.status).toBe(409)
    expect(await errorOf(last)).toBe(AUTH_ERRORS.passkeyLast)
    const other = await stamped(app, mine.session, 'POST', '/v1/auth/passkeys/remove', { id: theirs.credentialId }, clock())
    expect(other.status).toBe(404)
  })

  it('a passkey is added only with the options its own session asked for', async () => {
    const a = await signUp(softAuthenticator({ origin: FRAME_ORIGIN }))
    const b = await signUp(softAuthenticator({ origin: FRAME_ORIGIN }))
    const res = await app.request('/v1/auth/passkeys/options', {
      method: 'POST',
      headers: { ...(await stampHeadersFor(a.session, '/v1/auth/passkeys/options', '{}')), origin: FRAME_ORIGIN },
      body: '{}',
    })
    const creation = creationSchema.parse(((await res.json()) as { options: unknown }).options)
    const response = softAuthenticator({ origin: FRAME_ORIGIN }).register(creation)
    const stolen = await stamped(app, b.session, 'POST', '/v1/auth/passkeys', { response }, clock())
    expect(stolen.status).toBe(400)
    expect(await errorOf(stolen)).toBe(AUTH_ERRORS.passkeyExpired)
  })

  it('the passkey routes need a stamped session', async () => {
    expect((await app.request('/v1/auth/passkeys')).status).toBe(401)
    expect((await post(app, '/v1/auth/passkeys/remove', { id: 'abc' })).status).toBe(401)
  })
})

let stampSeq = 0
/** Stamp headers of a POST for `session`, at a timestamp of its own. */
async function stampHeadersFor(session: { sessionId: string; key: FrameKey }, path: string, body: string) {
  const { stampHeaders } = await import('../auth/test-support.ts')
  return stampHeaders(session.key, session.sessionId, 'POST', path, body, clock() + 10_000 + ++stampSeq)
}
