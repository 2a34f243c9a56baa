import { createPublicKey, verify as verifyEd25519 } from 'node:crypto'
import { p256 } from '@noble/curves/p256'
import {
  AUTH_ERRORS,
  authUserSchema,
  OTP_RESEND_COOLDOWN_MS,
  OTP_TTL_MS,
  STAMP_HEADERS,
  STAMP_MAX_SKEW_MS,
  stampPayload,
} from '@portico/protocol/auth'
import { getBase58Encoder } from '@solana/kit'
import { verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  approveByPage,
  FRAME_ORIGIN,
  type FrameKey,
  frameKey,
  login as loginAt,
  loginPost,
  memoryMailbox,
  otherSpellings,
  post,
  stamped,
  stampHeaders,
  TEST_KEK,
  type Session,
} from '../auth/test-support.ts'
import type { Database } from '../db/types.ts'
import { openTestApp, type TestApp } from '../test-support.ts'

const T0 = Date.parse('2031-03-04T05:06:07.000Z')
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
let clock = T0
const mailbox = memoryMailbox()
let app: TestApp
let db: Database
let close: () => Promise<void>
let ipSeq = 0
/** A fresh client IP per test, so the per-IP limit of one test does not spill into another. */
const ip = () => ({ 'x-test-ip': `10.0.0.${++ipSeq}` })

beforeAll(async () => {
  const t = await openTestApp({
    auth: {
      keyCustody: 'server',
      kek: TEST_KEK,
      mail: mailbox,
      frameOrigins: [FRAME_ORIGIN],
      now: () => clock,
      deviceWaitMs: 600,
      deviceAskMs: 100,
      devicePollMs: 20,
      clientIp: (c) => c.req.header('x-test-ip'),
    },
  })
  app = t.app
  db = t.db
  K = await frameKey()
  close = t.close
})
afterAll(async () => {
  await close?.()
})

/** The session key of the logins started here (each finish is stamped by it: issue 22 §3). */
let K: FrameKey
/** A full email login at the test clock. */
const login = (...args: [TestApp, ReturnType<typeof memoryMailbox>, string, string, Record<string, string>?]) =>
  loginAt(args[0], args[1], args[2], args[3], args[4] ?? {}, clock)

const errorOf = async (res: Response) => z.object({ error: z.string() }).parse(await res.json()).error

