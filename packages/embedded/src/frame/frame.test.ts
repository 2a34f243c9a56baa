import { p256 } from '@noble/curves/p256'
import { sessionKeyHashOf, stampPayload } from '@portico/protocol/auth'
import { describe, expect, it, vi } from 'vitest'
import { createAuthApi, type AuthApi } from './api'
import type { Confirm } from './confirm'
import { createFrameHandler } from './handler'
import { base64url, generateLoginKey, lowS, memorySessionStore, signText } from './keys'
import { hostOriginOf, originMatcher } from './origins'
import { createFrameService } from './service'

const HOST = 'http://127.0.0.1:5173'
/** The API (its social callback page posts the result to the frame). */
const API = 'http://127.0.0.1:4000'
const CALLBACK = `${API}/v1/auth/social/callback`
const HASH = /^[A-Za-z0-9_-]{43}$/
const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const authUser = {
  userId: 'u1',
  email: 'ada@example.com',
  userName: null,
  socialProvider: null,
  evmAddress: EVM,
  solanaAddress: SOL,
  preferredAccountType: 'eoa' as const,
  smartAccountEnabledNetworks: [31337],
}

/** A scripted auth API (the HTTP client itself is tested below against a fake fetch). */
function fakeApi(overrides: Partial<AuthApi> = {}): AuthApi & { calls: string[] } {
  const calls: string[] = []
  const track =
    <A extends unknown[], R>(name: string, fn: (...a: A) => Promise<R>) =>
    (...a: A) => {
      calls.push(name)
      return fn(...a)
    }
  const base: AuthApi = {
    emailConnect: async () => ({ action: 'VERIFY_OTP' }),
    emailDevice: async () => ({ action: 'VERIFY_OTP' }),
    emailOtp: async () => ({ sessionId: 'sess-secret-123', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user: authUser }),
    user: async () => authUser,
    signOut: async () => undefined,
    rpc: async (_s, body) => (body.method === 'personal_sign' ? '0xsig' : 'served'),
    preferredAccount: async () => ({ ...authUser, preferredAccountType: 'smartAccount' }),
    updateEmail: async () => ({ action: 'VERIFY_PRIMARY_OTP' }),
    updateEmailPrimary: async () => ({ action: 'VERIFY_SECONDARY_OTP' }),
    updateEmailSecondary: async () => ({ newEmail: 'new@example.com' }),
    socialStart: async (body) => ({
      uri: `http://127.0.0.1:4100/auth?provider=${body.provider}&state=s1&redirect_uri=${encodeURIComponent(CALLBACK)}`,
    }),
    socialFinish: async () => ({
      sessionId: 'sess-social-456',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: { ...authUser, email: null, userName: 'ada_gh', socialProvider: 'github' },
    }),
    farcasterStart: async () => ({
      url: 'https://warpcast.com/~/siwf?channelToken=chan-0123456789abcdef',
      channelToken: 'chan-0123456789abcdef',
    }),
    farcasterStatus: async () => ({ state: 'pending' }),
    passkeyOptions: async () => ({ options: {} }),
    passkeyFinish: async () => ({ sessionId: 'sess-passkey-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user: authUser }),
    passkeyAddOptions: async () => ({ options: {} }),
    passkeyAdd: async () => ({ passkey: { id: 'cred', name: 'Passkey', createdAt: '', lastUsedAt: null, backedUp: false } }),
    passkeys: async () => ({ passkeys: [] }),
    passkeyRemove: async () => ({ passkeys: [] }),
    allowedOrigins: async () => ({ allowedOrigins: ['http://127.0.0.1:*'] }),
    twoFactorStatus: async () => ({ totp: 'off', passkey: false, stepUpUntil: null }),
    totpEnroll: async () => ({
      uri: 'otpauth://totp/Portico:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Portico',
      secret: 'JBSWY3DPEHPK3PXP',
    }),
    totp: async () => ({ totp: 'on', passkey: false, stepUpUntil: null }),
    passkeyStepUpOptions: async () => ({ options: {} }),
    passkeyStepUp: async () => ({ totp: 'off', passkey: true, stepUpUntil: null }),
    ...overrides,
  }
  const tracked = Object.fromEntries(Object.entries(base).map(([k, fn]) => [k, track(k, fn as never)])) as unknown as AuthApi
  return Object.assign(tracked, { calls })
}

function frame(
  api = fakeApi(),
  extra: { rpcRead?: (m: string, p: unknown[]) => Promise<unknown>; hostOrigin?: string; confirm?: Confirm } = {},
) {
  const parent = { name: 'parent' }
  const posted: { message: { id?: string; type: string; payload?: unknown }; targetOrigin: string }[] = []
  const sessions = memorySessionStore()
  const service = createFrameService({
    api,
    sessions,
    deviceId: () => 'device-0123456789abcdef',
    chainId: '31337',
    hostOrigin: HOST,
    // The user confirms every unsafe request (the confirmation itself: confirm.test.ts).
    confirm: async () => true,
    ...extra,
  })
  const handler = createFrameHandler({
    parent,
    hostOrigin: HOST,
    isAllowedOrigin: originMatcher(['http://127.0.0.1:*']),
    post: (message, targetOrigin) => void posted.push({ message: message as never, targetOrigin }),
    handlers: service,
  })
  let n = 0
  const send = async (type: string, payload: unknown = {}) => {
    const id = `req-${String(++n).padStart(8, '0')}`
    const outcome = handler.handleMessage({ origin: HOST, source: parent, data: { channel: 'portico:app', id, type, payload } })
    await vi.waitFor(() => expect(posted.some((p) => p.message.id === id)).toBe(true))
    return { outcome, reply: posted.find((p) => p.message.id === id)!.message }
  }
  return { api, parent, posted, sessions, service, handler, send }
}

describe('frame origins', () => {
  it.each([
    [['http://127.0.0.1:*'], 'http://127.0.0.1:5173', true],
    [['http://127.0.0.1:*'], 'http://127.0.0.1', false],
    [['http://127.0.0.1:*'], 'http://127.0.0.1:5173.evil.com', false],
    [['https://app.example'], 'https://app.example', true],
    [['https://app.example'], 'https://app.example.evil', false],
    [['https://*.preview.example'], 'https://pr-1.preview.example', true],
    [['https://*.preview.example'], 'https://a.b.preview.example', false],
    [['*'], 'null', false],
    [[], 'http://127.0.0.1:5173', false],
  ])('rules %j, origin %s → %s', (rules, origin, allowed) => {
    expect(originMatcher(rules)(origin)).toBe(allowed)
  })

  it.each([
    [['http://127.0.0.1:5173'], '', 'http://127.0.0.1:5173'],
    [undefined, 'http://127.0.0.1:5173/page?x=1', 'http://127.0.0.1:5173'],
    [['http://127.0.0.1:5173'], 'http://127.0.0.1:9999/', undefined],
    [undefined, '', undefined],
    [[], 'not a url', undefined],
  ])('host origin from ancestorOrigins %j and referrer %j → %s', (ancestors, referrer, expected) => {
    expect(hostOriginOf(ancestors, referrer)).toBe(expected)
  })
})

describe('frame handler', () => {
  it('READY goes to the host origin only when it is allowed', () => {
    const f = frame()
    expect(f.handler.ready()).toBe(true)
    expect(f.posted).toEqual([{ message: { channel: 'portico:frame', type: 'READY' }, targetOrigin: HOST }])
    const refused = createFrameHandler({
      parent: {},
      hostOrigin: 'http://evil.example',
      isAllowedOrigin: originMatcher(['http://127.0.0.1:*']),
      post: vi.fn(),
      handlers: f.service,
    })
    expect(refused.ready()).toBe(false)
  })

  it('an invalid payload is still passed on: answered <TYPE>_ERROR with the validation message (SPEC §5)', async () => {
    const f = frame()
    const { outcome, reply } = await f.send('CONNECT_EMAIL', { email: 'not-an-email' })
    expect(outcome).toBe('invalid')
    expect(reply.type).toBe('CONNECT_EMAIL_ERROR')
    expect((reply.payload as { message: string }).message).toMatch(/^email: /)
  })

  it('email login, then user, RPC and sign-out; no reply carries the session id or a key', async () => {
    const f = frame()
    expect((await f.send('CONNECT_EMAIL', { email: 'ada@example.com' })).reply).toMatchObject({
      type: 'CONNECT_EMAIL_SUCCESS',
      payload: { action: 'VERIFY_OTP' },
    })
    expect((await f.send('CONNECT_OTP', { otp: '123456' })).reply).toMatchObject({ type: 'CONNECT_OTP_SUCCESS', payload: {} })
    const stored = await f.sessions.get()
    expect(stored?.sessionId).toBe('sess-secret-123')
    expect(stored?.keyPair.privateKey.extractable).toBe(false)
    expect(stored?.keyPair.privateKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' })
    const user = (await f.send('GET_USER', { namespace: 'eip155' })).reply
    expect(user).toMatchObject({
      type: 'GET_USER_SUCCESS',
      payload: { email: 'ada@example.com', address: EVM, chainId: 31337, solanaAddress: SOL },
    })
    expect((await f.send('IS_CONNECTED')).reply.payload).toEqual({ isConnected: true })
    expect((await f.send('RPC_REQUEST', { method: 'personal_sign', params: ['0x68', EVM] })).reply.payload).toEqual({ result: '0xsig' })
    expect((await f.send('RPC_REQUEST', { method: 'eth_sign', params: [] })).reply.payload).toEqual({
      message: 'Requested RPC call is not allowed',
    })
    expect((await f.send('SIGN_OUT')).reply.type).toBe('SIGN_OUT_SUCCESS')
    expect(await f.sessions.get()).toBeUndefined()
    expect((await f.send('IS_CONNECTED')).reply.payload).toEqual({ isConnected: false })
    const everything = JSON.stringify(f.posted)
    expect(everything).not.toContain('sess-secret-123')
    expect(everything).not.toMatch(/privateKey|x-portico|stamp/i)
    expect(f.posted.every((p) => p.targetOrigin === HOST)).toBe(true)
  })

  it('CONNECT_DEVICE is one ask (issue 24): pending → {state: pending}; a 503 with Retry-After 2 s → pending after 2 s; approved → {}', async () => {
    const answers: Awaited<ReturnType<AuthApi['emailDevice']>>[] = [
      { state: 'pending' },
      { state: 'pending', retryAfterMs: 2000 },
      { action: 'VERIFY_OTP' },
    ]
    const f = frame(fakeApi({ emailConnect: async () => ({ action: 'VERIFY_DEVICE' }), emailDevice: async () => answers.shift()! }))
    await f.send('CONNECT_EMAIL', { email: 'ada@example.com' })
    expect((await f.send('CONNECT_DEVICE')).reply.payload).toEqual({ state: 'pending' })
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      let replied = false
      const second = f.send('CONNECT_DEVICE').then((r) => {
        replied = true
        return r
      })
      await vi.advanceTimersByTimeAsync(1_999)
      expect(replied).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect((await second).reply.payload).toEqual({ state: 'pending' })
    } finally {
      vi.useRealTimers()
    }
    const done = (await f.send('CONNECT_DEVICE')).reply
    expect(done.type).toBe('CONNECT_DEVICE_SUCCESS')
    expect(done.payload).toEqual({})
  })

  it('email login (issue 22 §3): connect and device carry the hash of the key that the code is sent with, stamped by, and stored', async () => {
    const emailConnect = vi.fn(async (_e: string, _d: string, _h: string) => ({ action: 'VERIFY_DEVICE' as const }))
    const emailDevice = vi.fn(async (_e: string, _d: string, _h: string) => ({ action: 'VERIFY_OTP' as const }))
    const emailOtp = vi.fn(async (_b: { sessionPublicKey: string }, _k: CryptoKey) => ({
      sessionId: 'sess-secret-123',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: authUser,
    }))
    const f = frame(fakeApi({ emailConnect, emailDevice, emailOtp }))
    await f.send('CONNECT_EMAIL', { email: 'ada@example.com' })
    await f.send('CONNECT_DEVICE')
    expect((await f.send('CONNECT_OTP', { otp: '123456' })).reply.type).toBe('CONNECT_OTP_SUCCESS')
    const hash = emailConnect.mock.calls[0]![2]
    expect(hash).toMatch(HASH)
    expect(emailDevice.mock.calls[0]![2]).toBe(hash)
    const [body, loginKey] = emailOtp.mock.calls[0]!
    expect(await sessionKeyHashOf(body.sessionPublicKey)).toBe(hash)
    const stored = await f.sessions.get()
    expect(loginKey).toBe(stored!.keyPair.privateKey)
    expect(base64url(await crypto.subtle.exportKey('spki', stored!.keyPair.publicKey))).toBe(body.sessionPublicKey)
    // A new login, a new key.
    await f.send('SIGN_OUT')
    await f.send('CONNECT_EMAIL', { email: 'ada@example.com' })
    expect(emailConnect.mock.calls[1]![2]).toMatch(HASH)
    expect(emailConnect.mock.calls[1]![2]).not.toBe(hash)
  })

  it('a live session for the same email answers CONNECT without a new code', async () => {
    const f = frame()
    await f.send('CONNECT_EMAIL', { email: 'ada@example.com' })
    await f.send('CONNECT_OTP', { otp: '123456' })
    f.api.calls.length = 0
    expect((await f.send('CONNECT_EMAIL', { email: 'Ada@example.com' })).reply.payload).toEqual({ action: 'CONNECT' })
    expect(f.api.calls).toEqual(['user'])
  })

  it('safe reads go to the chain RPC; RPC_ABORT ends unsafe ones with "Request was aborted"', async () => {
    let release!: () => void
    const api = fakeApi({
      rpc: (_s, _b, signal) =>
        new Promise((resolve, reject) => {
          release = () => resolve('late')
          signal?.addEventListener('abort', () => reject(new Error('aborted')))
        }),
    })
    const rpcRead = vi.fn(async () => '0x10')
    const f = frame(api, { rpcRead })
    await f.send('CONNECT_EMAIL', { email: 'ada@example.com' })
    await f.send('CONNECT_OTP', { otp: '123456' })
    expect((await f.send('RPC_REQUEST', { method: 'eth_getBalance', params: [EVM, 'latest'] })).reply.payload).toEqual({ result: '0x10' })
    expect(rpcRead).toHaveBeenCalledWith('eth_getBalance', [EVM, 'latest'])
    f.handler.handleMessage({
      origin: HOST,
      source: f.parent,
      data: { channel: 'portico:app', id: 'unsafe-000001', type: 'RPC_REQUEST', payload: { method: 'eth_sendTransaction', params: [{}] } },
    })
    await new Promise((r) => setTimeout(r, 10))
    await f.send('RPC_ABORT')
    await vi.waitFor(() =>
      expect(f.posted.find((p) => p.message.id === 'unsafe-000001')?.message.payload).toEqual({ message: 'Request was aborted' }),
    )
    release()
  })

  it('SET_PREFERRED_ACCOUNT falls back to EOA when the server fails (SPEC §4)', async () => {
    const f = frame(
      fakeApi({
        preferredAccount: async () => {
          throw new Error('nope')
        },
      }),
    )
    await f.send('CONNECT_EMAIL', { email: 'ada@example.com' })
    await f.send('CONNECT_OTP', { otp: '123456' })
    expect((await f.send('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).reply.payload).toEqual({
      type: 'eoa',
      address: EVM,
      reason: 'nope',
    })
  })

  it('update email: primary, then secondary returns newEmail', async () => {
    const f = frame()
    await f.send('CONNECT_EMAIL', { email: 'ada@example.com' })
    await f.send('CONNECT_OTP', { otp: '123456' })
    expect((await f.send('UPDATE_EMAIL', { email: 'new@example.com' })).reply.payload).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect((await f.send('UPDATE_EMAIL_PRIMARY_OTP', { otp: '111111' })).reply.type).toBe('UPDATE_EMAIL_PRIMARY_OTP_SUCCESS')
    expect((await f.send('UPDATE_EMAIL_SECONDARY_OTP', { otp: '222222' })).reply.payload).toEqual({ newEmail: 'new@example.com' })
    expect((await f.sessions.get())?.email).toBe('new@example.com')
  })

  it('frame state: SWITCH_NETWORK, GET_CHAIN_ID, SYNC_THEME, SYNC_DAPP_DATA', async () => {
    const f = frame()
    expect((await f.send('SWITCH_NETWORK', { chainId: 31338, namespace: 'eip155' })).reply.payload).toEqual({ chainId: 31338 })
    expect((await f.send('GET_CHAIN_ID')).reply.payload).toEqual({ chainId: 31338 })
    await f.send('SYNC_THEME', { themeMode: 'dark' })
    await f.send('SYNC_DAPP_DATA', { projectId: 'p', name: 'Demo' })
    expect(f.service.state()).toMatchObject({ theme: { themeMode: 'dark' }, dapp: { projectId: 'p', name: 'Demo' } })
  })

  it("SYNC_THEME's locale: one of the modal's locales, else the message is refused whole (the theme before stays)", async () => {
    const f = frame()
    const ar = { themeMode: 'light', themeVariables: { '--portico-accent': '#ff5500' }, locale: 'ar' }
    expect((await f.send('SYNC_THEME', ar)).reply.type).toBe('SYNC_THEME_SUCCESS')
    expect(f.service.state()).toMatchObject({ theme: ar })
    for (const locale of ['klingon', 'AR', 'en-US', '', 7]) {
      const { reply } = await f.send('SYNC_THEME', { themeMode: 'dark', locale })
      expect(reply.type).toBe('SYNC_THEME_ERROR')
      expect(reply.payload).toEqual({ message: expect.stringMatching(/^locale: /) })
    }
    expect(f.service.state()).toMatchObject({ theme: ar })
  })

  it('calls without a session: "Not connected to email or social"', async () => {
    const f = frame()
    expect((await f.send('GET_USER')).reply.payload).toEqual({ message: 'Not connected to email or social' })
  })
})

describe('auth API client', () => {
  it('stamps signed calls: the signature verifies over stampPayload with the session public key', async () => {
    const fetch = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(JSON.stringify(authUser), { status: 200 }),
    )
    const api = createAuthApi({ apiUrl: 'http://127.0.0.1:4000/', fetch: fetch as typeof globalThis.fetch, now: () => 1_700_000_000_000 })
    const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
    await api.user({ sessionId: 'sid-1', email: null, expiresAt: '2999-01-01T00:00:00Z', keyPair })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('http://127.0.0.1:4000/v1/auth/user')
    const headers = init!.headers as Record<string, string>
    expect(headers['x-portico-session']).toBe('sid-1')
    expect(headers['x-portico-timestamp']).toBe('1700000000000')
    const signature = Uint8Array.from(atob(headers['x-portico-stamp']!.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
    expect(signature).toHaveLength(64)
    const ok = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      keyPair.publicKey,
      signature,
      new TextEncoder().encode(stampPayload('GET', '/v1/auth/user', '1700000000000', '')),
    )
    expect(ok).toBe(true)
  })

  it.each([
    [400, { error: 'Invalid code. Try again.' }, 'Invalid code. Try again.'],
    [500, 'not json', 'HTTP status code: 500'],
  ])('status %i with %j rejects with %j', async (status, body, message) => {
    const fetch = async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
    const api = createAuthApi({ apiUrl: 'http://127.0.0.1:4000', fetch })
    await expect(api.emailConnect('a@b.co', 'device-0123456789abcdef', 'A'.repeat(43))).rejects.toThrow(message)
  })

  it.each([
    [200, { action: 'VERIFY_OTP' }, {}, { action: 'VERIFY_OTP' }],
    [202, { state: 'pending' }, {}, { state: 'pending' }],
    [
      503,
      { error: 'Too many sign-ins are waiting for approval. Try again in a few seconds.' },
      { 'retry-after': '2' },
      { state: 'pending', retryAfterMs: 2000 },
    ],
  ])('device ask: status %i with %j (headers %j) → %j', async (status, body, headers, expected) => {
    const fetch = async () => new Response(JSON.stringify(body), { status, headers })
    const api = createAuthApi({ apiUrl: 'http://127.0.0.1:4000', fetch })
    await expect(api.emailDevice('a@b.co', 'device-0123456789abcdef', 'A'.repeat(43))).resolves.toEqual(expected)
  })

  it.each([
    [408, { error: 'The device was not approved in time' }, {}, 'The device was not approved in time'],
    [503, { error: 'Database unavailable' }, {}, 'Database unavailable'],
  ])('device ask: status %i with %j (headers %j) rejects with %j', async (status, body, headers, message) => {
    const fetch = async () => new Response(JSON.stringify(body), { status, headers })
    const api = createAuthApi({ apiUrl: 'http://127.0.0.1:4000', fetch })
    await expect(api.emailDevice('a@b.co', 'device-0123456789abcdef', 'A'.repeat(43))).rejects.toThrow(message)
  })

  it.each([
    [429, { allowedOrigins: [], kind: 'RATE_LIMITED' }],
    [503, { allowedOrigins: [], kind: 'SERVER_ERROR' }],
    [404, { allowedOrigins: [] }],
    [200, { allowedOrigins: ['http://127.0.0.1:*'] }],
  ])('allowed origins: status %i → %j (SPEC §8)', async (status, expected) => {
    const fetch = async () => new Response(JSON.stringify({ allowedOrigins: ['http://127.0.0.1:*'] }), { status })
    await expect(createAuthApi({ apiUrl: 'http://127.0.0.1:4000', fetch }).allowedOrigins('p')).resolves.toEqual(expected)
  })

  it('the stamp covers the query string; two alike calls on one clock tick get distinct timestamps', async () => {
    const fetch = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(JSON.stringify(authUser), { status: 200 }),
    )
    const api = createAuthApi({
      apiUrl: 'http://127.0.0.1:4000/api',
      fetch: fetch as typeof globalThis.fetch,
      now: () => 1_700_000_000_000,
    })
    const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
    const session = { sessionId: 'sid-1', email: null, expiresAt: '2999-01-01T00:00:00Z', keyPair }
    await api.user(session, 31337)
    await api.user(session, 31337)
    const stamps = fetch.mock.calls.map(([url, init]) => ({ url, headers: init!.headers as Record<string, string> }))
    expect(stamps.map((s) => s.url)).toEqual([
      'http://127.0.0.1:4000/api/v1/auth/user?chainId=31337',
      'http://127.0.0.1:4000/api/v1/auth/user?chainId=31337',
    ])
    expect(stamps.map((s) => s.headers['x-portico-timestamp'])).toEqual(['1700000000000', '1700000000001'])
    for (const { headers } of stamps) {
      const signature = Uint8Array.from(atob(headers['x-portico-stamp']!.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
      const payload = stampPayload('GET', '/api/v1/auth/user?chainId=31337', headers['x-portico-timestamp']!, '')
      expect(
        await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, keyPair.publicKey, signature, new TextEncoder().encode(payload)),
      ).toBe(true)
    }
  })

  it('signatures have a low s (the one spelling the API takes): each of 64 verifies, none is high by the curve’s own check', async () => {
    const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
    for (let i = 0; i < 64; i++) {
      const message = `message ${i}`
      const text = await signText(keyPair.privateKey, message)
      const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
      expect(bytes).toHaveLength(64)
      expect(p256.Signature.fromCompact(Buffer.from(bytes).toString('hex')).hasHighS()).toBe(false)
      expect(
        await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, keyPair.publicKey, bytes, new TextEncoder().encode(message)),
      ).toBe(true)
    }
    // A high s from WebCrypto becomes n − s, as @noble/curves normalizes it; a low one stays as it is.
    let raw: Uint8Array
    do raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keyPair.privateKey, new TextEncoder().encode('x')))
    while (!p256.Signature.fromCompact(Buffer.from(raw).toString('hex')).hasHighS())
    expect(Buffer.from(lowS(raw)).toString('hex')).toBe(
      p256.Signature.fromCompact(Buffer.from(raw).toString('hex')).normalizeS().toCompactHex(),
    )
    const low = lowS(raw)
    expect(lowS(low)).toBe(low)
  })

  it('base64url has no padding or +/', () => {
    expect(base64url(new Uint8Array([251, 255, 191]))).toBe('-_-_')
  })
})

