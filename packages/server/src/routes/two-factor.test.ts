import { AUTH_ERRORS } from '@portico/protocol/auth'
import { STEP_UP_TTL_MS, TOTP_LOCK_MS, totpEnrollResponseSchema, twoFactorStatusSchema } from '@portico/protocol/two-factor'
import { Secret, TOTP, URI } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { deriveSecrets, parseKek } from '../auth/crypto.ts'
import { FRAME_ORIGIN, login as loginAt, memoryMailbox, stamped, TEST_KEK, type Session } from '../auth/test-support.ts'
import { createTwoFactor } from '../auth/two-factor.ts'
import type { Database } from '../db/types.ts'
import { openTestApp, type TestApp } from '../test-support.ts'

// On a 30 s step boundary, so that "the next step" is exactly +30 s.
const T0 = Date.parse('2031-03-04T05:06:00.000Z')
let clock = T0
const mailbox = memoryMailbox()
let app: TestApp
let db: Database
let close: () => Promise<void>
let seq = 0

beforeAll(async () => {
  const t = await openTestApp({
    auth: {
      kek: TEST_KEK,
      mail: mailbox,
      frameOrigins: [FRAME_ORIGIN],
      now: () => clock,
      deviceWaitMs: 600,
      devicePollMs: 20,
      clientIp: (c) => c.req.header('x-test-ip'),
    },
  })
  app = t.app
  db = t.db
  close = t.close
})
afterAll(async () => {
  await close?.()
})

/** A new user, signed in (each test its own, and its own client IP for the mail limits). */
async function newUser(): Promise<Session & { email: string }> {
  const n = ++seq
  const email = `totp-${n}@example.com`
  const session = await loginAt(app, mailbox, email, `device-totp-${String(n).padStart(8, '0')}`, { 'x-test-ip': `10.2.0.${n}` }, clock)
  return { ...session, email }
}

const errorOf = async (res: Response) => z.object({ error: z.string() }).parse(await res.json()).error
const statusOf = async (res: Response) => twoFactorStatusSchema.parse(await res.json())
const call = (s: Session, path: string, body?: unknown) =>
  body === undefined ? stamped(app, s, 'GET', path, undefined, clock) : stamped(app, s, 'POST', path, body, clock)

/** The code an authenticator app shows at `time` for `secret` (base32): otpauth, not a fake. */
const codeAt = (secret: string, time: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6, timestamp: time })

/** Enroll and confirm TOTP for `s`; the base32 secret. */
async function turnOn(s: Session): Promise<string> {
  const { secret } = totpEnrollResponseSchema.parse(await (await call(s, '/v1/auth/2fa/totp/enroll', {})).json())
  const res = await call(s, '/v1/auth/2fa/totp/confirm', { code: codeAt(secret, clock) })
  expect(res.status).toBe(200)
  return secret
}

