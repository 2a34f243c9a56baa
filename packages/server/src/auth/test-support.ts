/**
 * Shared by the auth tests (not part of the package's API): an in-memory mailbox (a MailProvider
 * fake at the boundary), the frame's side of a session (a WebCrypto P-256 key that stamps
 * requests), and a full email login.
 */
import { webcrypto } from 'node:crypto'
import { p256 } from '@noble/curves/p256'
import { otpResponseSchema, sessionKeyHashOf, stampPayload, STAMP_HEADERS } from '@portico/protocol/auth'
import { expect } from 'vitest'
import type { z } from 'zod'
import type { TestApp } from '../test-support.ts'
import { NOTICE_SUBJECTS, type MailMessage, type MailProvider } from './mail.ts'

export const TEST_KEK = Buffer.alloc(32, 7).toString('base64')
export const FRAME_ORIGIN = 'http://127.0.0.1:5174'

export function memoryMailbox(): MailProvider & {
  sent: MailMessage[]
  last(to?: string): MailMessage
  lastCode(to?: string): string
  lastLink(to?: string): string
  lastNotice(to?: string): MailMessage
  notices(to?: string): MailMessage[]
} {
  const sent: MailMessage[] = []
  const isNotice = (m: MailMessage) => (Object.values(NOTICE_SUBJECTS) as string[]).includes(m.subject)
  /** The last mail to `to`; the notices (new session, email changed) left out unless `notice`. */
  const last = (to?: string, notice = false) => {
    const found = [...sent].reverse().find((m) => (to === undefined || m.to === to) && isNotice(m) === notice)
    if (found === undefined) throw new Error(`no ${notice ? 'notice' : 'mail'} to ${to ?? 'anyone'}`)
    return found
  }
  return {
    sent,
    async send(message) {
      sent.push(message)
    },
    last: (to) => last(to),
    lastNotice: (to) => last(to, true),
    notices: (to) => sent.filter((m) => (to === undefined || m.to === to) && isNotice(m)),
    lastCode: (to) => {
      const match = /Your Portico code: (\d{6})/.exec(last(to).subject)
      if (!match) throw new Error(`last mail to ${to} holds no code`)
      return match[1] as string
    },
    lastLink: (to) => {
      const match = /(\S*\/v1\/auth\/device\/approve\?token=[A-Za-z0-9_-]+)/.exec(last(to).text)
      if (!match) throw new Error(`last mail to ${to} holds no approval link`)
      return match[1] as string
    },
  }
}

/**
 * The frame's side of a session: its P-256 key pair and a stamping fetch. `sign` answers the low-s
 * form, as the frame does (WebCrypto's s is high half the time); `signRaw` what WebCrypto gave.
 */
export async function frameKey() {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', pair.publicKey)).toString('base64url')
  const signRaw = async (message: string) =>
    Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(message)))
  return {
    publicKey: spki,
    /** What a login start carries (sessionKeyHashOf). */
    keyHash: await sessionKeyHashOf(spki),
    signRaw,
    async sign(message: string) {
      const sig = p256.Signature.fromCompact((await signRaw(message)).toString('hex')).normalizeS()
      return Buffer.from(sig.toCompactRawBytes()).toString('base64url')
    },
  }
}
export type FrameKey = Awaited<ReturnType<typeof frameKey>>

/** Headers of a stamped request. */
export async function stampHeaders(key: FrameKey, sessionId: string, method: string, path: string, body: string, timestamp: number) {
  const ts = String(timestamp)
  return {
    'content-type': 'application/json',
    [STAMP_HEADERS.session]: sessionId,
    [STAMP_HEADERS.timestamp]: ts,
    [STAMP_HEADERS.stamp]: await key.sign(stampPayload(method, path, ts, body)),
  }
}

/**
 * A login finish as the frame sends it (issue 22 §3): POST `body` stamped by `key` itself (no
 * session yet: the timestamp and stamp headers only). `key: null` sends it without a stamp.
 */
export async function loginPost(
  app: TestApp,
  path: string,
  body: unknown,
  key: FrameKey | null,
  headers: Record<string, string> = {},
  now = Date.now(),
) {
  const text = JSON.stringify(body)
  const ts = String(now)
  const stamp: Record<string, string> =
    key === null ? {} : { [STAMP_HEADERS.timestamp]: ts, [STAMP_HEADERS.stamp]: await key.sign(stampPayload('POST', path, ts, text)) }
  return app.request(path, { method: 'POST', headers: { ...json, ...stamp, ...headers }, body: text })
}

