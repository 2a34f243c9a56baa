// Issue 22 §2 end to end without a browser: the real frame service and receive handler
// (packages/embedded/src/frame) talk to the real API (createApp, in-memory Postgres) through the
// frame's own auth client; the user signs in by email (the mailed approval page and code), sets up
// TOTP with codes made by otpauth from the secret the frame got, steps the session up, and exports
// a key made by the key-share core. The host page's view: the messages the handler posted.
import { AUTH_ERRORS } from '@portico/protocol/auth'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAuthApi } from '../packages/embedded/src/frame/api.ts'
import { exportedKeyText, type KeyView } from '../packages/embedded/src/frame/export-view.ts'
import type { TotpView } from '../packages/embedded/src/frame/totp-view.ts'
import { createFrameHandler } from '../packages/embedded/src/frame/handler.ts'
import { memorySessionStore } from '../packages/embedded/src/frame/keys.ts'
import { createFrameService } from '../packages/embedded/src/frame/service.ts'
import { createWalletKeys } from '../packages/embedded/src/frame/shares/wallet.ts'
import { withKey } from '../packages/embedded/src/frame/shares/with-key.ts'
import { approveByPage, FRAME_ORIGIN, memoryMailbox, TEST_KEK } from '../packages/server/src/auth/test-support.ts'
import { openTestApp } from '../packages/server/src/test-support.ts'

const API = 'http://127.0.0.1:4000'
const HOST = 'http://127.0.0.1:5173'
const EMAIL = 'frame-2fa@example.com'
const mailbox = memoryMailbox()
let app: Awaited<ReturnType<typeof openTestApp>>

beforeAll(async () => {
  app = await openTestApp({ auth: { kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], clientIp: () => '10.9.9.9' } })
})
afterAll(async () => {
  await app?.close()
})

describe('second factor and export through the real frame and API', () => {
  it('signs in, sets TOTP up, refuses a replayed code, steps up and shows a key that no message carries', async () => {
    const keys = await createWalletKeys()
    const shown: string[] = []
    const keyView: KeyView = {
      show: (kind, key) => void shown.push(exportedKeyText(kind, key)),
      hide: () => undefined,
      shown: () => shown.length > 0,
    }
    // The TOTP set-up's view in the frame's document: the user reads the key off it (no message carries it).
    const totpSetups: { uri: string; secret: string }[] = []
    let totpShown = false
    const totpView: TotpView = {
      show: (uri, secret) => {
        totpSetups.push({ uri, secret })
        totpShown = true
      },
      hide: () => {
        totpShown = false
      },
      shown: () => totpShown,
    }
    const api = createAuthApi({ apiUrl: API, fetch: (input, init) => Promise.resolve(app.app.request(String(input), init)) })
    const service = createFrameService({
      api,
      sessions: memorySessionStore(),
      deviceId: () => 'device-frame-2fa-0001',
      chainId: '31337',
      hostOrigin: HOST,
      keyView,
      totpView,
      exportKey: (kind) =>
        withKey({ kind, address: keys[kind].address, shares: [keys[kind].device, keys[kind].auth] }, (key) => key.slice()),
    })
    const parent = {}
    const posted: { id?: string; type: string; payload?: unknown }[] = []
    const handler = createFrameHandler({
      parent,
      hostOrigin: HOST,
      isAllowedOrigin: (origin) => origin === HOST,
      post: (message) => void posted.push(message as never),
      handlers: service,
    })
    let n = 0
    const send = async (type: string, payload: unknown = {}) => {
      const id = `req-${String(++n).padStart(8, '0')}`
      handler.handleMessage({ origin: HOST, source: parent, data: { channel: 'portico:app', id, type, payload } })
      await vi.waitFor(() => expect(posted.some((p) => p.id === id)).toBe(true), { timeout: 10_000 })
      return posted.find((p) => p.id === id) as { type: string; payload: Record<string, unknown> }
    }

    // Sign in by email, as the modal drives the frame.
    expect(await send('CONNECT_EMAIL', { email: EMAIL })).toMatchObject({
      type: 'CONNECT_EMAIL_SUCCESS',
      payload: { action: 'VERIFY_DEVICE' },
    })
    expect((await approveByPage(app.app, mailbox.lastLink(EMAIL))).status).toBe(200)
    expect((await send('CONNECT_DEVICE')).type).toBe('CONNECT_DEVICE_SUCCESS')
    expect((await send('CONNECT_OTP', { otp: mailbox.lastCode(EMAIL) })).type).toBe('CONNECT_OTP_SUCCESS')

    expect(await send('GET_TWO_FACTOR')).toMatchObject({ payload: { totp: 'off', stepUp: false } })
    expect(await send('EXPORT_KEY', { kind: 'evm' })).toMatchObject({
      type: 'EXPORT_KEY_ERROR',
      payload: { message: AUTH_ERRORS.stepUpRequired },
    })

    expect(await send('TOTP_ENROLL')).toMatchObject({ type: 'TOTP_ENROLL_SUCCESS', payload: {} })
    expect(totpSetups).toHaveLength(1)
    expect(totpShown).toBe(true)
    expect(totpSetups[0]?.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/)
    const secret = Secret.fromBase32(totpSetups[0]!.secret)
    const code = () => TOTP.generate({ secret, period: 30, digits: 6, timestamp: Date.now() })
    const first = code()
    expect(await send('TOTP_CONFIRM', { code: first })).toMatchObject({
      type: 'TOTP_CONFIRM_SUCCESS',
      payload: { totp: 'on', stepUp: true },
    })
    // Set up: the set-up went off screen.
    expect(totpShown).toBe(false)
    // The same code again: refused, whatever the step-up.
    expect(await send('TOTP_VERIFY', { code: first })).toMatchObject({
      type: 'TOTP_VERIFY_ERROR',
      payload: { message: AUTH_ERRORS.totpReplayed },
    })

    expect(await send('EXPORT_KEY', { kind: 'evm' })).toMatchObject({ type: 'EXPORT_KEY_SUCCESS', payload: {} })
    expect(await send('EXPORT_KEY', { kind: 'solana' })).toMatchObject({ type: 'EXPORT_KEY_SUCCESS', payload: {} })
    expect(shown).toHaveLength(2)
    expect(shown[0]).toMatch(/^0x[0-9a-f]{64}$/)
    const everything = JSON.stringify(posted)
    for (const text of shown) expect(everything).not.toContain(text)
    // Nor the TOTP set-up's key, in any message to the host.
    expect(everything).not.toContain(totpSetups[0]!.secret)
    expect(everything).not.toContain(String(shown[0]).slice(2))
  }, 60_000)
})
