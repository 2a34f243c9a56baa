// A passkey as the second factor (issue 22 §2): a step-up by a passkey assertion, verified by
// @simplewebauthn/server for real (the assertions come from the software authenticator of
// auth/passkey-test-support.ts), sets the same step-up mark a TOTP code sets.
import { AUTH_ERRORS, otpResponseSchema, passkeysResponseSchema } from '@portico/protocol/auth'
import { STEP_UP_TTL_MS, twoFactorStatusSchema } from '@portico/protocol/two-factor'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type SoftAuthenticator, softAuthenticator } from '../auth/passkey-test-support.ts'
import {
  FRAME_ORIGIN,
  type FrameKey,
  frameKey,
  login,
  loginPost,
  memoryMailbox,
  post,
  type Session,
  stampHeaders,
  stamped,
  TEST_KEK,
} from '../auth/test-support.ts'
import type { Database } from '../db/types.ts'
import { openTestApp, type TestApp } from '../test-support.ts'

const RP_ID = '127.0.0.1'
let app: TestApp
let db: Database
let close: () => Promise<void>
const T0 = Date.parse('2031-05-06T07:08:00.000Z')
let offset = 0
const clock = () => T0 + offset
const mailbox = memoryMailbox()
let seq = 0
const deviceId = () => `step-up-device-${String(++seq).padStart(6, '0')}`

beforeAll(async () => {
  const t = await openTestApp({ auth: { keyCustody: 'server', kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], now: clock } })
  app = t.app
  db = t.db
  close = t.close
})
afterAll(async () => {
  await close?.()
})

const errorOf = async (res: Response) => z.object({ error: z.string() }).parse(await res.json()).error
const statusOf = async (res: Response) => twoFactorStatusSchema.parse(await res.json())
const creationSchema = z.object({ challenge: z.string(), rp: z.object({ id: z.string() }), user: z.object({ id: z.string() }) })
const requestSchema = z.object({
  challenge: z.string(),
  rpId: z.string(),
  userVerification: z.string(),
  allowCredentials: z.array(z.object({ id: z.string(), type: z.string() })),
})

let stampSeq = 0
/** A stamped POST sent from `origin` (the frame's, unless said), at a timestamp of its own. */
async function fromFrame(session: Pick<Session, 'sessionId' | 'key'>, path: string, body: unknown, origin: string | null = FRAME_ORIGIN) {
  const text = JSON.stringify(body)
  const headers = await stampHeaders(session.key, session.sessionId, 'POST', path, text, clock() + 20_000 + ++stampSeq)
  return app.request(path, { method: 'POST', headers: { ...headers, ...(origin ? { origin } : {}) }, body: text })
}

/** A passkey sign-up (a passkey-only user): its session and credential. */
async function signUp(authenticator: SoftAuthenticator) {
  const key = await frameKey()
  const device = deviceId()
  const res = await post(
    app,
    '/v1/auth/passkey/sign-up/options',
    { deviceId: device, sessionKeyHash: key.keyHash },
    { origin: FRAME_ORIGIN },
  )
  const creation = creationSchema.parse(((await res.json()) as { options: unknown }).options)
  const response = authenticator.register(creation, { attestation: 'none' })
  const done = await loginPost(
    app,
    '/v1/auth/passkey/sign-up',
    { deviceId: device, sessionPublicKey: key.publicKey, response },
    key,
    {},
    clock(),
  )
  expect(done.status).toBe(200)
  const body = otpResponseSchema.parse(await done.json())
  return { session: { sessionId: body.sessionId, key, user: body.user } as Session, credentialId: response.id }
}

/** An email user who adds a passkey of `authenticator` (no TOTP): the session and the credential. */
async function emailUserWithPasskey(authenticator: SoftAuthenticator) {
  const session = await login(app, mailbox, `step-up-${++seq}@example.com`, deviceId(), {}, clock())
  const res = await fromFrame(session, '/v1/auth/passkeys/options', {})
  const creation = creationSchema.parse(((await res.json()) as { options: unknown }).options)
  const added = await stamped(app, session, 'POST', '/v1/auth/passkeys', { response: authenticator.register(creation) }, clock())
  expect(added.status).toBe(200)
  return { session }
}

/** The step-up options `session` asks for (from the frame's origin). */
async function stepUpOptions(session: Pick<Session, 'sessionId' | 'key'>) {
  const res = await fromFrame(session, '/v1/auth/2fa/passkey/options', {})
  expect(res.status).toBe(200)
  return requestSchema.parse(((await res.json()) as { options: unknown }).options)
}

const verify = (session: Pick<Session, 'sessionId' | 'key'>, response: unknown) =>
  stamped(app, session, 'POST', '/v1/auth/2fa/passkey/verify', { response }, clock())