export type Session = { sessionId: string; key: FrameKey; user: z.infer<typeof otpResponseSchema>['user'] }

/** Timestamps used per session by `stamped`. */
const usedTimestamps = new Map<string, Set<number>>()

/**
 * A stamped request as the frame sends it. Like the frame, it never stamps two requests of a
 * session with one timestamp (the server takes a request once): a used `now` moves on by 1 ms.
 */
export async function stamped(
  app: TestApp,
  session: Pick<Session, 'sessionId' | 'key'>,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  now: number,
) {
  const text = method === 'GET' ? '' : JSON.stringify(body ?? {})
  const used = usedTimestamps.get(session.sessionId) ?? new Set<number>()
  usedTimestamps.set(session.sessionId, used)
  let ts = now
  while (used.has(ts)) ts++
  used.add(ts)
  const headers = await stampHeaders(session.key, session.sessionId, method, path, text, ts)
  return app.request(path, method === 'GET' ? { headers } : { method, headers, body: text })
}

const json = { 'content-type': 'application/json' }
export const post = (app: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) })

/**
 * Open a mailed confirmation link (device approval, session revocation) as a visitor does: GET the
 * page (200, with its button), then press the button (a same-origin form POST of the page's token).
 */
export async function approveByPage(app: Pick<TestApp, 'request'>, mailedLink: string): Promise<Response> {
  const link = new URL(mailedLink, 'http://localhost')
  const page = await app.request(`${link.pathname}${link.search}`)
  const html = await page.text()
  const token = /<input type="hidden" name="token" value="([A-Za-z0-9_-]+)">/.exec(html)?.[1]
  if (page.status !== 200 || token === undefined) return new Response(html, { status: page.status, headers: page.headers })
  return app.request(`${link.pathname}${link.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ token }).toString(),
  })
}

/**
 * Full email login of a new device, as the frame does it: a new session key; connect and device
 * with its hash, approve by the mailed link's page, the code stamped by the key.
 */
export async function login(
  app: TestApp,
  mailbox: ReturnType<typeof memoryMailbox>,
  email: string,
  deviceId: string,
  headers: Record<string, string> = {},
  now = Date.now(),
): Promise<Session> {
  const key = await frameKey()
  const connect = await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: key.keyHash }, headers)
  expect(await connect.json()).toEqual({ action: 'VERIFY_DEVICE' })
  expect((await approveByPage(app, mailbox.lastLink(email))).status).toBe(200)
  const device = await post(app, '/v1/auth/email/device', { email, deviceId, sessionKeyHash: key.keyHash }, headers)
  expect(await device.json()).toEqual({ action: 'VERIFY_OTP' })
  const res = await loginPost(
    app,
    '/v1/auth/email/otp',
    { email, deviceId, otp: mailbox.lastCode(email), sessionPublicKey: key.publicKey },
    key,
    headers,
    now,
  )
  const body = otpResponseSchema.parse(await res.json())
  return { sessionId: body.sessionId, key, user: body.user }
}

/**
 * Every other spelling of a stamp (base64url of 64 bytes, low s) that a lenient decoder reads as
 * a valid signature of the same request: the 15 other last characters (their 4 unused bits set),
 * and the ECDSA twin (r, n − s) in each of its 16 spellings. 31 in all.
 */
export function otherSpellings(stamp: string): string[] {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  const spellings = (text: string) => {
    const head = text.slice(0, -1)
    const used = ALPHABET.indexOf(text.slice(-1)) & 0b110000
    return Array.from({ length: 16 }, (_, low) => `${head}${ALPHABET[used | low]}`)
  }
  const bytes = Buffer.from(stamp, 'base64url')
  const sig = p256.Signature.fromCompact(bytes.toString('hex'))
  const twinBytes = Buffer.from(new p256.Signature(sig.r, p256.CURVE.n - sig.s).toCompactRawBytes())
  const all = [...spellings(stamp), ...spellings(twinBytes.toString('base64url'))].filter((s) => s !== stamp)
  // 31 distinct texts, each read (leniently) as the stamp's own bytes or as its twin's.
  expect(new Set(all).size).toBe(31)
  for (const s of all) expect([bytes, twinBytes].some((b) => b.equals(Buffer.from(s, 'base64url')))).toBe(true)
  return all
}