describe('email login', () => {
  it('a new device gets VERIFY_DEVICE, is approved by the mailed link, then VERIFY_OTP, then a session', async () => {
    const headers = ip()
    const email = 'Alice@Example.com'
    const deviceId = 'device-alice-000001'
    const connect = await post(
      app,
      '/v1/auth/email/connect',
      { email, deviceId, sessionKeyHash: K.keyHash, hostOrigin: 'https://shop.example' },
      { ...headers, 'user-agent': CHROME_LINUX },
    )
    expect(connect.status).toBe(200)
    expect(await connect.json()).toEqual({ action: 'VERIFY_DEVICE' })
    const mail = mailbox.last('alice@example.com')
    expect(mail.subject).toBe('Approve your new device for Portico')
    // The mail names the site, the browser and the time of the request.
    expect(mail.text).toContain('Site: https://shop.example\nBrowser: Chrome on Linux\nTime: 2031-03-04 05:06 UTC\n')
    expect(mail.html).toContain('<li>Site: https://shop.example</li><li>Browser: Chrome on Linux</li><li>Time: 2031-03-04 05:06 UTC</li>')
    const link = new URL(mailbox.lastLink('alice@example.com'), 'http://localhost')
    expect(link.pathname).toBe('/v1/auth/device/approve')

    // Not approved yet: one ask waits (deviceAskMs), then answers 202 pending (device-wait.test.ts: the 408).
    const early = await post(app, '/v1/auth/email/device', { email, deviceId, sessionKeyHash: K.keyHash }, headers)
    expect(early.status).toBe(202)
    expect(await early.json()).toEqual({ state: 'pending' })

    // The device call waits while the link is opened, asked again while it answers pending (as the frame does).
    const waiting = (async () => {
      for (;;) {
        const res = await post(app, '/v1/auth/email/device', { email, deviceId, sessionKeyHash: K.keyHash }, headers)
        if (res.status !== 202) return res
      }
    })()
    await new Promise((r) => setTimeout(r, 60))
    // Opening the link (as a mail scanner does, twice) shows the page and approves nothing.
    for (let i = 0; i < 2; i++) {
      const shown = await app.request(`${link.pathname}${link.search}`)
      expect(shown.status).toBe(200)
      expect(shown.headers.get('content-type')).toMatch(/^text\/html/)
      expect(shown.headers.get('content-security-policy')).toContain("form-action 'self'")
      const html = await shown.text()
      expect(html).toContain('<li>Site: https://shop.example</li><li>Browser: Chrome on Linux</li><li>Time: 2031-03-04 05:06 UTC</li>')
      expect(html).toContain(`<form method="post"><input type="hidden" name="token" value="${link.searchParams.get('token')}">`)
      expect(html).toContain('>Approve this device</button>')
    }
    expect((await db.query('SELECT approved_at FROM portico_auth.devices WHERE device_id = $1', [deviceId])).rows).toEqual([
      { approved_at: null },
    ])
    // The button: a form POST of the token.
    const approve = await approveByPage(app, link.href)
    expect(approve.status).toBe(200)
    expect(approve.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await approve.text()).toContain('Device approved. You can close this tab.')
    const device = await waiting
    expect(device.status).toBe(200)
    expect(await device.json()).toEqual({ action: 'VERIFY_OTP' })

    // The link works once: its page and its button both say so.
    const again = await app.request(`${link.pathname}${link.search}`)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('This link can not be used')
    const token = link.searchParams.get('token') as string
    const reposted = await app.request('/v1/auth/device/approve', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    })
    expect(reposted.status).toBe(400)
    expect(await reposted.text()).toContain('This link can not be used')

    const code = mailbox.lastCode('alice@example.com')
    expect(code).toMatch(/^\d{6}$/)
    expect(mailbox.last('alice@example.com').text).toContain(code)
    const key = K
    const res = await loginPost(
      app,
      '/v1/auth/email/otp',
      { email, deviceId, otp: code, sessionPublicKey: key.publicKey },
      key,
      headers,
      clock,
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as { sessionId: string; expiresAt: string; user: unknown }
    const user = authUserSchema.parse(body.user)
    expect(user.email).toBe('alice@example.com')
    expect(user.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(user.solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(user.preferredAccountType).toBe('eoa')
    expect(body.expiresAt).toBe(new Date(clock + 7 * 24 * 3600_000).toISOString())

    // The session stamps GET /v1/auth/user.
    const me = await stamped(app, { sessionId: body.sessionId, key }, 'GET', '/v1/auth/user', undefined, clock)
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual(user)

    // The device is known now: straight to VERIFY_OTP (after the resend cooldown), same user on login.
    clock += OTP_RESEND_COOLDOWN_MS
    const known = await post(app, '/v1/auth/email/connect', { email: 'alice@example.com', deviceId, sessionKeyHash: K.keyHash }, headers)
    expect(await known.json()).toEqual({ action: 'VERIFY_OTP' })
    const key2 = K
    const second = await loginPost(
      app,
      '/v1/auth/email/otp',
      { email, deviceId, otp: mailbox.lastCode('alice@example.com'), sessionPublicKey: key2.publicKey },
      key2,
      headers,
      clock,
    )
    expect(((await second.json()) as { user: { userId: string } }).user.userId).toBe(user.userId)
  })

  it('a bad or unknown approval token answers the 400 page', async () => {
    for (const query of ['', '?token=', '?token=abc', `?token=${'A'.repeat(43)}`]) {
      const res = await app.request(`/v1/auth/device/approve${query}`)
      expect(res.status, query).toBe(400)
      expect(await res.text()).toContain('This link can not be used')
      const posted = await app.request('/v1/auth/device/approve', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: query.slice(1),
      })
      expect(posted.status, query).toBe(400)
      expect(await posted.text()).toContain('This link can not be used')
    }
  })

  it('the approval button works only from its own page, and not after the link expired', async () => {
    const headers = ip()
    const email = 'csrf@example.com'
    const deviceId = 'device-csrf-0000001'
    await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: K.keyHash }, headers)
    const link = new URL(mailbox.lastLink(email), 'http://localhost')
    const token = link.searchParams.get('token') as string
    const form = (extra: Record<string, string>, body = `token=${token}`) =>
      app.request('/v1/auth/device/approve', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra },
        body,
      })
    // Another site's form (the browser says cross-site or same-site), or a JSON body: refused, the token left usable.
    expect((await form({ 'sec-fetch-site': 'cross-site' })).status).toBe(400)
    expect((await form({ 'sec-fetch-site': 'same-site' })).status).toBe(400)
    expect((await form({ 'content-type': 'application/json' }, JSON.stringify({ token }))).status).toBe(400)
    // Neither site, browser nor origin known: the page says so.
    const page = await (await app.request(`${link.pathname}${link.search}`)).text()
    expect(page).toContain('<li>Site: not known</li><li>Browser: not known</li>')
    // Expired: the page and the button refuse it.
    clock += 10 * 60_000
    const expired = await app.request(`${link.pathname}${link.search}`)
    expect(expired.status).toBe(400)
    expect(await expired.text()).toContain('This link can not be used')
    expect((await form({ 'sec-fetch-site': 'same-origin' })).status).toBe(400)
    expect((await db.query('SELECT approved_at FROM portico_auth.devices WHERE device_id = $1', [deviceId])).rows).toEqual([
      { approved_at: null },
    ])
  })

  it('device wait for a device that never connected is a 400', async () => {
    const res = await post(
      app,
      '/v1/auth/email/device',
      { email: 'nobody@example.com', deviceId: 'device-nobody-00001', sessionKeyHash: K.keyHash },
      ip(),
    )
    expect(res.status).toBe(400)
  })

  it('refuses bad input with a clear 400', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email', deviceId: 'device-000000000001' }, AUTH_ERRORS.invalidEmail],
      [{ email: 'a@example.com', deviceId: 'short' }, 'deviceId: deviceId must be 16-64 url-safe characters'],
      [{ email: 'a@example.com' }, 'deviceId: Invalid input: expected string, received undefined'],
      [[], 'The body must be a JSON object'],
    ]
    for (const [body, message] of cases) {
      const res = await post(app, '/v1/auth/email/connect', body, ip())
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toBe(message)
    }
    const notJson = await app.request('/v1/auth/email/connect', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    })
    expect(await errorOf(notJson)).toBe('Invalid JSON body')
    const otp = await post(app, '/v1/auth/email/otp', {
      email: 'a@example.com',
      deviceId: 'device-000000000001',
      otp: '12345',
      sessionPublicKey: 'x',
    })
    expect(await errorOf(otp)).toBe('otp: The code is 6 digits')
    const key = await post(app, '/v1/auth/email/otp', {
      email: 'a@example.com',
      deviceId: 'device-000000000001',
      otp: '123456',
      sessionPublicKey: 'AAAA',
    })
    expect(await errorOf(key)).toBe('sessionPublicKey must be a P-256 public key (base64url SPKI)')
  })
})