describe('frame social login', () => {
  it('GET_SOCIAL_REDIRECT_URI: POST /v1/auth/social/start with the verified host origin and the device id → { uri }', async () => {
    const uri = (provider: string) => `http://127.0.0.1:4100/auth?p=${provider}&state=s1&redirect_uri=${encodeURIComponent(CALLBACK)}`
    const socialStart = vi.fn(async (body: { provider: string; hostOrigin: string; deviceId: string; sessionKeyHash: string }) => ({
      uri: uri(body.provider),
    }))
    const f = frame(fakeApi({ socialStart }))
    const { outcome, reply } = await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    expect(outcome).toBe('accepted')
    expect(reply).toEqual({
      channel: 'portico:frame',
      id: reply.id,
      type: 'GET_SOCIAL_REDIRECT_URI_SUCCESS',
      payload: { uri: uri('github') },
    })
    expect(socialStart).toHaveBeenCalledWith({
      provider: 'github',
      hostOrigin: HOST,
      deviceId: 'device-0123456789abcdef',
      sessionKeyHash: expect.stringMatching(HASH),
    })
  })

  it.each(['twitter', 'farcaster', 'GOOGLE', ''])(
    'GET_SOCIAL_REDIRECT_URI { provider: %j } is refused (SPEC §5), the API not called',
    async (provider) => {
      const f = frame()
      const { outcome, reply } = await f.send('GET_SOCIAL_REDIRECT_URI', { provider })
      expect(outcome).toBe('invalid')
      expect(reply.type).toBe('GET_SOCIAL_REDIRECT_URI_ERROR')
      expect(f.api.calls).not.toContain('socialStart')
    },
  )

  it('GET_SOCIAL_REDIRECT_URI: the server’s refusal is the reply’s message; without a host origin "Failed to initiate social connection"', async () => {
    const f = frame(fakeApi({ socialStart: async () => Promise.reject(new Error('Failed to initiate social connection')) }))
    expect((await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'x' })).reply.payload).toEqual({
      message: 'Failed to initiate social connection',
    })
    const api = fakeApi()
    const service = createFrameService({ api, sessions: memorySessionStore(), deviceId: () => 'device-0123456789abcdef', chainId: 1 })
    await expect(service.GET_SOCIAL_REDIRECT_URI({ provider: 'google' })).rejects.toThrow('Failed to initiate social connection')
    expect(api.calls).toEqual([])
  })

  it('CONNECT_SOCIAL: a new non-extractable P-256 key, POST /v1/auth/social/finish, the session stored → { userName, email }; nothing secret leaves', async () => {
    const socialFinish = vi.fn(async () => ({
      sessionId: 'sess-social-456',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: { ...authUser, email: null, userName: 'ada_gh', socialProvider: 'github' },
    }))
    const f = frame(
      fakeApi({ socialFinish, user: async () => ({ ...authUser, email: null, userName: 'ada_gh', socialProvider: 'github' }) }),
    )
    await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    const resultUri = `${CALLBACK}?state=s1&code=c1`
    const connecting = f.send('CONNECT_SOCIAL')
    // The API's callback page posts the result to the frame (issue 22 §3), not through the host.
    expect(f.service.socialResult({ origin: API, data: { channel: 'portico:social', type: 'SOCIAL_RESULT', resultUri } })).toBe(true)
    const { reply } = await connecting
    expect(reply).toMatchObject({ type: 'CONNECT_SOCIAL_SUCCESS', payload: { userName: 'ada_gh', email: null } })
    const [body, loginKey] = socialFinish.mock.calls[0] as unknown as [
      { resultUri: string; deviceId: string; sessionPublicKey: string },
      CryptoKey,
    ]
    expect(body).toMatchObject({ resultUri, deviceId: 'device-0123456789abcdef' })
    expect(body.sessionPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/)
    const stored = await f.sessions.get()
    expect(stored).toMatchObject({ sessionId: 'sess-social-456', email: null })
    expect(stored?.keyPair.privateKey.extractable).toBe(false)
    expect(stored?.keyPair.privateKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' })
    // The registered public key is the stored pair's.
    const spki = await crypto.subtle.exportKey('spki', stored!.keyPair.publicKey)
    expect(base64url(spki)).toBe(body.sessionPublicKey)
    // The finish is stamped by the stored key (the start's: see the next test).
    expect(loginKey).toBe(stored!.keyPair.privateKey)
    expect((await f.send('GET_USER', { namespace: 'eip155' })).reply.payload).toMatchObject({
      userName: 'ada_gh',
      email: null,
      address: EVM,
    })
    expect((await f.send('IS_CONNECTED')).reply.payload).toEqual({ isConnected: true })
    const everything = JSON.stringify(f.posted)
    expect(everything).not.toContain('sess-social-456')
    expect(everything).not.toMatch(/privateKey|sessionPublicKey|x-portico|stamp/i)
    expect(f.posted.every((p) => p.targetOrigin === HOST)).toBe(true)
  })

  it('CONNECT_SOCIAL takes the result only from the callback origin, for its own state, never from the host page', async () => {
    const socialStart = vi.fn(async (_b: { sessionKeyHash: string }) => ({
      uri: `http://127.0.0.1:4100/auth?state=s1&redirect_uri=${encodeURIComponent(CALLBACK)}`,
    }))
    const socialFinish = vi.fn(async (_b: { resultUri: string; sessionPublicKey: string }, _k: CryptoKey) => ({
      sessionId: 'sess-social-456',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: { ...authUser, email: null, userName: 'ada_gh', socialProvider: 'github' },
    }))
    const f = frame(fakeApi({ socialStart, socialFinish }))
    const result = (resultUri: string) => ({ channel: 'portico:social', type: 'SOCIAL_RESULT', resultUri })
    // No login pending: nothing is taken.
    expect(f.service.socialResult({ origin: API, data: result(`${CALLBACK}?state=s1&code=c1`) })).toBe(false)
    await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    const connecting = f.send('CONNECT_SOCIAL')
    expect(f.service.socialResult({ origin: HOST, data: result(`${CALLBACK}?state=s1&code=c1`) })).toBe(false)
    expect(f.service.socialResult({ origin: API, data: result(`${CALLBACK}?state=s2&code=c1`) })).toBe(false)
    expect(f.service.socialResult({ origin: API, data: { channel: 'portico:social', type: 'OTHER' } })).toBe(false)
    // The host page can not hand a result in through the app channel either: CONNECT_SOCIAL's payload has no uri.
    expect(socialFinish).not.toHaveBeenCalled()
    expect(f.service.socialResult({ origin: API, data: result(`${CALLBACK}?state=s1&code=c2`) })).toBe(true)
    expect((await connecting).reply.type).toBe('CONNECT_SOCIAL_SUCCESS')
    expect(socialFinish.mock.calls[0]![0].resultUri).toBe(`${CALLBACK}?state=s1&code=c2`)
    expect(await sessionKeyHashOf(socialFinish.mock.calls[0]![0].sessionPublicKey)).toBe(socialStart.mock.calls[0]![0].sessionKeyHash)
    // CONNECT_SOCIAL without a start: failed.
    expect((await f.send('CONNECT_SOCIAL')).reply).toMatchObject({
      type: 'CONNECT_SOCIAL_ERROR',
      payload: { message: 'Failed to connect' },
    })
  })

  it('CONNECT_SOCIAL refused by the server: its message, no session kept', async () => {
    const f = frame(fakeApi({ socialFinish: async () => Promise.reject(new Error('Failed to connect')) }))
    await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    const connecting = f.send('CONNECT_SOCIAL')
    f.service.socialResult({
      origin: API,
      data: { channel: 'portico:social', type: 'SOCIAL_RESULT', resultUri: `${CALLBACK}?state=s1&code=old` },
    })
    expect((await connecting).reply).toMatchObject({
      type: 'CONNECT_SOCIAL_ERROR',
      payload: { message: 'Failed to connect' },
    })
    expect(await f.sessions.get()).toBeUndefined()
    expect((await f.send('IS_CONNECTED')).reply.payload).toEqual({ isConnected: false })
  })

  it('email connect names the host page to the API (its approval mail and page show it)', async () => {
    const emailConnect = vi.fn(async (_email: string, _deviceId: string, _keyHash: string, _hostOrigin?: string) => ({
      action: 'VERIFY_DEVICE' as const,
    }))
    const f = frame(fakeApi({ emailConnect }))
    await f.send('CONNECT_EMAIL', { email: 'ada@example.com' })
    expect(emailConnect).toHaveBeenCalledWith(
      'ada@example.com',
      'device-0123456789abcdef',
      expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      HOST,
    )

    const seen: unknown[] = []
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      seen.push(JSON.parse(String(init?.body)))
      return new Response(JSON.stringify({ action: 'VERIFY_DEVICE' }), { status: 200 })
    })
    const api = createAuthApi({ apiUrl: 'http://127.0.0.1:4000', fetch: fetch as typeof globalThis.fetch })
    const keyHash = 'A'.repeat(43)
    await api.emailConnect('a@b.co', 'device-0123456789abcdef', keyHash, HOST)
    await api.emailConnect('a@b.co', 'device-0123456789abcdef', keyHash)
    expect(seen).toEqual([
      { email: 'a@b.co', deviceId: 'device-0123456789abcdef', sessionKeyHash: keyHash, hostOrigin: HOST },
      { email: 'a@b.co', deviceId: 'device-0123456789abcdef', sessionKeyHash: keyHash },
    ])
  })

  it('the API client posts social start and finish as the contract says, and parses the answers', async () => {
    const seen: { url: string; body: unknown }[] = []
    const headers: Record<string, string>[] = []
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(url), body: JSON.parse(String(init?.body)) })
      headers.push(init?.headers as Record<string, string>)
      if (String(url).endsWith('/start')) return new Response(JSON.stringify({ uri: 'http://127.0.0.1:4100/auth?x=1' }), { status: 200 })
      return new Response(JSON.stringify({ sessionId: 's', expiresAt: '2030-01-01T00:00:00.000Z', user: authUser }), { status: 200 })
    })
    const api = createAuthApi({ apiUrl: 'http://127.0.0.1:4000/', fetch: fetch as typeof globalThis.fetch })
    const key = await generateLoginKey()
    await expect(
      api.socialStart({ provider: 'google', hostOrigin: HOST, deviceId: 'device-0123456789abcdef', sessionKeyHash: key.keyHash }),
    ).resolves.toEqual({
      uri: 'http://127.0.0.1:4100/auth?x=1',
    })
    await expect(
      api.socialFinish(
        { resultUri: 'http://r', deviceId: 'device-0123456789abcdef', sessionPublicKey: key.publicKey },
        key.keyPair.privateKey,
      ),
    ).resolves.toMatchObject({ sessionId: 's', user: { userId: 'u1' } })
    expect(seen).toEqual([
      {
        url: 'http://127.0.0.1:4000/v1/auth/social/start',
        body: { provider: 'google', hostOrigin: HOST, deviceId: 'device-0123456789abcdef', sessionKeyHash: key.keyHash },
      },
      {
        url: 'http://127.0.0.1:4000/v1/auth/social/finish',
        body: { resultUri: 'http://r', deviceId: 'device-0123456789abcdef', sessionPublicKey: key.publicKey },
      },
    ])
    // The finish is stamped by the login's key (no session yet); the start is not stamped.
    expect(Object.keys(headers[0]!)).toEqual(['content-type'])
    expect(headers[1]!['x-portico-session']).toBeUndefined()
    const ts = headers[1]!['x-portico-timestamp']!
    const sig = Buffer.from(headers[1]!['x-portico-stamp']!, 'base64url')
    const spki = Buffer.from(key.publicKey, 'base64url')
    const publicKey = await crypto.subtle.importKey('spki', spki, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify'])
    const payload = stampPayload('POST', '/v1/auth/social/finish', ts, JSON.stringify(seen[1]!.body))
    expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, sig, new TextEncoder().encode(payload))).toBe(true)
    const bad = createAuthApi({
      apiUrl: 'http://127.0.0.1:4000',
      fetch: (async () => new Response(JSON.stringify({ url: 'x' }), { status: 200 })) as typeof globalThis.fetch,
    })
    await expect(
      bad.socialStart({ provider: 'google', hostOrigin: HOST, deviceId: 'device-0123456789abcdef', sessionKeyHash: key.keyHash }),
    ).rejects.toThrow('Invalid response from /v1/auth/social/start')
  })
})