describe('TOTP second factor', () => {
  it('enrolls a pending secret (otpauth URI, base32, sealed at rest), confirmed by its first valid code, which steps the session up', async () => {
    clock = T0
    const s = await newUser()
    expect(await statusOf(await call(s, '/v1/auth/2fa'))).toEqual({ totp: 'off', passkey: false, stepUpUntil: null })

    const enrolled = await call(s, '/v1/auth/2fa/totp/enroll', {})
    expect(enrolled.status).toBe(200)
    const { uri, secret } = totpEnrollResponseSchema.parse(await enrolled.json())
    expect(secret).toMatch(/^[A-Z2-7]{32}$/) // 160 bits
    const parsed = URI.parse(uri)
    expect(parsed).toBeInstanceOf(TOTP)
    expect(parsed).toMatchObject({ issuer: 'Portico', label: s.email, digits: 6, period: 30, algorithm: 'SHA1' })
    expect(parsed.secret.base32).toBe(secret)
    expect(await statusOf(await call(s, '/v1/auth/2fa'))).toEqual({ totp: 'pending', passkey: false, stepUpUntil: null })

    // At rest: sealed (v1.<iv>.<ciphertext>), no form of the secret in the row.
    const { rows } = await db.query<{ sealed_secret: string }>('SELECT sealed_secret FROM portico_auth.totp WHERE user_id = $1', [
      s.user.userId,
    ])
    const sealed = rows[0]?.sealed_secret ?? ''
    expect(sealed).toMatch(/^v1\./)
    const bytes = Buffer.from(Secret.fromBase32(secret).bytes)
    for (const form of [secret, bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')])
      expect(sealed).not.toContain(form)

    // A verify before the confirmation: not set up yet.
    const early = await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock) })
    expect([early.status, await errorOf(early)]).toEqual([400, AUTH_ERRORS.totpNotEnrolled])

    const wrong = await call(s, '/v1/auth/2fa/totp/confirm', { code: codeAt(secret, clock) === '000000' ? '111111' : '000000' })
    expect([wrong.status, await errorOf(wrong)]).toEqual([400, AUTH_ERRORS.totpInvalid])

    const confirmed = await call(s, '/v1/auth/2fa/totp/confirm', { code: codeAt(secret, clock) })
    expect(confirmed.status).toBe(200)
    expect(await statusOf(confirmed)).toEqual({ totp: 'on', passkey: false, stepUpUntil: new Date(clock + STEP_UP_TTL_MS).toISOString() })

    // Confirmed: a second enroll is refused and keeps the secret.
    const again = await call(s, '/v1/auth/2fa/totp/enroll', {})
    expect([again.status, await errorOf(again)]).toEqual([409, AUTH_ERRORS.totpAlreadyOn])
    clock += 30_000
    expect((await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock) })).status).toBe(200)
  })

  it('a new enroll while pending replaces the secret: the old one no longer confirms', async () => {
    clock = T0
    const s = await newUser()
    const first = totpEnrollResponseSchema.parse(await (await call(s, '/v1/auth/2fa/totp/enroll', {})).json())
    const second = totpEnrollResponseSchema.parse(await (await call(s, '/v1/auth/2fa/totp/enroll', {})).json())
    expect(second.secret).not.toBe(first.secret)
    const old = await call(s, '/v1/auth/2fa/totp/confirm', { code: codeAt(first.secret, clock) })
    // (one chance in a million that both secrets give the same code at this time)
    expect([old.status, await errorOf(old)]).toEqual([400, AUTH_ERRORS.totpInvalid])
    expect((await call(s, '/v1/auth/2fa/totp/confirm', { code: codeAt(second.secret, clock) })).status).toBe(200)
  })

  it('accepts the codes of the step before and after, not two steps off', async () => {
    clock = T0
    const s = await newUser()
    const secret = await turnOn(s) // used the step of T0
    clock = T0 + 5 * 60_000
    const twoBefore = await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock - 60_000) })
    expect([twoBefore.status, await errorOf(twoBefore)]).toEqual([400, AUTH_ERRORS.totpInvalid])
    const twoAfter = await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock + 60_000) })
    expect([twoAfter.status, await errorOf(twoAfter)]).toEqual([400, AUTH_ERRORS.totpInvalid])
    expect((await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock - 30_000) })).status).toBe(200)
    expect((await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock + 30_000) })).status).toBe(200)
  })

  it('takes each code once: the same code again, or a code of an earlier step, is refused; the next step works', async () => {
    clock = T0
    const s = await newUser()
    const secret = await turnOn(s)
    clock = T0 + 10 * 60_000
    const code = codeAt(secret, clock)
    expect((await call(s, '/v1/auth/2fa/totp/verify', { code })).status).toBe(200)
    const replay = await call(s, '/v1/auth/2fa/totp/verify', { code })
    expect([replay.status, await errorOf(replay)]).toEqual([400, AUTH_ERRORS.totpReplayed])
    // The step before is inside the window, but older than the one used.
    const older = await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock - 30_000) })
    expect([older.status, await errorOf(older)]).toEqual([400, AUTH_ERRORS.totpReplayed])
    // 10 s later the same code is still in the window: still refused.
    clock += 10_000
    const later = await call(s, '/v1/auth/2fa/totp/verify', { code })
    expect([later.status, await errorOf(later)]).toEqual([400, AUTH_ERRORS.totpReplayed])
    // Replays are not counted as wrong codes: five more wrong ones are needed for the lock (checked below).
    clock = T0 + 10 * 60_000 + 30_000
    expect((await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock) })).status).toBe(200)
  })

  it('locks after 5 wrong codes for 15 minutes (429 with retry-after), even for the right code; then takes it', async () => {
    clock = T0
    const s = await newUser()
    const secret = await turnOn(s)
    clock = T0 + 60_000
    const right = codeAt(secret, clock)
    const wrongCode = right === '000000' ? '111111' : '000000'
    const answers: [number, string][] = []
    for (let i = 0; i < 5; i++) {
      const res = await call(s, '/v1/auth/2fa/totp/verify', { code: wrongCode })
      answers.push([res.status, await errorOf(res)])
    }
    expect(answers).toEqual([
      [400, AUTH_ERRORS.totpInvalid],
      [400, AUTH_ERRORS.totpInvalid],
      [400, AUTH_ERRORS.totpInvalid],
      [400, AUTH_ERRORS.totpInvalid],
      [429, AUTH_ERRORS.totpTooManyAttempts],
    ])
    const locked = await call(s, '/v1/auth/2fa/totp/verify', { code: right })
    expect([locked.status, await errorOf(locked), locked.headers.get('retry-after')]).toEqual([
      429,
      AUTH_ERRORS.totpTooManyAttempts,
      String(TOTP_LOCK_MS / 1000),
    ])
    // Removing is locked too.
    expect((await call(s, '/v1/auth/2fa/totp/remove', { code: right })).status).toBe(429)
    clock = T0 + 60_000 + TOTP_LOCK_MS - 1000
    const stillLocked = await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock) })
    expect([stillLocked.status, stillLocked.headers.get('retry-after')]).toEqual([429, '1'])
    clock = T0 + 60_000 + TOTP_LOCK_MS
    expect((await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock) })).status).toBe(200)
    // The count starts again from zero.
    const again = await call(s, '/v1/auth/2fa/totp/verify', { code: wrongCode === codeAt(secret, clock) ? '222222' : wrongCode })
    expect([again.status, await errorOf(again)]).toEqual([400, AUTH_ERRORS.totpInvalid])
  })

  it('removal needs a valid code', async () => {
    clock = T0
    const s = await newUser()
    const secret = await turnOn(s)
    clock = T0 + 30_000
    const right = codeAt(secret, clock)
    const wrong = await call(s, '/v1/auth/2fa/totp/remove', { code: right === '000000' ? '111111' : '000000' })
    expect([wrong.status, await errorOf(wrong)]).toEqual([400, AUTH_ERRORS.totpInvalid])
    expect((await statusOf(await call(s, '/v1/auth/2fa'))).totp).toBe('on')
    const removed = await call(s, '/v1/auth/2fa/totp/remove', { code: right })
    expect(removed.status).toBe(200)
    expect((await statusOf(removed)).totp).toBe('off')
    const { rows } = await db.query('SELECT 1 FROM portico_auth.totp WHERE user_id = $1', [s.user.userId])
    expect(rows).toEqual([])
    const none = await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock + 30_000) })
    expect([none.status, await errorOf(none)]).toEqual([400, AUTH_ERRORS.totpNotEnrolled])
  })

  it('the step-up is for this session only and lasts 5 minutes', async () => {
    clock = T0
    const s = await newUser()
    const secret = await turnOn(s)
    const twoFactor = createTwoFactor({ db, keyEncryption: deriveSecrets(parseKek(TEST_KEK)).keyEncryption, now: () => clock })
    await expect(twoFactor.requireStepUp({ sessionId: s.sessionId })).resolves.toBeUndefined()
    // Another session of the same user (a second device; a minute later: the mails' cooldown) is not stepped up.
    clock = T0 + 60_000
    const other = await loginAt(app, mailbox, s.email, 'device-totp-other-0001', { 'x-test-ip': '10.2.1.1' }, clock)
    expect(other.user.userId).toBe(s.user.userId)
    await expect(twoFactor.requireStepUp({ sessionId: other.sessionId })).rejects.toMatchObject({
      status: 403,
      message: AUTH_ERRORS.stepUpRequired,
    })
    expect((await statusOf(await call(other, '/v1/auth/2fa'))).stepUpUntil).toBeNull()
    clock = T0 + STEP_UP_TTL_MS - 1
    await expect(twoFactor.requireStepUp({ sessionId: s.sessionId })).resolves.toBeUndefined()
    clock = T0 + STEP_UP_TTL_MS
    await expect(twoFactor.requireStepUp({ sessionId: s.sessionId })).rejects.toMatchObject({ status: 403 })
    expect(await statusOf(await call(s, '/v1/auth/2fa'))).toEqual({ totp: 'on', passkey: false, stepUpUntil: null })
    // A new code steps it up again.
    expect((await call(s, '/v1/auth/2fa/totp/verify', { code: codeAt(secret, clock) })).status).toBe(200)
    await expect(twoFactor.requireStepUp({ sessionId: s.sessionId })).resolves.toBeUndefined()
  })

  it('answers only stamped requests, and checks the body at the edge', async () => {
    clock = T0
    const s = await newUser()
    const bare = await app.request('/v1/auth/2fa/totp/enroll', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect([bare.status, await errorOf(bare)]).toEqual([401, AUTH_ERRORS.unauthorized])
    expect((await app.request('/v1/auth/2fa')).status).toBe(401)
    const short = await call(s, '/v1/auth/2fa/totp/verify', { code: '12345' })
    expect([short.status, await errorOf(short)]).toEqual([400, 'code: The code is 6 digits'])
    const letters = await call(s, '/v1/auth/2fa/totp/confirm', { code: 'abcdef' })
    expect(letters.status).toBe(400)
  })
})