describe('a login belongs to the frame that started it (issue 22 §3)', () => {
  /** A new device's email login started (connect, approval, device) with key `a`: the code is in the mailbox. */
  async function startedWith(a: FrameKey, email: string, deviceId: string, headers: Record<string, string>) {
    const connect = await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: a.keyHash }, headers)
    expect(await connect.json()).toEqual({ action: 'VERIFY_DEVICE' })
    expect((await approveByPage(app, mailbox.lastLink(email))).status).toBe(200)
    const device = await post(app, '/v1/auth/email/device', { email, deviceId, sessionKeyHash: a.keyHash }, headers)
    expect(await device.json()).toEqual({ action: 'VERIFY_OTP' })
    return mailbox.lastCode(email)
  }

  it('the right code with another key (stamped by it) is refused with 403, counts nothing, and the frame still signs in with its key', async () => {
    const headers = ip()
    const email = 'keybound@example.com'
    const deviceId = 'device-keybound-001'
    const a = await frameKey()
    const b = await frameKey()
    const code = await startedWith(a, email, deviceId, headers)
    // The host page got the code (typed into its own modal) and finishes with a key of its own.
    for (let i = 0; i < 6; i++) {
      const stolen = await loginPost(
        app,
        '/v1/auth/email/otp',
        { email, deviceId, otp: code, sessionPublicKey: b.publicKey },
        b,
        headers,
        clock,
      )
      expect(stolen.status).toBe(403)
      expect(await errorOf(stolen)).toBe(AUTH_ERRORS.loginKeyMismatch)
    }
    // Six refusals later (more than OTP_MAX_ATTEMPTS) the code is neither used up nor dead for the frame.
    const own = await loginPost(app, '/v1/auth/email/otp', { email, deviceId, otp: code, sessionPublicKey: a.publicKey }, a, headers, clock)
    expect(own.status).toBe(200)
    const session = z.object({ sessionId: z.string() }).parse(await own.json())
    expect((await stamped(app, { sessionId: session.sessionId, key: a }, 'GET', '/v1/auth/user', undefined, clock)).status).toBe(200)
  })

  it("a finish naming the start's key but not stamped by it (none, another key's, another body's, a stale one) is refused with 401", async () => {
    const headers = ip()
    const email = 'unproven@example.com'
    const deviceId = 'device-unproven-001'
    const a = await frameKey()
    const b = await frameKey()
    const code = await startedWith(a, email, deviceId, headers)
    const body = { email, deviceId, otp: code, sessionPublicKey: a.publicKey }
    const path = '/v1/auth/email/otp'
    const ts = String(clock)
    const otherBody = JSON.stringify({ ...body, otp: '000000' })
    const refused = [
      await loginPost(app, path, body, null, headers, clock),
      await loginPost(app, path, body, b, headers, clock),
      await loginPost(app, path, body, a, headers, clock - STAMP_MAX_SKEW_MS - 1),
      await loginPost(app, path, body, a, headers, clock + STAMP_MAX_SKEW_MS + 1),
      // A stamp by the right key, of another request.
      await post(app, path, body, {
        ...headers,
        [STAMP_HEADERS.timestamp]: ts,
        [STAMP_HEADERS.stamp]: await a.sign(stampPayload('POST', path, ts, otherBody)),
      }),
      // Its high-s twin.
      await post(app, path, body, {
        ...headers,
        [STAMP_HEADERS.timestamp]: ts,
        [STAMP_HEADERS.stamp]: otherSpellings(await a.sign(stampPayload('POST', path, ts, JSON.stringify(body))))[20] as string,
      }),
    ]
    for (const res of refused) {
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toBe(AUTH_ERRORS.loginProofInvalid)
    }
    expect((await loginPost(app, path, body, a, headers, clock)).status).toBe(200)
  })

  it('a known device: the code of a connect is bound to its key too; a later connect with another key rebinds it', async () => {
    const headers = ip()
    const email = 'rebind@example.com'
    const deviceId = 'device-rebind-00001'
    await login(app, mailbox, email, deviceId, headers)
    const a = await frameKey()
    const b = await frameKey()
    clock += OTP_RESEND_COOLDOWN_MS
    await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: a.keyHash }, headers)
    const first = mailbox.lastCode(email)
    expect(
      (await loginPost(app, '/v1/auth/email/otp', { email, deviceId, otp: first, sessionPublicKey: b.publicKey }, b, headers, clock))
        .status,
    ).toBe(403)
    clock += OTP_RESEND_COOLDOWN_MS
    await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: b.keyHash }, headers)
    const second = mailbox.lastCode(email)
    expect(
      (await loginPost(app, '/v1/auth/email/otp', { email, deviceId, otp: second, sessionPublicKey: a.publicKey }, a, headers, clock))
        .status,
    ).toBe(403)
    expect(
      (await loginPost(app, '/v1/auth/email/otp', { email, deviceId, otp: second, sessionPublicKey: b.publicKey }, b, headers, clock))
        .status,
    ).toBe(200)
  })

  it('a start without the key hash, or with one that is not a SHA-256, is refused with 400', async () => {
    const email = 'nohash@example.com'
    const deviceId = 'device-nohash-00001'
    for (const [path, body] of [
      ['/v1/auth/email/connect', { email, deviceId }],
      ['/v1/auth/email/connect', { email, deviceId, sessionKeyHash: 'abc' }],
      ['/v1/auth/email/device', { email, deviceId }],
    ] as const) {
      const res = await post(app, path, body, ip())
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatch(/^sessionKeyHash: /)
    }
  })
})

describe('one-time codes', () => {
  /** A known device for `email`, with a fresh code in the mailbox. */
  async function knownDevice(email: string, deviceId: string) {
    const headers = ip()
    await login(app, mailbox, email, deviceId, headers)
    clock += OTP_RESEND_COOLDOWN_MS
    const res = await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: K.keyHash }, headers)
    expect(await res.json()).toEqual({ action: 'VERIFY_OTP' })
    return { headers, code: mailbox.lastCode(email) }
  }
  const otp = async (email: string, deviceId: string, code: string) => {
    const res = await loginPost(app, '/v1/auth/email/otp', { email, deviceId, otp: code, sessionPublicKey: K.publicKey }, K, {}, clock)
    return { status: res.status, error: res.status === 200 ? null : await errorOf(res) }
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it('stops brute force: after 5 wrong codes the code is dead, even the right one; a new code works', async () => {
    const email = 'brute@example.com'
    const deviceId = 'device-brute-000001'
    const { headers, code } = await knownDevice(email, deviceId)
    for (let i = 1; i <= 4; i++) expect(await otp(email, deviceId, wrong(code))).toEqual({ status: 400, error: AUTH_ERRORS.invalidOtp })
    expect(await otp(email, deviceId, wrong(code))).toEqual({ status: 400, error: AUTH_ERRORS.otpTooManyAttempts })
    expect(await otp(email, deviceId, code)).toEqual({ status: 400, error: AUTH_ERRORS.otpTooManyAttempts })
    clock += OTP_RESEND_COOLDOWN_MS
    await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: K.keyHash }, headers)
    const fresh = mailbox.lastCode(email)
    expect(await otp(email, deviceId, fresh)).toEqual({ status: 200, error: null })
  })

  it('refuses an expired code (10 minutes) and a reused one', async () => {
    const email = 'expiry@example.com'
    const deviceId = 'device-expiry-00001'
    const { headers, code } = await knownDevice(email, deviceId)
    clock += OTP_TTL_MS
    expect(await otp(email, deviceId, code)).toEqual({ status: 400, error: AUTH_ERRORS.otpExpired })
    await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: K.keyHash }, headers)
    const fresh = mailbox.lastCode(email)
    clock += OTP_TTL_MS - 1
    expect(await otp(email, deviceId, fresh)).toEqual({ status: 200, error: null })
    expect(await otp(email, deviceId, fresh)).toEqual({ status: 400, error: AUTH_ERRORS.invalidOtp })
  })

  it('a code is bound to the device it was sent for', async () => {
    const email = 'bound@example.com'
    const { code } = await knownDevice(email, 'device-bound-000001')
    expect(await otp(email, 'device-other-000001', code)).toEqual({ status: 400, error: AUTH_ERRORS.invalidOtp })
  })

  it('wrong codes sent under other device ids do not burn the code: its own device still signs in with it', async () => {
    const email = 'victim@example.com'
    const deviceId = 'device-victim-00001'
    const { code } = await knownDevice(email, deviceId)
    // A stranger who knows the address guesses under made-up device ids, ten times the try limit.
    for (let i = 0; i < 50; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
      expect(await otp(email, `device-stranger-${String(i).padStart(4, '0')}`, guess)).toEqual({
        status: 400,
        error: AUTH_ERRORS.invalidOtp,
      })
    }
    // Even the right code under another device id gets nothing (and burns nothing).
    expect(await otp(email, 'device-stranger-right', code)).toEqual({ status: 400, error: AUTH_ERRORS.invalidOtp })
    const { rows } = await db.query<{ attempts: number }>('SELECT attempts FROM portico_auth.otps WHERE email = $1', [email])
    expect(rows).toEqual([{ attempts: 0 }])
    expect(await otp(email, deviceId, code)).toEqual({ status: 200, error: null })
  })

  it('stores codes hashed: the code is nowhere in the database', async () => {
    const email = 'hashed@example.com'
    const { code } = await knownDevice(email, 'device-hashed-00001')
    const { rows } = await db.query<{ code_hash: string }>('SELECT code_hash FROM portico_auth.otps WHERE email = $1', [email])
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0]?.code_hash).not.toContain(code)
  })
})

