/**
 * Shared by the auth tests (not part of the package's API): an in-memory mailbox (a MailProvider
 * fake at the boundary), the frame's side of a session (a WebCrypto P-256 key that stamps
 * requests), and a full email login.
 */
import { webcrypto } from 'node:crypto'
import { otpResponseSchema, stampPayload, STAMP_HEADERS } from '@portico/protocol/auth'
import { expect } from 'vitest'
import type { z } from 'zod'
import type { TestApp } from '../test-support.ts'
import type { MailMessage, MailProvider } from './mail.ts'

export const TEST_KEK = Buffer.alloc(32, 7).toString('base64')
export const FRAME_ORIGIN = 'http://127.0.0.1:5174'

export function memoryMailbox(): MailProvider & {
  sent: MailMessage[]
  last(to?: string): MailMessage
  lastCode(to?: string): string
  lastLink(to?: string): string
} {
  const sent: MailMessage[] = []
  const last = (to?: string) => {
    const found = [...sent].reverse().find((m) => to === undefined || m.to === to)
    if (found === undefined) throw new Error(`no mail to ${to ?? 'anyone'}`)
    return found
  }
  return {
    sent,
    async send(message) {
      sent.push(message)
    },
    last,
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

/** The frame's side of a session: its P-256 key pair and a stamping fetch. */
export async function frameKey() {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', pair.publicKey)).toString('base64url')
  return {
    publicKey: spki,
    async sign(message: string) {
      const sig = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(message))
      return Buffer.from(sig).toString('base64url')
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

export type Session = { sessionId: string; key: FrameKey; user: z.infer<typeof otpResponseSchema>['user'] }

/** A stamped request as the frame sends it. */
export async function stamped(
  app: TestApp,
  session: Pick<Session, 'sessionId' | 'key'>,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  now: number,
) {
  const text = method === 'GET' ? '' : JSON.stringify(body ?? {})
  const headers = await stampHeaders(session.key, session.sessionId, method, path, text, now)
  return app.request(path, method === 'GET' ? { headers } : { method, headers, body: text })
}

const json = { 'content-type': 'application/json' }
export const post = (app: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) })

/** Full email login of a new device: connect, approve by the mailed link, device, code. */
export async function login(
  app: TestApp,
  mailbox: ReturnType<typeof memoryMailbox>,
  email: string,
  deviceId: string,
  headers: Record<string, string> = {},
): Promise<Session> {
  const connect = await post(app, '/v1/auth/email/connect', { email, deviceId }, headers)
  expect(await connect.json()).toEqual({ action: 'VERIFY_DEVICE' })
  const link = new URL(mailbox.lastLink(email), 'http://localhost')
  expect((await app.request(`${link.pathname}${link.search}`)).status).toBe(200)
  const device = await post(app, '/v1/auth/email/device', { email, deviceId }, headers)
  expect(await device.json()).toEqual({ action: 'VERIFY_OTP' })
  const key = await frameKey()
  const res = await post(
    app,
    '/v1/auth/email/otp',
    { email, deviceId, otp: mailbox.lastCode(email), sessionPublicKey: key.publicKey },
    headers,
  )
  const body = otpResponseSchema.parse(await res.json())
  return { sessionId: body.sessionId, key, user: body.user }
}
