/**
 * The device-approval wait of the email login (issue 24 §2): one POST /v1/auth/email/device waits a
 * bounded time and answers pending, the frame asks again; approval is seen by the next ask; the wait
 * ends with 408 DEVICE_WAIT_MS after the approval mail; an instance holds a bounded number of asks.
 * The service runs on a fake clock whose pauses advance it: no assertion depends on real time.
 */
import { AUTH_ERRORS } from '@portico/protocol/auth'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../db/types.ts'
import { openTestApp, openTestDatabase } from '../test-support.ts'
import { AuthError } from './errors.ts'
import { createAuthService, DEVICE_WAITS_RETRY_S, DRAINING_RETRY_S } from './service.ts'
import { approveByPage, FRAME_ORIGIN, frameKey, memoryMailbox, post, TEST_KEK } from './test-support.ts'

const T0 = Date.parse('2031-05-06T07:08:09.000Z')
const ASK_MS = 1_000
const POLL_MS = 250
const WAIT_MS = 5_000
const CAP = 2

let db: Database
let clock = T0
/** Every pause the service took (ms), in order. */
let pauses: number[] = []
/** Run at each pause (after the clock moved): e.g. the user approves meanwhile. */
let onPause: ((index: number) => Promise<void>) | undefined
/** Pauses that wait for the test (the cap's test) instead of returning at once. */
let held: (() => void)[] | undefined
let draining = false
const mailbox = memoryMailbox()
let service: ReturnType<typeof createAuthService>

beforeAll(async () => {
  db = await openTestDatabase()
  service = createAuthService({
    db,
    kek: TEST_KEK,
    mail: mailbox,
    linkUrl: (path) => `http://api.test${path}`,
    chains: [],
    now: () => clock,
    deviceWaitMs: WAIT_MS,
    deviceAskMs: ASK_MS,
    devicePollMs: POLL_MS,
    maxDeviceWaits: CAP,
    draining: () => draining,
    sleep: async (ms) => {
      if (held) return new Promise<void>((resolve) => held?.push(resolve))
      clock += ms
      pauses.push(ms)
      await onPause?.(pauses.length)
    },
  })
})
afterAll(async () => {
  await db?.close()
})
beforeEach(() => {
  pauses = []
  onPause = undefined
  held = undefined
  draining = false
})

let devices = 0
/** A login start for a new device (the approval link mailed): what the asks need. */
async function start(email: string) {
  const key = await frameKey()
  const deviceId = `device-wait-${String(++devices).padStart(8, '0')}`
  expect(await service.connect({ email, deviceId, sessionKeyHash: key.keyHash }, undefined)).toEqual({ action: 'VERIFY_DEVICE' })
  const token = new URL(mailbox.lastLink(email)).searchParams.get('token') as string
  return { input: { email, deviceId, sessionKeyHash: key.keyHash }, approve: () => service.approve(token) }
}