describe('rate limits', () => {
  it('the resend cooldown: a second code within 30 s is a 429 with retry-after', async () => {
    const headers = ip()
    const email = 'cooldown@example.com'
    const deviceId = 'device-cooldown-001'
    await login(app, mailbox, email, deviceId, headers)
    clock += OTP_RESEND_COOLDOWN_MS
    expect((await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: K.keyHash }, headers)).status).toBe(200)
    clock += 10_000
    const res = await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: K.keyHash }, headers)
    expect(res.status).toBe(429)
    expect(await errorOf(res)).toBe(AUTH_ERRORS.rateLimited)
    expect(res.headers.get('retry-after')).toBe('20')
    clock += 20_000
    expect((await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: K.keyHash }, headers)).status).toBe(200)
  })

  it('auth.limits.resendCooldownMs sets the cooldown (5 s here): a second code after 4 s is a 429 (retry-after 1), after 5 s it is mailed', async () => {
    let t = T0
    const box = memoryMailbox()
    const other = await openTestApp({
      auth: {
        keyCustody: 'server',
        kek: TEST_KEK,
        mail: box,
        frameOrigins: [FRAME_ORIGIN],
        now: () => t,
        limits: { resendCooldownMs: 5_000 },
      },
    })
    try {
      const body = { email: 'short-cooldown@example.com', deviceId: 'device-short-00001', sessionKeyHash: K.keyHash }
      expect((await post(other.app, '/v1/auth/email/connect', body)).status).toBe(200)
      t += 4_000
      const early = await post(other.app, '/v1/auth/email/connect', body)
      expect(early.status).toBe(429)
      expect(early.headers.get('retry-after')).toBe('1')
      t += 1_000
      expect((await post(other.app, '/v1/auth/email/connect', body)).status).toBe(200)
      expect(box.sent.filter((m) => m.to === body.email)).toHaveLength(2)
    } finally {
      await other.close()
    }
  })

  it('at most 5 mails to one email an hour', async () => {
    const email = 'hourly@example.com'
    for (let i = 0; i < 5; i++) {
      const res = await post(app, '/v1/auth/email/connect', { email, deviceId: `device-hourly-0000${i}`, sessionKeyHash: K.keyHash }, ip())
      expect(res.status, `mail ${i + 1}`).toBe(200)
      clock += OTP_RESEND_COOLDOWN_MS
    }
    const sixth = await post(app, '/v1/auth/email/connect', { email, deviceId: 'device-hourly-00009', sessionKeyHash: K.keyHash }, ip())
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBe(3600 - 5 * 30)
    clock += 3600_000
    expect(
      (await post(app, '/v1/auth/email/connect', { email, deviceId: 'device-hourly-00009', sessionKeyHash: K.keyHash }, ip())).status,
    ).toBe(200)
  })

  it('50 concurrent logins for one address (a known device) send one code mail; for new devices, one approval link', async () => {
    const headers = ip()
    const email = 'burst@example.com'
    const deviceId = 'device-burst-000001'
    await login(app, mailbox, email, deviceId, headers)
    clock += OTP_RESEND_COOLDOWN_MS
    const before = mailbox.sent.length
    const codes = await Promise.all(
      Array.from({ length: 50 }, () => post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: K.keyHash }, ip())),
    )
    expect(codes.map((r) => r.status).sort()).toEqual([200, ...Array(49).fill(429)])
    expect(mailbox.sent.slice(before).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your Portico code: \d{6}$/)])

    clock += OTP_RESEND_COOLDOWN_MS
    const links = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          app,
          '/v1/auth/email/connect',
          { email, deviceId: `device-burst-new-${String(i).padStart(3, '0')}`, sessionKeyHash: K.keyHash },
          ip(),
        ),
      ),
    )
    expect(links.filter((r) => r.status === 200)).toHaveLength(1)
    expect(mailbox.sent.slice(before).filter((m) => m.subject === 'Approve your new device for Portico')).toHaveLength(1)
  })

  it('50 concurrent logins from one IP for 50 addresses send exactly the 20 the IP may trigger', async () => {
    const headers = ip()
    const before = mailbox.sent.length
    const res = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          app,
          '/v1/auth/email/connect',
          { email: `burst-ip-${i}@example.com`, deviceId: 'device-burst-ip-001', sessionKeyHash: K.keyHash },
          headers,
        ),
      ),
    )
    expect(res.filter((r) => r.status === 200)).toHaveLength(20)
    expect(res.filter((r) => r.status === 429)).toHaveLength(30)
    expect(mailbox.sent.length - before).toBe(20)
  })

  it('a stranger asking for new devices can not use up the owner’s code mails', async () => {
    const email = 'owner@example.com'
    const deviceId = 'device-owner-000001'
    const headers = ip()
    await login(app, mailbox, email, deviceId, headers) // 1 approval link, 1 code
    // A stranger, from anywhere, asks for new devices until refused: 4 more links, then 429 for the hour.
    let refused = 0
    for (let i = 0; i < 8; i++) {
      clock += OTP_RESEND_COOLDOWN_MS
      const res = await post(
        app,
        '/v1/auth/email/connect',
        { email, deviceId: `device-stranger-${i}-000`, sessionKeyHash: K.keyHash },
        ip(),
      )
      if (res.status === 429) refused++
      else expect(res.status).toBe(200)
    }
    expect(refused).toBe(4)
    // The owner's known device still gets its codes (4 more this hour: 5 in all), and signs in.
    for (let i = 0; i < 4; i++) {
      clock += OTP_RESEND_COOLDOWN_MS
      expect(await (await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: K.keyHash }, headers)).json()).toEqual({
        action: 'VERIFY_OTP',
      })
    }
    const key = K
    const session = await loginPost(
      app,
      '/v1/auth/email/otp',
      { email, deviceId, otp: mailbox.lastCode(email), sessionPublicKey: key.publicKey },
      key,
      headers,
      clock,
    )
    expect(session.status).toBe(200)
    clock += OTP_RESEND_COOLDOWN_MS
    expect((await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: K.keyHash }, headers)).status).toBe(429)
  })

  it('at most 20 mails from one IP an hour; another IP is not held back', async () => {
    const headers = ip()
    for (let i = 0; i < 20; i++) {
      const res = await post(
        app,
        '/v1/auth/email/connect',
        { email: `ip${i}@example.com`, deviceId: 'device-ip-limit-001', sessionKeyHash: K.keyHash },
        headers,
      )
      expect(res.status, `mail ${i + 1}`).toBe(200)
    }
    const over = await post(
      app,
      '/v1/auth/email/connect',
      { email: 'ip20@example.com', deviceId: 'device-ip-limit-001', sessionKeyHash: K.keyHash },
      headers,
    )
    expect(over.status).toBe(429)
    expect(await errorOf(over)).toBe(AUTH_ERRORS.rateLimited)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(
      (
        await post(
          app,
          '/v1/auth/email/connect',
          { email: 'ip20@example.com', deviceId: 'device-ip-limit-001', sessionKeyHash: K.keyHash },
          ip(),
        )
      ).status,
    ).toBe(200)
  })
})