const status = async (session: Pick<Session, 'sessionId' | 'key'>) =>
  statusOf(await stamped(app, session, 'GET', '/v1/auth/2fa', undefined, clock()))
/** A route behind requireStepUpIfEnabled: 403 stepUpRequired, else (no recovery key here) 404 escrowOff. */
const escrow = (session: Pick<Session, 'sessionId' | 'key'>) => stamped(app, session, 'POST', '/v1/auth/keys/escrow', {}, clock())

describe('a passkey steps the session up (issue 22 §2)', () => {
  it("an email user's passkey: the status names it, the gated routes need the step-up, a good assertion sets the mark", async () => {
    offset = 0
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const plain = await login(app, mailbox, 'no-passkey@example.com', deviceId(), {}, clock())
    expect(await status(plain)).toEqual({ totp: 'off', passkey: false, stepUpUntil: null })
    // Without a second factor nothing is asked (the escrow route is off on this server: 404).
    expect((await escrow(plain)).status).toBe(404)
    const none = await fromFrame(plain, '/v1/auth/2fa/passkey/options', {})
    expect(none.status).toBe(400)
    expect(await errorOf(none)).toBe(AUTH_ERRORS.passkeyNone)

    const { session } = await emailUserWithPasskey(authenticator)
    expect(await status(session)).toEqual({ totp: 'off', passkey: true, stepUpUntil: null })
    const gated = await escrow(session)
    expect(gated.status).toBe(403)
    expect(await errorOf(gated)).toBe(AUTH_ERRORS.stepUpRequired)

    // The options run in the frame (its Origin gives the RP id), name the user's passkey, require user verification.
    expect((await fromFrame(session, '/v1/auth/2fa/passkey/options', {}, null)).status).toBe(400)
    const request = await stepUpOptions(session)
    expect(request).toMatchObject({ rpId: RP_ID, userVerification: 'required' })
    expect(request.allowCredentials.map((c) => c.id)).toEqual([...authenticator.credentials.keys()])

    offset = 1_000
    const res = await verify(session, authenticator.authenticate(request))
    expect(res.status).toBe(200)
    expect(await statusOf(res)).toEqual({ totp: 'off', passkey: true, stepUpUntil: new Date(clock() + STEP_UP_TTL_MS).toISOString() })
    const mark = await db.query<{ factor: string }>('SELECT factor FROM portico_auth.step_ups WHERE session_id = $1', [session.sessionId])
    expect(mark.rows).toEqual([{ factor: 'passkey' }])
    expect((await escrow(session)).status).toBe(404)
    const { passkeys } = passkeysResponseSchema.parse(
      await (await stamped(app, session, 'GET', '/v1/auth/passkeys', undefined, clock())).json(),
    )
    expect(passkeys[0]?.lastUsedAt).toBe(new Date(clock()).toISOString())

    // The mark lasts STEP_UP_TTL_MS.
    offset = 1_000 + STEP_UP_TTL_MS
    expect((await status(session)).stepUpUntil).toBeNull()
    expect((await escrow(session)).status).toBe(403)
    offset = 0
  })

  it('a replayed assertion, a replayed challenge, or no user verification is refused (400), and sets no mark', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const { session } = await emailUserWithPasskey(authenticator)
    const request = await stepUpOptions(session)
    const response = authenticator.authenticate(request)
    expect((await verify(session, response)).status).toBe(200)
    await db.query('DELETE FROM portico_auth.step_ups WHERE session_id = $1', [session.sessionId])

    const replayed = await verify(session, response)
    expect(replayed.status).toBe(400)
    expect(await errorOf(replayed)).toBe(AUTH_ERRORS.passkeyExpired)
    // A new assertion of the used challenge (the counter moved on): the challenge works once.
    const again = await verify(session, authenticator.authenticate(request))
    expect(again.status).toBe(400)
    expect(await errorOf(again)).toBe(AUTH_ERRORS.passkeyExpired)

    const noUv = await verify(session, authenticator.authenticate(await stepUpOptions(session), { userVerified: false }))
    expect(noUv.status).toBe(400)
    expect(await errorOf(noUv)).toBe(AUTH_ERRORS.passkeyFailed)
    // Made in an iframe of a host page (crossOrigin), not in a window of the frame's origin.
    const framed = await verify(session, authenticator.authenticate(await stepUpOptions(session), { topOrigin: 'http://127.0.0.1:5173' }))
    expect(framed.status).toBe(400)
    expect(await errorOf(framed)).toBe(AUTH_ERRORS.passkeyFailed)
    // Not from the frame's origin at all.
    const elsewhere = await verify(session, authenticator.authenticate(await stepUpOptions(session), { origin: 'http://127.0.0.1:5173' }))
    expect(elsewhere.status).toBe(400)
    // An expired challenge.
    const late = await stepUpOptions(session)
    offset = 5 * 60_000 + 1
    const expired = await verify(session, authenticator.authenticate(late))
    offset = 0
    expect(expired.status).toBe(400)
    expect(await errorOf(expired)).toBe(AUTH_ERRORS.passkeyExpired)
    expect((await status(session)).stepUpUntil).toBeNull()
  })

  it("another user's passkey, or another session's challenge, is refused; that session may still answer its own", async () => {
    const mine = softAuthenticator({ origin: FRAME_ORIGIN })
    const theirs = softAuthenticator({ origin: FRAME_ORIGIN })
    const a = await emailUserWithPasskey(mine)
    await emailUserWithPasskey(theirs)

    const request = await stepUpOptions(a.session)
    const foreign = await verify(a.session, theirs.authenticate(request))
    expect(foreign.status).toBe(400)
    expect(await errorOf(foreign)).toBe(AUTH_ERRORS.passkeyFailed)

    // A second session of the same user answers the first one's challenge: refused, and the challenge stays the first's.
    // (Past the login mails' resend cooldown.)
    offset = 10 * 60_000
    const second = await login(app, mailbox, a.session.user.email as string, deviceId(), {}, clock())
    const own = await stepUpOptions(a.session)
    const crossed = await verify(second, mine.authenticate(own))
    expect(crossed.status).toBe(400)
    expect(await errorOf(crossed)).toBe(AUTH_ERRORS.passkeyExpired)
    expect((await status(second)).stepUpUntil).toBeNull()
    expect((await verify(a.session, mine.authenticate(own))).status).toBe(200)
    // The mark is the session's, not the user's.
    expect((await status(second)).stepUpUntil).toBeNull()
    expect((await escrow(second)).status).toBe(403)
    offset = 0
  })

  it('a passkey-only user: sign-up gives no step-up (export and a new device wait for one); a passkey sign-in does', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const { session } = await signUp(authenticator)
    expect(await status(session)).toEqual({ totp: 'off', passkey: true, stepUpUntil: null })
    expect((await escrow(session)).status).toBe(403)
    // The passkey made at sign-up signed the user in: it lists as used then, not "Never used".
    const { passkeys } = passkeysResponseSchema.parse(
      await (await stamped(app, session, 'GET', '/v1/auth/passkeys', undefined, clock())).json(),
    )
    expect(passkeys[0]?.lastUsedAt).toBe(passkeys[0]?.createdAt)

    const key = await frameKey()
    const device = deviceId()
    const opts = await post(
      app,
      '/v1/auth/passkey/sign-in/options',
      { deviceId: device, sessionKeyHash: key.keyHash },
      { origin: FRAME_ORIGIN },
    )
    const request = ((await opts.json()) as { options: { challenge: string; rpId: string } }).options
    const res = await loginPost(
      app,
      '/v1/auth/passkey/sign-in',
      { deviceId: device, sessionPublicKey: key.publicKey, response: authenticator.authenticate(request) },
      key,
      {},
      clock(),
    )
    const signedIn = otpResponseSchema.parse(await res.json())
    const fresh = { sessionId: signedIn.sessionId, key: key as FrameKey }
    expect((await status(fresh)).stepUpUntil).toBe(new Date(clock() + STEP_UP_TTL_MS).toISOString())
    expect((await escrow(fresh)).status).toBe(404)
  })

  it('bad bodies are 400 with a reason, never 500; the routes need a stamped session', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const { session } = await emailUserWithPasskey(authenticator)
    for (const body of [{}, { response: {} }, { response: 'x' }, { response: { id: 'a', rawId: 'a', type: 'public-key', response: {} } }]) {
      const res = await stamped(app, session, 'POST', '/v1/auth/2fa/passkey/verify', body, clock())
      expect(res.status).toBe(400)
      expect(await errorOf(res)).not.toBe('')
    }
    const garbled = authenticator.authenticate(await stepUpOptions(session))
    const bad = await verify(session, { ...garbled, response: { ...garbled.response, clientDataJSON: 'e30' } })
    expect(bad.status).toBe(400)
    expect((await fromFrame(session, '/v1/auth/2fa/passkey/options', { extra: 1 })).status).toBe(400)
    expect((await post(app, '/v1/auth/2fa/passkey/options', {}, { origin: FRAME_ORIGIN })).status).toBe(401)
    expect((await post(app, '/v1/auth/2fa/passkey/verify', { response: garbled })).status).toBe(401)
  })
})
