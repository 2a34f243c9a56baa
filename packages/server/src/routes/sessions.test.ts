/** SPEC §7 session calls: GET /v1/sessions/{id} (stamped) and POST /v1/sessions/{id}/revoke { pci, signature }. */
import { AUTH_ERRORS, OTP_RESEND_COOLDOWN_MS, revokeMessage, sessionInfoSchema, sessionsResponseSchema } from '@portico/protocol/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_ORIGIN, login, memoryMailbox, post, stamped, TEST_KEK } from '../auth/test-support.ts'
import { openTestApp, type TestApp } from '../test-support.ts'

let clock = Date.parse('2031-05-06T07:08:09.000Z')
const mailbox = memoryMailbox()
let app: TestApp
let close: () => Promise<void>

beforeAll(async () => {
  ;({ app, close } = await openTestApp({
    auth: {
      kek: TEST_KEK,
      mail: mailbox,
      frameOrigins: [FRAME_ORIGIN],
      now: () => clock,
      clientIp: () => '10.2.0.1',
      limits: { mailsPerIpPerHour: 100 },
    },
  }))
})
afterAll(async () => {
  await close?.()
})

describe('/v1/sessions', () => {
  it('lists sessions; GET /v1/sessions/{id}; revoke by another live session of the same user, which then cannot sign', async () => {
    const email = 'sessions@example.com'
    const a = await login(app, mailbox, email, 'device-sessions-a01', {}, clock)
    clock += OTP_RESEND_COOLDOWN_MS
    const b = await login(app, mailbox, email, 'device-sessions-b01', {}, clock)
    expect(b.user.userId).toBe(a.user.userId)

    const list = sessionsResponseSchema.parse(await (await stamped(app, a, 'GET', '/v1/auth/sessions', undefined, clock)).json())
    expect(list.sessions.map((s) => s.id).sort()).toEqual([a.sessionId, b.sessionId].sort())

    const info = await stamped(app, a, 'GET', `/v1/sessions/${b.sessionId}`, undefined, clock)
    expect(info.status).toBe(200)
    expect(sessionInfoSchema.parse(await info.json())).toMatchObject({ id: b.sessionId, revokedAt: null })

    // Another user's session is not found; a bad signature is refused.
    const stranger = await login(app, mailbox, 'stranger@example.com', 'device-stranger-001', {}, clock)
    expect((await stamped(app, stranger, 'GET', `/v1/sessions/${a.sessionId}`, undefined, clock)).status).toBe(404)
    const strangerRevoke = await post(app, `/v1/sessions/${a.sessionId}/revoke`, {
      pci: stranger.sessionId,
      signature: await stranger.key.sign(revokeMessage(a.sessionId, stranger.sessionId)),
    })
    expect(strangerRevoke.status).toBe(404)
    const forged = await post(app, `/v1/sessions/${b.sessionId}/revoke`, {
      pci: a.sessionId,
      signature: await b.key.sign(revokeMessage(b.sessionId, a.sessionId)),
    })
    expect(forged.status).toBe(401)

    const revoke = await post(app, `/v1/sessions/${b.sessionId}/revoke`, {
      pci: a.sessionId,
      signature: await a.key.sign(revokeMessage(b.sessionId, a.sessionId)),
    })
    expect(revoke.status).toBe(200)
    expect(sessionInfoSchema.parse(await revoke.json())).toMatchObject({ id: b.sessionId, revokedAt: new Date(clock).toISOString() })

    const sign = await stamped(
      app,
      b,
      'POST',
      '/v1/auth/rpc',
      { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['hi', b.user.evmAddress] },
      clock,
    )
    expect(sign.status).toBe(401)
    // A revoked session can not revoke either.
    const back = await post(app, `/v1/sessions/${a.sessionId}/revoke`, {
      pci: b.sessionId,
      signature: await b.key.sign(revokeMessage(a.sessionId, b.sessionId)),
    })
    expect(back.status).toBe(401)
  })

  it('refuses a malformed id, body or signature without a 500', async () => {
    const a = await login(app, mailbox, 'malformed@example.com', 'device-malformed-01', {}, clock)
    expect((await stamped(app, a, 'GET', '/v1/sessions/short', undefined, clock)).status).toBe(404)
    expect((await post(app, '/v1/sessions/short/revoke', { pci: a.sessionId, signature: 'AAAA' })).status).toBe(404)
    const missing = await post(app, `/v1/sessions/${a.sessionId}/revoke`, { pci: a.sessionId })
    expect(missing.status).toBe(400)
    const badSig = await post(app, `/v1/sessions/${a.sessionId}/revoke`, { pci: a.sessionId, signature: 'A'.repeat(86) })
    expect(badSig.status).toBe(401)
    expect(((await badSig.json()) as { error: string }).error).toBe(AUTH_ERRORS.unauthorized)
    // A GET without a stamp is refused.
    expect((await app.request(`/v1/sessions/${a.sessionId}`)).status).toBe(401)
  })

  it('a session may revoke itself; then it signs and revokes nothing more', async () => {
    const a = await login(app, mailbox, 'self@example.com', 'device-self-0000001', {}, clock)
    const res = await post(app, `/v1/sessions/${a.sessionId}/revoke`, {
      pci: a.sessionId,
      signature: await a.key.sign(revokeMessage(a.sessionId, a.sessionId)),
    })
    expect(res.status).toBe(200)
    expect(sessionInfoSchema.parse(await res.json()).revokedAt).toBe(new Date(clock).toISOString())
    expect(
      (
        await stamped(
          app,
          a,
          'POST',
          '/v1/auth/rpc',
          { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['x', a.user.evmAddress] },
          clock,
        )
      ).status,
    ).toBe(401)
  })
})