describe('stamps and sessions', () => {
  it('refuses a stamp by the wrong key, an old or future timestamp, a replay, a changed body, or none', async () => {
    const session = await login(app, mailbox, 'stamps@example.com', 'device-stamps-00001', ip())
    const ok = await stamped(app, session, 'GET', '/v1/auth/user', undefined, clock)
    expect(ok.status).toBe(200)

    const other = await frameKey()
    const wrongKey = await stamped(app, { sessionId: session.sessionId, key: other }, 'GET', '/v1/auth/user', undefined, clock)
    expect(wrongKey.status).toBe(401)
    expect(await errorOf(wrongKey)).toBe(AUTH_ERRORS.unauthorized)

    for (const ts of [clock - STAMP_MAX_SKEW_MS - 1, clock + STAMP_MAX_SKEW_MS + 1]) {
      expect((await stamped(app, session, 'GET', '/v1/auth/user', undefined, ts)).status).toBe(401)
    }
    expect((await stamped(app, session, 'GET', '/v1/auth/user', undefined, clock - STAMP_MAX_SKEW_MS + 1000)).status).toBe(200)

    const headers = await stampHeaders(session.key, session.sessionId, 'POST', '/v1/auth/preferred-account', '{"type":"eoa"}', clock)
    const first = await app.request('/v1/auth/preferred-account', { method: 'POST', headers, body: '{"type":"eoa"}' })
    expect(first.status).toBe(200)
    const replay = await app.request('/v1/auth/preferred-account', { method: 'POST', headers, body: '{"type":"eoa"}' })
    expect(replay.status).toBe(401)

    const changed = await stampHeaders(session.key, session.sessionId, 'POST', '/v1/auth/preferred-account', '{"type":"eoa"}', clock)
    const tampered = await app.request('/v1/auth/preferred-account', { method: 'POST', headers: changed, body: '{"type":"smartAccount"}' })
    expect(tampered.status).toBe(401)
    const otherPath = await stampHeaders(session.key, session.sessionId, 'GET', '/v1/auth/sessions', '', clock)
    expect((await app.request('/v1/auth/user', { headers: otherPath })).status).toBe(401)

    expect((await app.request('/v1/auth/user')).status).toBe(401)
    expect(
      (
        await app.request('/v1/auth/user', {
          headers: { 'x-portico-session': session.sessionId, 'x-portico-timestamp': 'x', 'x-portico-stamp': 'y' },
        })
      ).status,
    ).toBe(401)
  })

  it('a stamp has one spelling: its 31 others (last character, high-s twin) are refused, before and after it is used', async () => {
    const session = await login(app, mailbox, 'spelling@example.com', 'device-spelling-001', ip())
    const body = JSON.stringify({ namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['once', session.user.evmAddress] })
    const headers = await stampHeaders(session.key, session.sessionId, 'POST', '/v1/auth/rpc', body, clock)
    const send = (stamp: string) =>
      app.request('/v1/auth/rpc', { method: 'POST', headers: { ...headers, [STAMP_HEADERS.stamp]: stamp }, body })
    const replays = otherSpellings(headers[STAMP_HEADERS.stamp])
    // Before the stamp is used: every other spelling is refused (not one is a first use).
    for (const stamp of replays) expect((await send(stamp)).status, stamp).toBe(401)
    const first = await send(headers[STAMP_HEADERS.stamp])
    expect(first.status).toBe(200)
    const signature = ((await first.json()) as { result: Hex }).result
    expect(await verifyMessage({ address: session.user.evmAddress as Hex, message: 'once', signature })).toBe(true)
    // After: the stamp itself and each other spelling, one at a time and all at once.
    expect((await send(headers[STAMP_HEADERS.stamp])).status).toBe(401)
    for (const stamp of replays) expect((await send(stamp)).status, stamp).toBe(401)
    expect((await Promise.all(replays.map(send))).map((r) => r.status)).toEqual(replays.map(() => 401))
    // WebCrypto's own high-s answer, as a client that does not normalize would send it: refused.
    let raw = await session.key.signRaw(stampPayload('GET', '/v1/auth/user', String(clock + 1), ''))
    while (!p256.Signature.fromCompact(raw.toString('hex')).hasHighS())
      raw = await session.key.signRaw(stampPayload('GET', '/v1/auth/user', String(clock + 1), ''))
    const highS = await app.request('/v1/auth/user', {
      headers: {
        ...(await stampHeaders(session.key, session.sessionId, 'GET', '/v1/auth/user', '', clock + 1)),
        [STAMP_HEADERS.stamp]: raw.toString('base64url'),
      },
    })
    expect(highS.status).toBe(401)
    // Stamps that are no signature at all (r = 0, r and s ≥ n, bits past the end): 401, never a 500.
    for (const junk of ['A'.repeat(86), '_'.repeat(86), `${'B'.repeat(85)}_`]) {
      const res = await app.request('/v1/auth/user', {
        headers: {
          ...(await stampHeaders(session.key, session.sessionId, 'GET', '/v1/auth/user', '', clock + 2)),
          [STAMP_HEADERS.stamp]: junk,
        },
      })
      expect(res.status, junk).toBe(401)
    }
  })

  it('a stamp covers the query string: another query, or none, is refused', async () => {
    const session = await login(app, mailbox, 'query@example.com', 'device-query-000001', ip())
    const signed = await stampHeaders(session.key, session.sessionId, 'GET', '/v1/auth/user?chainId=31337', '', clock)
    expect((await app.request('/v1/auth/user?chainId=31338', { headers: signed })).status).toBe(401)
    expect((await app.request('/v1/auth/user?chainId=31337&x=1', { headers: signed })).status).toBe(401)
    const bare = await stampHeaders(session.key, session.sessionId, 'GET', '/v1/auth/user', '', clock + 1)
    expect((await app.request('/v1/auth/user?chainId=31337', { headers: bare })).status).toBe(401)
    const ok = await app.request('/v1/auth/user?chainId=31337', { headers: signed })
    expect(ok.status).toBe(200)
    expect(authUserSchema.parse(await ok.json()).userId).toBe(session.user.userId)
    expect((await app.request('/v1/auth/user', { headers: bare })).status).toBe(200)
  })

  it('preferred account: set and read back; smartAccount without a configured executor falls back to EOA (SPEC §4) and says why', async () => {
    const session = await login(app, mailbox, 'preferred@example.com', 'device-preferred-01', ip())
    const res = await stamped(app, session, 'POST', '/v1/auth/preferred-account', { type: 'eoa' }, clock)
    expect(authUserSchema.parse(await res.json()).preferredAccountType).toBe('eoa')
    const smart = await stamped(app, session, 'POST', '/v1/auth/preferred-account', { type: 'smartAccount' }, clock)
    expect(smart.status).toBe(400)
    expect(await errorOf(smart)).toBe('Falling back to EOA: Smart accounts are not available on this server')
    const user = await stamped(app, session, 'GET', '/v1/auth/user', undefined, clock)
    expect(authUserSchema.parse(await user.json()).preferredAccountType).toBe('eoa')
    const bad = await stamped(app, session, 'POST', '/v1/auth/preferred-account', { type: 'safe' }, clock)
    expect(bad.status).toBe(400)
  })

  it('a signed-out session signs nothing more', async () => {
    const session = await login(app, mailbox, 'signout@example.com', 'device-signout-001', ip())
    const sign = () =>
      stamped(
        app,
        session,
        'POST',
        '/v1/auth/rpc',
        { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['hi', session.user.evmAddress] },
        clock,
      )
    expect((await sign()).status).toBe(200)
    const out = await stamped(app, session, 'POST', '/v1/auth/sign-out', {}, clock)
    expect(out.status).toBe(200)
    expect(await out.json()).toEqual({})
    const after = await sign()
    expect(after.status).toBe(401)
    expect(await errorOf(after)).toBe(AUTH_ERRORS.unauthorized)
  })

  it('an expired session is refused', async () => {
    const session = await login(app, mailbox, 'expired-session@example.com', 'device-expired-0001', ip())
    clock += 7 * 24 * 3600_000
    expect((await stamped(app, session, 'GET', '/v1/auth/user', undefined, clock)).status).toBe(401)
  })
})