describe('frame Farcaster login', () => {
  const session = (userName: string) => ({
    sessionId: 'sess-farcaster-789',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    user: { ...authUser, email: null, userName, socialProvider: 'farcaster' },
  })

  it('GET_FARCASTER_URI: POST /v1/auth/farcaster/start with the device id → { url } (the channel token stays in the frame)', async () => {
    const farcasterStart = vi.fn(async () => ({
      url: 'https://warpcast.com/~/siwf?channelToken=chan-0123456789abcdef',
      channelToken: 'chan-0123456789abcdef',
    }))
    const f = frame(fakeApi({ farcasterStart }))
    const { outcome, reply } = await f.send('GET_FARCASTER_URI')
    expect(outcome).toBe('accepted')
    expect(reply).toEqual({
      channel: 'portico:frame',
      id: reply.id,
      type: 'GET_FARCASTER_URI_SUCCESS',
      payload: { url: 'https://warpcast.com/~/siwf?channelToken=chan-0123456789abcdef' },
    })
    // The host page's origin goes with it: the approver names the app (issue 25 §1).
    expect(farcasterStart).toHaveBeenCalledWith('device-0123456789abcdef', expect.stringMatching(HASH), HOST)
  })

  it('CONNECT_FARCASTER: polls /status (pending, pending, session) with one new P-256 key, stores the session → { userName }; GET_USER works', async () => {
    const answers: unknown[] = [{ state: 'pending' }, { state: 'pending' }, session('ada')]
    const farcasterStatus = vi.fn(async () => answers.shift() as never)
    const farcasterStart = vi.fn(async (_d: string, _h: string) => ({
      url: 'https://warpcast.com/~/siwf?channelToken=chan-0123456789abcdef',
      channelToken: 'chan-0123456789abcdef',
    }))
    const api = fakeApi({ farcasterStart, farcasterStatus, user: async () => session('ada').user })
    const sessions = memorySessionStore()
    const service = createFrameService({ api, sessions, deviceId: () => 'device-0123456789abcdef', chainId: 31337, farcasterPollMs: 5 })
    await service.GET_FARCASTER_URI({})
    expect(await service.CONNECT_FARCASTER({})).toEqual({ userName: 'ada' })
    expect(farcasterStatus).toHaveBeenCalledTimes(3)
    const keys = farcasterStatus.mock.calls.map(
      (c) => (c as unknown as [{ sessionPublicKey: string; channelToken: string; deviceId: string }])[0],
    )
    expect(new Set(keys.map((k) => k.sessionPublicKey)).size).toBe(1)
    // The channel was opened for this key (its hash), and each poll is stamped by it.
    expect(await sessionKeyHashOf(keys[0]!.sessionPublicKey)).toBe(farcasterStart.mock.calls[0]![1])
    const stamping = farcasterStatus.mock.calls.map((c) => (c as unknown as [unknown, CryptoKey])[1])
    expect(keys[0]).toMatchObject({ channelToken: 'chan-0123456789abcdef', deviceId: 'device-0123456789abcdef' })
    const stored = await sessions.get()
    expect(stored).toMatchObject({ sessionId: 'sess-farcaster-789', email: null })
    expect(stored!.keyPair.privateKey.extractable).toBe(false)
    expect(stamping.every((k) => k === stored!.keyPair.privateKey)).toBe(true)
    expect(await service.GET_USER({})).toMatchObject({ userName: 'ada', email: null, socialProvider: 'farcaster' })
  })

  it('CONNECT_FARCASTER without a channel, after the wait, or when the server refuses: an error, no session', async () => {
    const sessions = memorySessionStore()
    const service = createFrameService({
      api: fakeApi(),
      sessions,
      deviceId: () => 'device-0123456789abcdef',
      chainId: 1,
      farcasterPollMs: 5,
      farcasterWaitMs: 30,
    })
    await expect(service.CONNECT_FARCASTER({})).rejects.toThrow('Failed to connect to farcaster')
    await service.GET_FARCASTER_URI({})
    await expect(service.CONNECT_FARCASTER({})).rejects.toThrow('Failed to connect to farcaster')
    const refused = createFrameService({
      api: fakeApi({ farcasterStatus: async () => Promise.reject(new Error('The Farcaster sign-in message is not valid')) }),
      sessions,
      deviceId: () => 'device-0123456789abcdef',
      chainId: 1,
    })
    await refused.GET_FARCASTER_URI({})
    await expect(refused.CONNECT_FARCASTER({})).rejects.toThrow('The Farcaster sign-in message is not valid')
    expect(await sessions.get()).toBeUndefined()
  })

  it('a new GET_FARCASTER_URI or SIGN_OUT ends the poll of the old channel', async () => {
    const service = createFrameService({
      api: fakeApi(),
      sessions: memorySessionStore(),
      deviceId: () => 'device-0123456789abcdef',
      chainId: 1,
      farcasterPollMs: 5,
    })
    await service.GET_FARCASTER_URI({})
    const first = service.CONNECT_FARCASTER({})
    await service.GET_FARCASTER_URI({})
    await expect(first).rejects.toThrow('Failed to connect to farcaster')
    const second = service.CONNECT_FARCASTER({})
    await service.SIGN_OUT({})
    await expect(second).rejects.toThrow('Failed to connect to farcaster')
  })
})
