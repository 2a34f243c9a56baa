import { generateKeyPairSync, verify } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { driveOidcAuthorization, getFreePort, type OidcProvider, startOidcProvider } from '@portico/devnet'
import {
  AUTH_ERRORS,
  authUserSchema,
  otpResponseSchema,
  SOCIAL_STATE_TTL_MS,
  socialResultMessageSchema,
  socialStartResponseSchema,
  stampPayload,
} from '@portico/protocol/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FRAME_ORIGIN, type FrameKey, frameKey, loginPost, memoryMailbox, post, stamped, TEST_KEK } from '../auth/test-support.ts'
import { startServer } from '../index.ts'
import { openTestApp, TEST_CHAINS, type TestApp } from '../test-support.ts'

const PUBLIC = 'http://127.0.0.1:7777'
const CALLBACK = `${PUBLIC}/v1/auth/social/callback`
const HOST = 'http://127.0.0.1:5173'
const PROVIDERS = ['google', 'github', 'discord'] as const

let clock = Date.parse('2031-03-04T05:06:07.000Z')
let oidc: OidcProvider
let app: TestApp
let reported: unknown[]
let close: () => Promise<void>
const mailbox = memoryMailbox()
let seq = 0
const deviceId = () => `social-device-${String(++seq).padStart(6, '0')}`

beforeAll(async () => {
  oidc = await startOidcProvider({
    clients: PROVIDERS.map((p) => ({ clientId: `portico-${p}`, clientSecret: `secret-${p}`, redirectUris: [CALLBACK] })),
  })
  const endpoints = {
    authorizationEndpoint: oidc.authorizationEndpoint,
    tokenEndpoint: oidc.tokenEndpoint,
    userinfoEndpoint: oidc.userinfoEndpoint,
    scopes: ['openid', 'email', 'profile'],
  }
  const t = await openTestApp({
    auth: {
      keyCustody: 'server',
      kek: TEST_KEK,
      mail: mailbox,
      frameOrigins: [FRAME_ORIGIN],
      now: () => clock,
      social: {
        redirectBaseUrl: PUBLIC,
        providers: Object.fromEntries(PROVIDERS.map((p) => [p, { clientId: `portico-${p}`, clientSecret: `secret-${p}`, ...endpoints }])),
      },
    },
  })
  app = t.app
  reported = t.reported
  K = await frameKey()
  close = t.close
})
afterAll(async () => {
  await close?.()
  await oidc?.close()
})

/** The frame's session key of the logins here (a start carries its hash; a finish naming it is stamped by it). */
let K: FrameKey
/**
 * The social routes as the frame calls them (issue 22 §3): start from the frame's origin with K's
 * hash; finish stamped by K when it names K's public key (else unstamped).
 */
async function framePost(target: TestApp, path: string, body: unknown) {
  if (path === '/v1/auth/social/start')
    return post(target, path, { sessionKeyHash: K.keyHash, ...(body as object) }, { origin: FRAME_ORIGIN })
  const named = (body as { sessionPublicKey?: unknown }).sessionPublicKey === K.publicKey
  return loginPost(target, path, body, named ? K : null, {}, clock)
}

const errorOf = async (res: Response) => z.object({ error: z.string() }).parse(await res.json()).error

async function start(provider: string, device: string, hostOrigin = HOST) {
  const res = await framePost(app, '/v1/auth/social/start', { provider, hostOrigin, deviceId: device })
  expect(res.status).toBe(200)
  return new URL(socialStartResponseSchema.parse(await res.json()).uri)
}

/** What the callback page posts, and to which origin. */
function postedBy(html: string) {
  const match = /var m=(\{.*?\});var o=("[^"]*");/.exec(html)
  if (match === null) throw new Error('the page posts nothing')
  return {
    message: socialResultMessageSchema.parse(JSON.parse(match[1] as string)),
    targetOrigin: JSON.parse(match[2] as string) as string,
  }
}

/** start → the dev provider's login page → the callback page: the resultUri the host page gets. */
async function resultUri(provider: string, device: string, account: string) {
  const back = await driveOidcAuthorization((await start(provider, device)).href, { account })
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK)
  const page = await app.request(`${back.pathname}${back.search}`)
  expect(page.status).toBe(200)
  return postedBy(await page.text()).message.resultUri
}

async function finish(uri: string, device: string) {
  const key = K
  const res = await framePost(app, '/v1/auth/social/finish', { resultUri: uri, deviceId: device, sessionPublicKey: key.publicKey })
  return { res, key }
}

async function login(provider: string, account: string) {
  const device = deviceId()
  const { res, key } = await finish(await resultUri(provider, device, account), device)
  expect(res.status).toBe(200)
  const body = otpResponseSchema.parse(await res.json())
  return { ...body, key }
}