describe('signing', () => {
  let session: Awaited<ReturnType<typeof login>>
  beforeAll(async () => {
    session = await login(app, mailbox, 'signer@example.com', 'device-signer-00001', ip())
  })
  const rpc = (method: string, params: unknown[], extra: Record<string, unknown> = {}) =>
    stamped(
      app,
      session,
      'POST',
      '/v1/auth/rpc',
      { namespace: method.startsWith('solana_') ? 'solana' : 'eip155', chainId: 31337, method, params, ...extra },
      clock,
    )
  const result = async (res: Response) => {
    const body = (await res.json()) as { result?: unknown; error?: string }
    if (res.status !== 200) throw new Error(`${res.status} ${body.error}`)
    return body.result
  }

  it('personal_sign: a UTF-8 and a hex message, verified against the address', async () => {
    const address = session.user.evmAddress as Hex
    const text = await result(await rpc('personal_sign', ['Hello from Portico', address]))
    expect(await verifyMessage({ address, message: 'Hello from Portico', signature: text as Hex })).toBe(true)
    const hex = await result(await rpc('personal_sign', ['0xdeadbeef', address.toLowerCase()]))
    expect(await verifyMessage({ address, message: { raw: '0xdeadbeef' }, signature: hex as Hex })).toBe(true)
  })

  it('eth_signTypedData_v4 verified against the address', async () => {
    const address = session.user.evmAddress as Hex
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB', contents: 'Hello, Bob!' },
    } as const
    const signature = await result(await rpc('eth_signTypedData_v4', [address, JSON.stringify(typed)]))
    const { EIP712Domain: _d, ...types } = typed.types
    expect(
      await verifyTypedData({
        address,
        domain: typed.domain,
        types,
        primaryType: 'Mail',
        message: typed.message,
        signature: signature as Hex,
      }),
    ).toBe(true)
    const bad = await rpc('eth_signTypedData_v4', [address, '{"types":{},"primaryType":"Nope","message":{}}'])
    expect(bad.status).toBe(400)
  })

  it('solana_signMessage verified with ed25519 against the Solana address', async () => {
    const message = Buffer.from('Sign in to Portico')
    const out = (await result(await rpc('solana_signMessage', [{ message: message.toString('base64') }]))) as { signature: string }
    const signature = Buffer.from(getBase58Encoder().encode(out.signature))
    expect(signature.length).toBe(64)
    const raw = Buffer.from(getBase58Encoder().encode(session.user.solanaAddress))
    const publicKey = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
      format: 'der',
      type: 'spki',
    })
    expect(verifyEd25519(null, message, publicKey, signature)).toBe(true)
    expect(verifyEd25519(null, Buffer.from('something else'), publicKey, signature)).toBe(false)
  })

  it('refuses methods outside the list and addresses that are not the user’s', async () => {
    for (const method of ['eth_sign', 'eth_signTransaction', 'wallet_addEthereumChain', 'eth_accounts', '__proto__']) {
      const res = await rpc(method, [])
      expect(res.status, method).toBe(400)
      expect(await errorOf(res)).toBe(AUTH_ERRORS.rpcNotAllowed)
    }
    const other = await rpc('personal_sign', ['hi', `0x${'1'.repeat(40)}`])
    expect(other.status).toBe(400)
    expect(await errorOf(other)).toBe('The address is not the signed-in account')
    expect((await rpc('personal_sign', ['hi'])).status).toBe(400)
    expect((await rpc('eth_sendTransaction', [{ to: 'nope' }])).status).toBe(400)
    expect((await rpc('eth_sendTransaction', [{ to: `0x${'2'.repeat(40)}` }], { chainId: 1 })).status).toBe(400)
    expect((await rpc('solana_signMessage', [{ message: '***' }])).status).toBe(400)
    expect((await rpc('solana_signTransaction', [{ transaction: 'AAAA' }])).status).toBe(400)
  })
})