describe('POST /v1/auth/email/device: one bounded ask at a time', () => {
  it('an ask for a device not approved yet answers pending after 1 s of pauses (4 looks of 250 ms), and mails nothing', async () => {
    const login = await start('pending@example.com')
    const mails = mailbox.sent.length
    const before = clock
    expect(await service.device(login.input, undefined)).toEqual({ state: 'pending' })
    expect(pauses).toEqual([250, 250, 250, 250])
    expect(clock - before).toBe(ASK_MS)
    expect(mailbox.sent.length).toBe(mails)
  })

  it('an approval between two asks is seen by the next ask: VERIFY_OTP at once, and the code is mailed', async () => {
    const login = await start('between@example.com')
    expect(await service.device(login.input, undefined)).toEqual({ state: 'pending' })
    expect(await login.approve()).toBe(true)
    pauses = []
    expect(await service.device(login.input, undefined)).toEqual({ action: 'VERIFY_OTP' })
    expect(pauses).toEqual([])
    expect(mailbox.last('between@example.com').subject).toMatch(/^Your Portico code: \d{6}$/)
  })

  it('an approval during an ask (after its 2nd look) ends that ask with VERIFY_OTP after 500 ms', async () => {
    const login = await start('during@example.com')
    onPause = async (index) => {
      if (index === 2) await login.approve()
    }
    expect(await service.device(login.input, undefined)).toEqual({ action: 'VERIFY_OTP' })
    expect(pauses).toEqual([250, 250])
  })

  it('the wait ends 5 s (deviceWaitMs) after the approval mail: four asks pending, the fifth 408, later ones 408 at once', async () => {
    const login = await start('late@example.com')
    const mailed = clock
    for (let i = 0; i < 4; i++) expect(await service.device(login.input, undefined)).toEqual({ state: 'pending' })
    expect(clock - mailed).toBe(4_000)
    await expect(service.device(login.input, undefined)).rejects.toMatchObject({ status: 408, message: AUTH_ERRORS.deviceNotApproved })
    expect(clock - mailed).toBe(WAIT_MS)
    pauses = []
    await expect(service.device(login.input, undefined)).rejects.toMatchObject({ status: 408, message: AUTH_ERRORS.deviceNotApproved })
    expect(pauses).toEqual([])
    // Approved after the wait: the next login start of this device gets its code straight away.
    expect(await login.approve()).toBe(true)
  })

  it('a draining instance ends an ask with 503 and Retry-After: 1, at once or at the next look (a shutdown waits for no ask)', async () => {
    const login = await start('draining@example.com')
    const restarting = { status: 503, message: AUTH_ERRORS.restarting, headers: { 'retry-after': String(DRAINING_RETRY_S) } }
    draining = true
    await expect(service.device(login.input, undefined)).rejects.toMatchObject(restarting)
    expect(pauses).toEqual([])
    draining = false
    onPause = async (index) => {
      if (index === 2) draining = true
    }
    await expect(service.device(login.input, undefined)).rejects.toMatchObject(restarting)
    expect(pauses).toEqual([250, 250])
    expect(service.deviceWaits()).toBe(0)
  })

  it('a device that never started a login is a 400, whatever the cap', async () => {
    const ask = service.device({ email: 'nobody@example.com', deviceId: 'device-wait-nobody00', sessionKeyHash: 'A'.repeat(43) }, undefined)
    await expect(ask).rejects.toMatchObject({ status: 400 })
  })

  it('the cap (2 here) refuses the 3rd concurrent ask with 503 and Retry-After; once one ends, an ask is taken again', async () => {
    const logins = await Promise.all(['cap-1@example.com', 'cap-2@example.com', 'cap-3@example.com'].map(start))
    held = []
    const waiting = logins.slice(0, 2).map((login) => service.device(login.input, undefined))
    while (held.length < 2) await new Promise((resolve) => setImmediate(resolve))
    expect(service.deviceWaits()).toBe(2)
    const refused = await service.device(logins[2]!.input, undefined).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AuthError)
    expect(refused).toMatchObject({
      status: 503,
      message: AUTH_ERRORS.deviceWaitsFull,
      headers: { 'retry-after': String(DEVICE_WAITS_RETRY_S) },
    })
    // The two held asks go on: the first device is approved meanwhile.
    expect(await logins[0]!.approve()).toBe(true)
    const release = held
    held = undefined
    for (const resolve of release) resolve()
    expect(await Promise.all(waiting)).toEqual([{ action: 'VERIFY_OTP' }, { state: 'pending' }])
    expect(service.deviceWaits()).toBe(0)
    expect(await service.device(logins[2]!.input, undefined)).toEqual({ state: 'pending' })
  })
})

describe('the route', () => {
  it('the cap (1 here): of two concurrent asks one gets 503 with Retry-After: 2 and its text at once (never a 500), the other 200 once approved', async () => {
    const t = await openTestApp({
      auth: { kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], deviceAskMs: 25_000, devicePollMs: 20, maxDeviceWaits: 1 },
    })
    try {
      const key = await frameKey()
      const email = 'route-cap@example.com'
      const deviceId = 'device-wait-route-001'
      const body = { email, deviceId, sessionKeyHash: key.keyHash }
      expect((await post(t.app, '/v1/auth/email/connect', body)).status).toBe(200)
      // Two asks at once with a cap of 1: whichever comes second is refused at once.
      const asks = [post(t.app, '/v1/auth/email/device', body), post(t.app, '/v1/auth/email/device', body)]
      const refused = await Promise.race(asks)
      expect(refused.status).toBe(503)
      expect(refused.headers.get('retry-after')).toBe('2')
      expect(await refused.json()).toEqual({ error: 'Too many sign-ins are waiting for approval. Try again in a few seconds.' })
      expect((await approveByPage(t.app, mailbox.lastLink(email))).status).toBe(200)
      const statuses = (await Promise.all(asks)).map((res) => res.status).sort()
      expect(statuses).toEqual([200, 503])
      expect(t.reported).toEqual([])
    } finally {
      await t.close()
    }
  })

  it('answers 202 {state: pending} when one ask is over and the device is not approved', async () => {
    const t = await openTestApp({
      auth: { kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], deviceAskMs: 40, devicePollMs: 20 },
    })
    try {
      const key = await frameKey()
      const body = { email: 'route-pending@example.com', deviceId: 'device-wait-route-002', sessionKeyHash: key.keyHash }
      expect((await post(t.app, '/v1/auth/email/connect', body)).status).toBe(200)
      const res = await post(t.app, '/v1/auth/email/device', body)
      expect(res.status).toBe(202)
      expect(await res.json()).toEqual({ state: 'pending' })
    } finally {
      await t.close()
    }
  })
})