describe('social login through the dev OIDC provider', () => {
  it('start answers the provider authorization URL: code flow, PKCE S256, a random state, the registered redirect URI', async () => {
    const a = await start('google', deviceId())
    const b = await start('google', deviceId())
    expect(`${a.origin}${a.pathname}`).toBe(oidc.authorizationEndpoint)
    expect(Object.fromEntries(a.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'portico-google',
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    })
    expect(a.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(a.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(a.searchParams.get('state')).not.toBe(b.searchParams.get('state'))
    expect(a.searchParams.get('code_challenge')).not.toBe(b.searchParams.get('code_challenge'))
  })

  it("the callback page posts the result to the frame's origin only (in the opener's frames, never the opener), under a nonce CSP", async () => {
    const back = await driveOidcAuthorization((await start('google', deviceId())).href, { account: 'ada' })
    const page = await app.request(`${back.pathname}${back.search}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9_-]+'/)
    expect(csp).not.toContain("unsafe-inline'; script")
    expect(csp).toContain("default-src 'none'")
    const html = await page.text()
    const nonce = /'nonce-([A-Za-z0-9_-]+)'/.exec(csp)?.[1]
    expect(html).toContain(`<script nonce="${nonce}">`)
    // Issue 22 §3: to the frames of the opener at the frame origin; the host page itself gets nothing.
    expect(html).toContain('w.frames[i].postMessage(m,o)')
    expect(html).not.toContain('opener.postMessage')
    expect(html).toContain(`var o="${FRAME_ORIGIN}"`)
    expect(html).not.toContain(HOST)
    expect(html).not.toContain("'*'")
    expect(html).not.toContain('"*"')
    // Without an opener there is no one to post to: it closes.
    expect(html).toContain('if(!w){setTimeout(function(){window.close()},50);return}')
    const { message, targetOrigin } = postedBy(html)
    expect(targetOrigin).toBe(FRAME_ORIGIN)
    expect(message.channel).toBe('portico:social')
    expect(message.type).toBe('SOCIAL_RESULT')
    expect(message.error).toBeUndefined()
    const result = new URL(message.resultUri)
    expect(`${result.origin}${result.pathname}`).toBe(CALLBACK)
    expect(result.searchParams.get('code')).toBe(back.searchParams.get('code'))
    expect(result.searchParams.get('state')).toBe(back.searchParams.get('state'))
  })

  it('finish makes a session whose stamp works on GET /v1/auth/user, with socialProvider, userName and the verified email', async () => {
    const session = await login('google', 'ada')
    expect(session.user).toMatchObject({
      socialProvider: 'google',
      userName: 'Ada Lovelace',
      email: 'ada@social.test',
      preferredAccountType: 'eoa',
    })
    expect(session.user.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const me = await stamped(app, session, 'GET', '/v1/auth/user', undefined, clock)
    expect(me.status).toBe(200)
    expect(authUserSchema.parse(await me.json())).toMatchObject({
      userId: session.user.userId,
      socialProvider: 'google',
      userName: 'Ada Lovelace',
    })
    // The new session is mailed to the verified email, naming the host page the login started on.
    const notice = mailbox.lastNotice('ada@social.test')
    expect(notice.subject).toBe('New sign-in to your Portico wallet')
    expect(notice.text).toContain(`Site: ${HOST}\n`)
    expect(notice.text).toMatch(/\/v1\/auth\/sessions\/revoke\?token=[A-Za-z0-9_-]{43}\n/)
  })

  it('the same user logging in twice gets the same user and addresses (a new session)', async () => {
    const first = await login('github', 'ada')
    const second = await login('github', 'ada')
    expect(second.user.userId).toBe(first.user.userId)
    expect(second.user.evmAddress).toBe(first.user.evmAddress)
    expect(second.user.solanaAddress).toBe(first.user.solanaAddress)
    expect(second.sessionId).not.toBe(first.sessionId)
    // Another provider's account of the same person is another user (accounts are never joined by email).
    const google = await login('google', 'ada')
    expect(google.user.userId).not.toBe(first.user.userId)
  })

  it("Discord: the username as the provider gives it (SPEC §3's trailing-0 rule is the client's)", async () => {
    const { user } = await login('discord', 'grace0')
    expect(user).toMatchObject({ socialProvider: 'discord', userName: 'grace0', email: 'grace@social.test' })
  })

  it('an email the provider has not verified is not kept', async () => {
    const { user } = await login('google', 'alan')
    expect(user.email).toBeNull()
    expect(user.userName).toBe('Alan Turing')
  })

  it('a replayed result (state) is refused', async () => {
    const device = deviceId()
    const uri = await resultUri('google', device, 'ada')
    expect((await finish(uri, device)).res.status).toBe(200)
    const again = (await finish(uri, device)).res
    expect(again.status).toBe(400)
    expect(await errorOf(again)).toMatch(/expired or was already used/)
    // The callback page of a used state posts nothing any more.
    const page = await app.request(new URL(uri).pathname + new URL(uri).search)
    expect(page.status).toBe(400)
    expect(await page.text()).not.toContain('<script')
  })

  it('an expired state is refused, by the callback page and by finish', async () => {
    const device = deviceId()
    const back = await driveOidcAuthorization((await start('google', device)).href, { account: 'ada' })
    const uri = postedBy(await (await app.request(`${back.pathname}${back.search}`)).text()).message.resultUri
    clock += SOCIAL_STATE_TTL_MS + 1
    try {
      const page = await app.request(`${back.pathname}${back.search}`)
      expect(page.status).toBe(400)
      expect(await page.text()).not.toContain('<script')
      const res = (await finish(uri, device)).res
      expect(res.status).toBe(400)
    } finally {
      clock -= SOCIAL_STATE_TTL_MS + 1
    }
  })

  it('a state finished from another device is refused (and used up)', async () => {
    const device = deviceId()
    const uri = await resultUri('google', device, 'ada')
    const other = (await finish(uri, deviceId())).res
    expect(other.status).toBe(400)
    expect(await errorOf(other)).toBe(AUTH_ERRORS.socialFailed)
    expect((await finish(uri, device)).res.status).toBe(400)
  })

  it('a wrong code is refused with a 400, not a 500', async () => {
    const device = deviceId()
    const uri = new URL(await resultUri('google', device, 'ada'))
    uri.searchParams.set('code', 'not-the-code-the-provider-gave')
    const res = (await finish(uri.href, device)).res
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(AUTH_ERRORS.socialFailed)
    expect(reported).toEqual([])
  })

  it('a tampered resultUri is refused', async () => {
    const device = deviceId()
    const uri = await resultUri('google', device, 'ada')
    const elsewhere = new URL(uri)
    elsewhere.host = 'evil.example'
    const otherPath = new URL(uri)
    otherPath.pathname = '/v1/auth/social/callback2'
    const otherState = new URL(uri)
    otherState.searchParams.set('state', 'A'.repeat(43))
    for (const bad of [elsewhere.href, otherPath.href, otherState.href, 'not a url', `${CALLBACK}?code=x`, 'javascript:alert(1)']) {
      const res = (await finish(bad, device)).res
      expect(res.status, bad).toBe(400)
    }
    // None of them used the state: the real result still works.
    expect((await finish(uri, device)).res.status).toBe(200)
  })

  it('a user who cancels at the provider: the error is posted, and finish says Connection rejected', async () => {
    const device = deviceId()
    const back = await driveOidcAuthorization((await start('google', device)).href, { account: 'cancel' })
    expect(back.searchParams.get('error')).toBe('access_denied')
    const page = await app.request(`${back.pathname}${back.search}`)
    expect(page.status).toBe(200)
    const { message, targetOrigin } = postedBy(await page.text())
    expect(targetOrigin).toBe(FRAME_ORIGIN)
    expect(message.error).toBe('access_denied')
    const res = (await finish(message.resultUri, device)).res
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(AUTH_ERRORS.socialDenied)
  })

  describe('a login belongs to the frame that started it (issue 22 §3)', () => {
    /** A start by the frame with key A, and the result the callback page posts to the frame. */
    async function startedWith(a: FrameKey, account = 'ada') {
      const device = deviceId()
      const res = await post(
        app,
        '/v1/auth/social/start',
        { provider: 'google', hostOrigin: HOST, deviceId: device, sessionKeyHash: a.keyHash },
        { origin: FRAME_ORIGIN },
      )
      expect(res.status).toBe(200)
      const back = await driveOidcAuthorization(socialStartResponseSchema.parse(await res.json()).uri, { account })
      const page = await app.request(`${back.pathname}${back.search}`)
      return { device, resultUri: postedBy(await page.text()).message.resultUri }
    }
    const finishBody = (resultUri: string, device: string, key: FrameKey) => ({
      resultUri,
      deviceId: device,
      sessionPublicKey: key.publicKey,
    })

    it('a finish with another key (stamped by it) is refused with 403, and the frame still finishes with its own', async () => {
      const a = await frameKey()
      const b = await frameKey()
      const { device, resultUri } = await startedWith(a)
      const stolen = await loginPost(app, '/v1/auth/social/finish', finishBody(resultUri, device, b), b, {}, clock)
      expect(stolen.status).toBe(403)
      expect(await errorOf(stolen)).toBe(AUTH_ERRORS.loginKeyMismatch)
      const own = await loginPost(app, '/v1/auth/social/finish', finishBody(resultUri, device, a), a, {}, clock)
      expect(own.status).toBe(200)
      const session = otpResponseSchema.parse(await own.json())
      const me = await stamped(app, { sessionId: session.sessionId, key: a }, 'GET', '/v1/auth/user', undefined, clock)
      expect(me.status).toBe(200)
    })

    it("a finish naming the start's key without a stamp, or stamped by another key, or stale, is refused with 401", async () => {
      const a = await frameKey()
      const b = await frameKey()
      const { device, resultUri } = await startedWith(a)
      const body = finishBody(resultUri, device, a)
      for (const res of [
        await loginPost(app, '/v1/auth/social/finish', body, null, {}, clock),
        await loginPost(app, '/v1/auth/social/finish', body, b, {}, clock),
        await loginPost(app, '/v1/auth/social/finish', body, a, {}, clock - 61_000),
      ]) {
        expect(res.status).toBe(401)
        expect(await errorOf(res)).toBe(AUTH_ERRORS.loginProofInvalid)
      }
      // None of them used the state up.
      expect((await loginPost(app, '/v1/auth/social/finish', body, a, {}, clock)).status).toBe(200)
    })

    it("the host page's server can not start a login: no frame Origin (or the host's) is refused", async () => {
      const a = await frameKey()
      const body = { provider: 'google', hostOrigin: HOST, deviceId: deviceId(), sessionKeyHash: a.keyHash }
      for (const headers of [{}, { origin: HOST }, { origin: 'https://evil.example' }] as Record<string, string>[]) {
        const res = await post(app, '/v1/auth/social/start', body, headers)
        expect(res.status).toBe(400)
        expect(await errorOf(res)).toBe('The social sign-in must start in the frame')
      }
      const missing = await post(app, '/v1/auth/social/start', { ...body, sessionKeyHash: undefined }, { origin: FRAME_ORIGIN })
      expect(missing.status).toBe(400)
    })
  })

  it('form_post callbacks (Apple) get the same page', async () => {
    const device = deviceId()
    const back = await driveOidcAuthorization((await start('google', device)).href, { account: 'ada' })
    const page = await app.request('/v1/auth/social/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: back.searchParams.toString(),
    })
    expect(page.status).toBe(200)
    const { message } = postedBy(await page.text())
    expect((await finish(message.resultUri, device)).res.status).toBe(200)
  })

  it('an unknown state gets an error page that posts nothing', async () => {
    for (const query of [
      `?state=${'B'.repeat(43)}&code=abc`,
      '?code=abc',
      '',
      '?state=%3Cscript%3E&code=x',
      `?state=${'B'.repeat(43)}&error=access_denied`,
    ]) {
      const page = await app.request(`/v1/auth/social/callback${query}`)
      expect(page.status, query).toBe(400)
      const html = await page.text()
      expect(html).not.toContain('<script')
      expect(html).not.toContain('postMessage')
    }
  })

  it('start refuses an unconfigured provider, a disallowed host origin and bad input (4xx, never 500)', async () => {
    const apple = await framePost(app, '/v1/auth/social/start', { provider: 'apple', hostOrigin: HOST, deviceId: deviceId() })
    expect(apple.status).toBe(400)
    expect(await errorOf(apple)).toBe(AUTH_ERRORS.socialNotConfigured)
    const foreign = await framePost(app, '/v1/auth/social/start', {
      provider: 'google',
      hostOrigin: 'https://evil.example',
      deviceId: deviceId(),
    })
    expect(foreign.status).toBe(400)
    for (const body of [
      {},
      { provider: 'farcaster', hostOrigin: HOST, deviceId: deviceId() },
      { provider: 'google', hostOrigin: '*', deviceId: deviceId() },
      { provider: 'google', hostOrigin: `${HOST}/path`, deviceId: deviceId() },
      { provider: 'google', hostOrigin: HOST, deviceId: 'short' },
      [],
      null,
      'x',
    ]) {
      const res = await framePost(app, '/v1/auth/social/start', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    for (const body of [
      {},
      { resultUri: 1, deviceId: deviceId(), sessionPublicKey: 'x' },
      { resultUri: CALLBACK, deviceId: deviceId(), sessionPublicKey: 'not-a-key' },
      { resultUri: 'x'.repeat(5000), deviceId: deviceId(), sessionPublicKey: 'abc' },
    ]) {
      const res = await framePost(app, '/v1/auth/social/finish', body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
    }
    expect(reported).toEqual([])
  })

  it('CORS: the social routes answer the frame origin, not the host page', async () => {
    const preflight = (origin: string) =>
      app.request('/v1/auth/social/start', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      })
    expect((await preflight(FRAME_ORIGIN)).headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
    expect((await preflight(HOST)).headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('social login over a real listening API (127.0.0.1)', () => {
  it('without redirectBaseUrl the callback is the server URL; start → provider → callback → finish → stamped /v1/auth/user', async () => {
    const port = await getFreePort()
    const apiUrl = `http://127.0.0.1:${port}`
    const provider = await startOidcProvider({
      clients: [{ clientId: 'portico-discord', clientSecret: 'dev', redirectUris: [`${apiUrl}/v1/auth/social/callback`] }],
    })
    const server = await startServer({
      host: '127.0.0.1',
      port,
      chains: TEST_CHAINS,
      onError: () => undefined,
      auth: {
        keyCustody: 'server',
        kek: TEST_KEK,
        mail: memoryMailbox(),
        frameOrigins: [FRAME_ORIGIN],
        social: {
          providers: {
            discord: {
              clientId: 'portico-discord',
              clientSecret: 'dev',
              authorizationEndpoint: provider.authorizationEndpoint,
              tokenEndpoint: provider.tokenEndpoint,
              userinfoEndpoint: provider.userinfoEndpoint,
              scopes: ['openid', 'email', 'profile'],
            },
          },
        },
      },
    })
    try {
      expect(server.url).toBe(apiUrl)
      const json = { 'content-type': 'application/json', origin: FRAME_ORIGIN }
      const device = deviceId()
      const key = await frameKey()
      const started = await fetch(`${apiUrl}/v1/auth/social/start`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ provider: 'discord', hostOrigin: HOST, deviceId: device, sessionKeyHash: key.keyHash }),
      })
      expect(started.status).toBe(200)
      expect(started.headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
      const { uri } = socialStartResponseSchema.parse(await started.json())
      const back = await driveOidcAuthorization(uri, { account: 'grace0' })
      expect(`${back.origin}${back.pathname}`).toBe(`${apiUrl}/v1/auth/social/callback`)
      const page = await fetch(back)
      expect(page.status).toBe(200)
      const { message, targetOrigin } = postedBy(await page.text())
      expect(targetOrigin).toBe(FRAME_ORIGIN)
      const body = JSON.stringify({ resultUri: message.resultUri, deviceId: device, sessionPublicKey: key.publicKey })
      const proofTs = String(Date.now())
      const done = await fetch(`${apiUrl}/v1/auth/social/finish`, {
        method: 'POST',
        headers: {
          ...json,
          'x-portico-timestamp': proofTs,
          'x-portico-stamp': await key.sign(stampPayload('POST', '/v1/auth/social/finish', proofTs, body)),
        },
        body,
      })
      expect(done.status).toBe(200)
      const session = otpResponseSchema.parse(await done.json())
      expect(session.user).toMatchObject({ socialProvider: 'discord', userName: 'grace0' })
      const ts = String(Date.now())
      const me = await fetch(`${apiUrl}/v1/auth/user`, {
        headers: {
          'x-portico-session': session.sessionId,
          'x-portico-timestamp': ts,
          'x-portico-stamp': await key.sign(stampPayload('GET', '/v1/auth/user', ts, '')),
        },
      })
      expect(me.status).toBe(200)
      expect(authUserSchema.parse(await me.json()).userId).toBe(session.user.userId)
    } finally {
      await server.stop()
      await provider.close()
    }
  })
})

/**
 * A GitHub stand-in on 127.0.0.1: its token endpoint gives the code back as the access token, its
 * /user has no public email (except for code 'public'), and its /user/emails answers per code.
 */
async function startFakeGitHub() {
  const ID: Record<string, number> = {
    verified: 101,
    unverified: 102,
    status500: 103,
    garbage: 104,
    notalist: 105,
    public: 106,
    secondary: 107,
  }
  const emails: Record<string, { status: number; body: string }> = {
    verified: {
      status: 200,
      body: JSON.stringify([
        { email: 'octo.work@example.com', primary: false, verified: true, visibility: null },
        { email: 'Octo.Private@Users.Example.COM', primary: true, verified: true, visibility: 'private' },
      ]),
    },
    unverified: {
      status: 200,
      body: JSON.stringify([
        { email: 'new@example.com', primary: true, verified: false, visibility: 'private' },
        { email: 'old@example.com', primary: false, verified: true, visibility: null },
      ]),
    },
    status500: { status: 500, body: JSON.stringify({ message: 'Server Error' }) },
    garbage: { status: 200, body: '[{"email": "ada@example.com", "primary": tr' },
    notalist: { status: 200, body: JSON.stringify({ email: 'ada@example.com', primary: true, verified: true }) },
    // Entries of another shape are skipped; the primary verified one still counts.
    secondary: {
      status: 200,
      body: JSON.stringify([null, 'x', { email: 7, primary: true }, { email: 'sec@example.com', primary: true, verified: true }]),
    },
    public: { status: 200, body: '[]' },
  }
  const emailRequests: { token: string | undefined }[] = []
  const server = createServer((req, res) => {
    const token = /^Bearer (\w+)$/.exec(req.headers.authorization ?? '')?.[1]
    const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body)
    if (req.method === 'POST' && req.url === '/login/oauth/access_token') {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      req.on('end', () =>
        send(
          200,
          JSON.stringify({ access_token: new URLSearchParams(body).get('code'), token_type: 'bearer', scope: 'read:user,user:email' }),
        ),
      )
      return
    }
    if (token === undefined || !(token in ID)) return send(401, JSON.stringify({ message: 'Bad credentials' }))
    if (req.url === '/user')
      return send(
        200,
        JSON.stringify({
          id: ID[token],
          login: `octo-${token}`,
          name: 'Octo Cat',
          email: token === 'public' ? 'Octo.Public@Example.com' : null,
        }),
      )
    if (req.url === '/user/emails') {
      emailRequests.push({ token })
      const answer = emails[token]!
      return send(answer.status, answer.body)
    }
    send(404, '{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    emailRequests,
    endpoints: {
      authorizationEndpoint: `${base}/login/oauth/authorize`,
      tokenEndpoint: `${base}/login/oauth/access_token`,
      userinfoEndpoint: `${base}/user`,
      emailsEndpoint: `${base}/user/emails`,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('GitHub without a public email: the primary verified address of GET /user/emails', () => {
  let github: Awaited<ReturnType<typeof startFakeGitHub>>
  let gh: TestApp
  let ghReported: unknown[]
  let ghClose: () => Promise<void>
  beforeAll(async () => {
    github = await startFakeGitHub()
    const t = await openTestApp({
      auth: {
        keyCustody: 'server',
        kek: TEST_KEK,
        mail: memoryMailbox(),
        frameOrigins: [FRAME_ORIGIN],
        now: () => clock,
        social: {
          redirectBaseUrl: PUBLIC,
          providers: { github: { clientId: 'gh-client', clientSecret: 'gh-secret', ...github.endpoints } },
        },
      },
    })
    gh = t.app
    ghReported = t.reported
    ghClose = t.close
  })
  afterAll(async () => {
    await ghClose?.()
    await github?.close()
  })

  /** start, then finish with the code the fake provider turns into this scenario's token. */
  async function githubLogin(scenario: string) {
    const device = deviceId()
    const started = await framePost(gh, '/v1/auth/social/start', { provider: 'github', hostOrigin: HOST, deviceId: device })
    expect(started.status).toBe(200)
    const state = new URL(socialStartResponseSchema.parse(await started.json()).uri).searchParams.get('state')!
    const key = K
    const res = await framePost(gh, '/v1/auth/social/finish', {
      resultUri: `${CALLBACK}?state=${state}&code=${scenario}`,
      deviceId: device,
      sessionPublicKey: key.publicKey,
    })
    expect(res.status, scenario).toBe(200)
    return otpResponseSchema.parse(await res.json()).user
  }

  it.each([
    ['verified', 'octo.private@users.example.com'],
    ['secondary', 'sec@example.com'],
    ['unverified', null],
    ['status500', null],
    ['garbage', null],
    ['notalist', null],
  ])("emails answer %s → the user's email is %s, and sign-in succeeds", async (scenario, email) => {
    const user = await githubLogin(scenario)
    expect(user).toMatchObject({ socialProvider: 'github', userName: `octo-${scenario}`, email })
    // Read with the same access token.
    expect(github.emailRequests.at(-1)).toEqual({ token: scenario })
    expect(ghReported).toEqual([])
  })

  it('a public profile email is used as it is, without reading the list', async () => {
    const before = github.emailRequests.length
    const user = await githubLogin('public')
    expect(user.email).toBe('octo.public@example.com')
    expect(github.emailRequests.length).toBe(before)
  })

  it('an emails endpoint that cannot be reached: no email, sign-in still succeeds', async () => {
    const unreachable = await openTestApp({
      auth: {
        keyCustody: 'server',
        kek: TEST_KEK,
        mail: memoryMailbox(),
        frameOrigins: [FRAME_ORIGIN],
        now: () => clock,
        social: {
          redirectBaseUrl: PUBLIC,
          providers: {
            github: {
              clientId: 'gh-client',
              clientSecret: 'gh-secret',
              ...github.endpoints,
              emailsEndpoint: `http://127.0.0.1:${await getFreePort()}/user/emails`,
            },
          },
        },
      },
    })
    try {
      const device = deviceId()
      const started = await framePost(unreachable.app, '/v1/auth/social/start', { provider: 'github', hostOrigin: HOST, deviceId: device })
      const state = new URL(socialStartResponseSchema.parse(await started.json()).uri).searchParams.get('state')!
      const res = await framePost(unreachable.app, '/v1/auth/social/finish', {
        resultUri: `${CALLBACK}?state=${state}&code=verified`,
        deviceId: device,
        sessionPublicKey: K.publicKey,
      })
      expect(res.status).toBe(200)
      expect(otpResponseSchema.parse(await res.json()).user).toMatchObject({ userName: 'octo-verified', email: null })
      expect(unreachable.reported).toEqual([])
    } finally {
      await unreachable.close()
    }
  })
})

/**
 * A token endpoint on 127.0.0.1 that records how the client authenticated (the Authorization header,
 * the form) and answers tokens: an ID token without a signature (Apple has no userinfo endpoint), and
 * at GET /userinfo a profile (for a provider that has one).
 */
async function startFakeTokenEndpoint() {
  const requests: { authorization: string | undefined; form: URLSearchParams }[] = []
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const server = createServer((req, res) => {
    const send = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (req.method === 'GET' && req.url === '/userinfo')
      return send({ sub: 'g-user', name: 'Grace', email: 'grace@example.com', email_verified: true })
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      requests.push({ authorization: req.headers.authorization, form: new URLSearchParams(body) })
      const idToken = `${b64({ alg: 'none' })}.${b64({ iss: 'https://appleid.apple.com', sub: `apple-user-${requests.length}`, email: 'Kim@PrivateRelay.AppleID.com', email_verified: 'true' })}.sig`
      send({ access_token: 'at', token_type: 'bearer', id_token: idToken })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** start and finish (with code 'c') against a provider whose endpoints answer any code. */
type OpenedApp = Awaited<ReturnType<typeof openTestApp>>

async function signIn(t: OpenedApp, provider = 'apple') {
  const device = deviceId()
  const started = await framePost(t.app, '/v1/auth/social/start', { provider, hostOrigin: HOST, deviceId: device })
  const uri = new URL(socialStartResponseSchema.parse(await started.json()).uri)
  const res = await framePost(t.app, '/v1/auth/social/finish', {
    resultUri: `${CALLBACK}?state=${uri.searchParams.get('state')}&code=c`,
    deviceId: device,
    sessionPublicKey: K.publicKey,
  })
  expect(res.status).toBe(200)
  return { uri, user: otpResponseSchema.parse(await res.json()).user }
}

describe('the client at the token endpoint: Apple sends its minted client secret JWT in the form, the others HTTP Basic', () => {
  it('sends an ES256 JWT of the configured key (iss team id, sub client id) in the form body (client_secret_post), the same one while fresh', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const fake = await startFakeTokenEndpoint()
    const t = await openTestApp({
      auth: {
        keyCustody: 'server',
        kek: TEST_KEK,
        mail: memoryMailbox(),
        frameOrigins: [FRAME_ORIGIN],
        now: () => clock,
        social: {
          redirectBaseUrl: PUBLIC,
          providers: {
            apple: {
              clientId: 'com.example.signin',
              signingKey: {
                teamId: 'TEAM123456',
                keyId: 'KEY7654321',
                privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
              },
              authorizationEndpoint: `${fake.base}/auth/authorize`,
              tokenEndpoint: `${fake.base}/auth/token`,
            },
          },
        },
      },
    })
    try {
      const first = await signIn(t)
      expect(first.uri.searchParams.get('response_mode')).toBe('form_post')
      expect(first.user).toMatchObject({ socialProvider: 'apple', email: 'kim@privaterelay.appleid.com' })
      const [request] = fake.requests as [(typeof fake.requests)[number]]
      // Apple supports client_secret_post only: the credentials are in the form, no Authorization header.
      expect(request.authorization).toBeUndefined()
      expect(request.form.get('client_id')).toBe('com.example.signin')
      expect(Object.fromEntries(request.form)).toMatchObject({ grant_type: 'authorization_code', code: 'c', redirect_uri: CALLBACK })
      expect(request.form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const jwt = request.form.get('client_secret') as string
      const [header, claims, signature] = jwt.split('.') as [string, string, string]
      expect(
        verify(
          'sha256',
          Buffer.from(`${header}.${claims}`),
          { key: publicKey, dsaEncoding: 'ieee-p1363' },
          Buffer.from(signature, 'base64url'),
        ),
      ).toBe(true)
      expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toStrictEqual({ alg: 'ES256', kid: 'KEY7654321' })
      const iat = Math.floor(clock / 1000)
      expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toStrictEqual({
        iss: 'TEAM123456',
        iat,
        exp: iat + 3600,
        aud: 'https://appleid.apple.com',
        sub: 'com.example.signin',
      })
      await signIn(t)
      expect(fake.requests[1]?.form.get('client_secret')).toBe(jwt)
      expect(t.reported).toEqual([])
    } finally {
      await t.close()
      await fake.close()
    }
  })

  it('the other providers send the client id and secret in an HTTP Basic header, not in the form (client_secret_basic)', async () => {
    const fake = await startFakeTokenEndpoint()
    const t = await openTestApp({
      auth: {
        keyCustody: 'server',
        kek: TEST_KEK,
        mail: memoryMailbox(),
        frameOrigins: [FRAME_ORIGIN],
        now: () => clock,
        social: {
          redirectBaseUrl: PUBLIC,
          providers: {
            google: {
              clientId: 'g-client',
              clientSecret: 'g-secret',
              authorizationEndpoint: `${fake.base}/auth`,
              tokenEndpoint: `${fake.base}/token`,
              userinfoEndpoint: `${fake.base}/userinfo`,
            },
          },
        },
      },
    })
    try {
      expect((await signIn(t, 'google')).user).toMatchObject({ socialProvider: 'google', userName: 'Grace', email: 'grace@example.com' })
      const [request] = fake.requests as [(typeof fake.requests)[number]]
      expect(request.authorization).toBe(`Basic ${Buffer.from('g-client:g-secret').toString('base64')}`)
      expect(request.form.get('client_secret')).toBeNull()
      expect(request.form.get('client_id')).toBeNull()
      expect(request.form.get('grant_type')).toBe('authorization_code')
      expect(t.reported).toEqual([])
    } finally {
      await t.close()
      await fake.close()
    }
  })

  it("through the dev OIDC provider's Apple stand-in (client_secret_post only): signs in; with tokenAuth 'basic' the provider refuses the client", async () => {
    const provider = await startOidcProvider({
      clients: [
        { clientId: 'portico-apple', clientSecret: 'dev-apple', redirectUris: [CALLBACK], tokenEndpointAuthMethod: 'client_secret_post' },
      ],
    })
    const open = (tokenAuth?: 'basic') =>
      openTestApp({
        auth: {
          keyCustody: 'server',
          kek: TEST_KEK,
          mail: memoryMailbox(),
          frameOrigins: [FRAME_ORIGIN],
          now: () => clock,
          social: {
            redirectBaseUrl: PUBLIC,
            providers: {
              apple: {
                clientId: 'portico-apple',
                clientSecret: 'dev-apple',
                authorizationEndpoint: provider.authorizationEndpoint,
                tokenEndpoint: provider.tokenEndpoint,
                userinfoEndpoint: provider.userinfoEndpoint,
                scopes: ['openid', 'email', 'profile'],
                // The code comes back in the query (driveOidcAuthorization follows redirects, not form_post).
                authorizationParams: {},
                ...(tokenAuth ? { tokenAuth } : {}),
              },
            },
          },
        },
      })
    const viaProvider = async (t: OpenedApp, code?: string) => {
      const device = deviceId()
      const started = await framePost(t.app, '/v1/auth/social/start', { provider: 'apple', hostOrigin: HOST, deviceId: device })
      const back = await driveOidcAuthorization(socialStartResponseSchema.parse(await started.json()).uri, { account: 'ada' })
      if (code !== undefined) back.searchParams.set('code', code)
      return framePost(t.app, '/v1/auth/social/finish', {
        resultUri: back.href,
        deviceId: device,
        sessionPublicKey: K.publicKey,
      })
    }
    const withPost = await open()
    const withBasic = await open('basic')
    try {
      const ok = await viaProvider(withPost)
      expect(ok.status).toBe(200)
      expect(otpResponseSchema.parse(await ok.json()).user).toMatchObject({
        socialProvider: 'apple',
        userName: 'Ada Lovelace',
        email: 'ada@social.test',
      })
      // The provider's OAuth error on the form-authenticated request is the caller's doing too (a 400).
      const wrongCode = await viaProvider(withPost, 'not-the-code-the-provider-gave')
      expect(wrongCode.status).toBe(400)
      expect(await errorOf(wrongCode)).toBe(AUTH_ERRORS.socialFailed)
      const refused = await viaProvider(withBasic)
      expect(refused.status).toBe(400)
      expect(await errorOf(refused)).toBe(AUTH_ERRORS.socialFailed)
      expect(withPost.reported).toEqual([])
      expect(withBasic.reported).toEqual([])
    } finally {
      await withPost.close()
      await withBasic.close()
      await provider.close()
    }
  })
})