describe('update email', () => {
  it('primary code to the current address, secondary to the new one, then the email changes', async () => {
    const headers = ip()
    const session = await login(app, mailbox, 'old@example.com', 'device-update-00001', headers)
    clock += OTP_RESEND_COOLDOWN_MS
    const start = await stamped(app, session, 'POST', '/v1/auth/email/update', { email: 'New@Example.com' }, clock)
    expect(await start.json()).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primaryCode = mailbox.lastCode('old@example.com')
    expect(mailbox.sent.some((m) => m.to === 'new@example.com')).toBe(false)

    const wrongPrimary = await stamped(
      app,
      session,
      'POST',
      '/v1/auth/email/update/primary',
      { otp: primaryCode === '000000' ? '111111' : '000000' },
      clock,
    )
    expect(await errorOf(wrongPrimary)).toBe(AUTH_ERRORS.invalidOtp)
    const early = await stamped(app, session, 'POST', '/v1/auth/email/update/secondary', { otp: primaryCode }, clock)
    expect(early.status).toBe(400)

    const primary = await stamped(app, session, 'POST', '/v1/auth/email/update/primary', { otp: primaryCode }, clock)
    expect(await primary.json()).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondaryCode = mailbox.lastCode('new@example.com')
    const done = await stamped(app, session, 'POST', '/v1/auth/email/update/secondary', { otp: secondaryCode }, clock)
    expect(done.status).toBe(200)
    expect(await done.json()).toEqual({ newEmail: 'new@example.com' })

    const me = authUserSchema.parse(await (await stamped(app, session, 'GET', '/v1/auth/user', undefined, clock)).json())
    expect(me.email).toBe('new@example.com')
    expect(me.userId).toBe(session.user.userId)
  })

  it('an address another user has is refused', async () => {
    await login(app, mailbox, 'taken@example.com', 'device-taken-000001', ip())
    const session = await login(app, mailbox, 'wants@example.com', 'device-wants-000001', ip())
    const res = await stamped(app, session, 'POST', '/v1/auth/email/update', { email: 'taken@example.com' }, clock)
    expect(res.status).toBe(409)
  })
})

describe('notices: a new session and an email change are mailed, with a revocation page', () => {
  const rpcCall = (session: Session) =>
    stamped(
      app,
      session,
      'POST',
      '/v1/auth/rpc',
      { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['still here?', session.user.evmAddress] },
      clock,
    )

  it('a new session mails the user (site, browser, time); the link shows a page, its button revokes that session once', async () => {
    const email = 'notice@example.com'
    const headers = { ...ip(), 'user-agent': CHROME_LINUX }
    const started = clock
    const key = await frameKey()
    await post(
      app,
      '/v1/auth/email/connect',
      { email, deviceId: 'device-notice-00001', sessionKeyHash: key.keyHash, hostOrigin: 'https://shop.example' },
      headers,
    )
    expect((await approveByPage(app, mailbox.lastLink(email))).status).toBe(200)
    await post(app, '/v1/auth/email/device', { email, deviceId: 'device-notice-00001', sessionKeyHash: key.keyHash }, headers)
    const otp = await loginPost(
      app,
      '/v1/auth/email/otp',
      { email, deviceId: 'device-notice-00001', otp: mailbox.lastCode(email), sessionPublicKey: key.publicKey },
      key,
      headers,
      clock,
    )
    const body = (await otp.json()) as { sessionId: string; user: Session['user'] }
    const session: Session = { sessionId: body.sessionId, key, user: body.user }

    expect(mailbox.notices(email)).toHaveLength(1)
    const notice = mailbox.lastNotice(email)
    expect(notice.subject).toBe('New sign-in to your Portico wallet')
    expect(notice.text).toContain(
      `Site: https://shop.example\nBrowser: Chrome on Linux\nTime: ${new Date(started).toISOString().slice(0, 16).replace('T', ' ')} UTC\n`,
    )
    const raw = /(\S*\/v1\/auth\/sessions\/revoke\?token=[A-Za-z0-9_-]{43})/.exec(notice.text)?.[1] as string
    expect(notice.html).toContain(`<a href="${raw}">Sign this session out</a>`)
    const link = new URL(raw, 'http://localhost')

    // Opening the link shows the page and revokes nothing.
    const shown = await app.request(`${link.pathname}${link.search}`)
    expect(shown.status).toBe(200)
    const html = await shown.text()
    expect(html).toContain('<title>Sign this session out?</title>')
    expect(html).toContain('>Sign out</button>')
    expect((await rpcCall(session)).status).toBe(200)

    // The button revokes it, once.
    const revoked = await approveByPage(app, link.href)
    expect(revoked.status).toBe(200)
    expect(await revoked.text()).toContain('1 session was signed out.')
    expect((await rpcCall(session)).status).toBe(401)
    const again = await app.request(link.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${link.searchParams.get('token')}`,
    })
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('This link can not be used')
    // Another site's form is refused.
    const crossSite = await app.request(link.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: `token=${link.searchParams.get('token')}`,
    })
    expect(crossSite.status).toBe(400)
  })

  it('notices do not count against the mail limits: five sign-ins in an hour get their five codes and five notices', async () => {
    const email = 'budget@example.com'
    const deviceId = 'device-budget-00001'
    const headers = ip()
    await login(app, mailbox, email, deviceId, headers)
    for (let i = 0; i < 4; i++) {
      clock += OTP_RESEND_COOLDOWN_MS
      const key = await frameKey()
      const connect = await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: key.keyHash }, headers)
      expect(connect.status, `login ${i + 2}`).toBe(200)
      const otp = await loginPost(
        app,
        '/v1/auth/email/otp',
        { email, deviceId, otp: mailbox.lastCode(email), sessionPublicKey: key.publicKey },
        key,
        headers,
        clock,
      )
      expect(otp.status).toBe(200)
    }
    expect(mailbox.notices(email)).toHaveLength(5)
    expect(mailbox.sent.filter((m) => m.to === email && m.subject.startsWith('Your Portico code'))).toHaveLength(5)
    const { rows } = await db.query<{ kind: string }>('SELECT kind FROM portico_auth.mail_log WHERE email = $1 ORDER BY id', [email])
    expect(rows.map((r) => r.kind)).toEqual(['device', 'code', 'code', 'code', 'code', 'code'])
  })

  it('an email change mails both addresses: the old one can sign out every session, the new one every other session', async () => {
    const headers = ip()
    const s1 = await login(app, mailbox, 'change-old@example.com', 'device-change-00001', headers)
    clock += OTP_RESEND_COOLDOWN_MS
    const s2 = await login(app, mailbox, 'change-old@example.com', 'device-change-00002', headers)
    clock += OTP_RESEND_COOLDOWN_MS
    await stamped(app, s1, 'POST', '/v1/auth/email/update', { email: 'change-new@example.com' }, clock)
    await stamped(app, s1, 'POST', '/v1/auth/email/update/primary', { otp: mailbox.lastCode('change-old@example.com') }, clock)
    const done = await stamped(
      app,
      s1,
      'POST',
      '/v1/auth/email/update/secondary',
      { otp: mailbox.lastCode('change-new@example.com') },
      clock,
    )
    expect(await done.json()).toEqual({ newEmail: 'change-new@example.com' })

    const toOld = mailbox.lastNotice('change-old@example.com')
    const toNew = mailbox.lastNotice('change-new@example.com')
    for (const mail of [toOld, toNew]) {
      expect(mail.subject).toBe('The email of your Portico wallet was changed')
      expect(mail.text).toContain('changed from change-old@example.com to change-new@example.com.')
    }
    const linkOf = (text: string) =>
      new URL(/(\S*\/v1\/auth\/sessions\/revoke\?token=[A-Za-z0-9_-]{43})/.exec(text)?.[1] as string, 'http://localhost')
    expect(toOld.html).toContain('>Sign out every session</a>')
    expect(toNew.html).toContain('>Sign out every other session</a>')

    // The new address: every session but the one that made the change.
    const fromNew = linkOf(toNew.text)
    expect(await (await app.request(`${fromNew.pathname}${fromNew.search}`)).text()).toContain(
      '<title>Sign out every other session?</title>',
    )
    expect((await rpcCall(s2)).status).toBe(200)
    const others = await approveByPage(app, fromNew.href)
    expect(await others.text()).toContain('1 session was signed out.')
    expect((await rpcCall(s2)).status).toBe(401)
    expect((await rpcCall(s1)).status).toBe(200)

    // The old address: every session.
    const fromOld = linkOf(toOld.text)
    expect(await (await app.request(`${fromOld.pathname}${fromOld.search}`)).text()).toContain('<title>Sign out every session?</title>')
    const all = await approveByPage(app, fromOld.href)
    expect(await all.text()).toContain('1 session was signed out.')
    expect((await rpcCall(s1)).status).toBe(401)
  })
})

describe('CORS', () => {
  it('the auth routes answer the frame origin only, with the stamp headers allowed', async () => {
    const preflight = (origin: string, path: string) =>
      app.request(path, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-portico-stamp' },
      })
    const frame = await preflight(FRAME_ORIGIN, '/v1/auth/rpc')
    expect(frame.headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
    expect(
      frame.headers
        .get('access-control-allow-headers')
        ?.split(',')
        .map((h) => h.trim()),
    ).toEqual(expect.arrayContaining(['content-type', 'x-portico-session', 'x-portico-timestamp', 'x-portico-stamp']))
    expect((await preflight('http://127.0.0.1:5173', '/v1/auth/rpc')).headers.get('access-control-allow-origin')).toBeNull()
    // A real answer names the frame origin and lets it read retry-after (the resend cooldown).
    const answer = await post(app, '/v1/auth/email/connect', { email: 'bad' }, { origin: FRAME_ORIGIN })
    expect(answer.headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
    expect(answer.headers.get('access-control-expose-headers')).toBe('retry-after')
    const fromHost = await post(app, '/v1/auth/email/connect', { email: 'bad' }, { origin: 'http://127.0.0.1:5173' })
    expect(fromHost.headers.get('access-control-allow-origin')).toBeNull()
    expect((await preflight('http://127.0.0.1:5173', '/v1/sessions/abc/revoke')).headers.get('access-control-allow-origin')).toBeNull()
    // The app's own routes keep the app's origins.
    const chains = await app.request('/v1/supported-chains', { headers: { origin: 'http://127.0.0.1:5173' } })
    expect(chains.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
  })

  it('without an auth config the routes do not exist', async () => {
    const plain = await openTestApp()
    try {
      expect(
        (
          await post(plain.app, '/v1/auth/email/connect', {
            email: 'a@example.com',
            deviceId: 'device-000000000001',
            sessionKeyHash: K.keyHash,
          })
        ).status,
      ).toBe(404)
      expect((await plain.app.request('/v1/sessions/abcdefabcdefabcdef')).status).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
