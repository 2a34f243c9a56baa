import { driveOidcAuthorization, getFreePort, type OidcProvider, startOidcProvider } from '@portico/devnet'
import { AUTH_ERRORS, authUserSchema, otpResponseSchema, SOCIAL_STATE_TTL_MS, socialResultMessageSchema, socialStartResponseSchema, stampPayload } from '@portico/protocol/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FRAME_ORIGIN, frameKey, memoryMailbox, post, stamped, TEST_KEK } from '../auth/test-support.ts'
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
let seq = 0
const deviceId = () => `social-device-${String(++seq).padStart(6, '0')}`

beforeAll(async () => {
  oidc = await startOidcProvider({ clients: PROVIDERS.map((p) => ({ clientId: `portico-${p}`, clientSecret: `secret-${p}`, redirectUris: [CALLBACK] })) })
  const endpoints = { authorizationEndpoint: oidc.authorizationEndpoint, tokenEndpoint: oidc.tokenEndpoint, userinfoEndpoint: oidc.userinfoEndpoint, scopes: ['openid', 'email', 'profile'] }
  const t = await openTestApp({
    auth: {
      kek: TEST_KEK,
      mail: memoryMailbox(),
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
  close = t.close
})
afterAll(async () => {
  await close?.()
  await oidc?.close()
})

const errorOf = async (res: Response) => z.object({ error: z.string() }).parse(await res.json()).error

async function start(provider: string, device: string, hostOrigin = HOST) {
  const res = await post(app, '/v1/auth/social/start', { provider, hostOrigin, deviceId: device })
  expect(res.status).toBe(200)
  return new URL(socialStartResponseSchema.parse(await res.json()).uri)
}

/** What the callback page posts, and to which origin. */
function postedBy(html: string) {
  const match = /var m=(\{.*?\});var o=("[^"]*");/.exec(html)
  if (match === null) throw new Error('the page posts nothing')
  return { message: socialResultMessageSchema.parse(JSON.parse(match[1] as string)), targetOrigin: JSON.parse(match[2] as string) as string }
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
  const key = await frameKey()
  const res = await post(app, '/v1/auth/social/finish', { resultUri: uri, deviceId: device, sessionPublicKey: key.publicKey })
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

  it('the callback page posts the result to the stored host origin only, under a nonce CSP, and closes', async () => {
    const back = await driveOidcAuthorization((await start('google', deviceId())).href, { account: 'ada' })
    const page = await app.request(`${back.pathname}${back.search}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9_-]+'/)
    expect(csp).not.toContain('unsafe-inline\'; script')
    expect(csp).toContain("default-src 'none'")
    const html = await page.text()
    const nonce = /'nonce-([A-Za-z0-9_-]+)'/.exec(csp)?.[1]
    expect(html).toContain(`<script nonce="${nonce}">`)
    expect(html).toContain(`window.opener.postMessage(m,o)`)
    expect(html).toContain(`var o="${HOST}"`)
    expect(html).not.toContain("'*'")
    expect(html).not.toContain('"*"')
    expect(html).toContain('window.close()')
    const { message, targetOrigin } = postedBy(html)
    expect(targetOrigin).toBe(HOST)
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
    expect(session.user).toMatchObject({ socialProvider: 'google', userName: 'Ada Lovelace', email: 'ada@social.test', preferredAccountType: 'eoa' })
    expect(session.user.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const me = await stamped(app, session, 'GET', '/v1/auth/user', undefined, clock)
    expect(me.status).toBe(200)
    expect(authUserSchema.parse(await me.json())).toMatchObject({ userId: session.user.userId, socialProvider: 'google', userName: 'Ada Lovelace' })
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
    expect(targetOrigin).toBe(HOST)
    expect(message.error).toBe('access_denied')
    const res = (await finish(message.resultUri, device)).res
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(AUTH_ERRORS.socialDenied)
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
    for (const query of [`?state=${'B'.repeat(43)}&code=abc`, '?code=abc', '', '?state=%3Cscript%3E&code=x', `?state=${'B'.repeat(43)}&error=access_denied`]) {
      const page = await app.request(`/v1/auth/social/callback${query}`)
      expect(page.status, query).toBe(400)
      const html = await page.text()
      expect(html).not.toContain('<script')
      expect(html).not.toContain('postMessage')
    }
  })

  it('start refuses an unconfigured provider, a disallowed host origin and bad input (4xx, never 500)', async () => {
    const apple = await post(app, '/v1/auth/social/start', { provider: 'apple', hostOrigin: HOST, deviceId: deviceId() })
    expect(apple.status).toBe(400)
    expect(await errorOf(apple)).toBe(AUTH_ERRORS.socialNotConfigured)
    const foreign = await post(app, '/v1/auth/social/start', { provider: 'google', hostOrigin: 'https://evil.example', deviceId: deviceId() })
    expect(foreign.status).toBe(400)
    for (const body of [{}, { provider: 'farcaster', hostOrigin: HOST, deviceId: deviceId() }, { provider: 'google', hostOrigin: '*', deviceId: deviceId() }, { provider: 'google', hostOrigin: `${HOST}/path`, deviceId: deviceId() }, { provider: 'google', hostOrigin: HOST, deviceId: 'short' }, [], null, 'x']) {
      const res = await post(app, '/v1/auth/social/start', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    for (const body of [{}, { resultUri: 1, deviceId: deviceId(), sessionPublicKey: 'x' }, { resultUri: CALLBACK, deviceId: deviceId(), sessionPublicKey: 'not-a-key' }, { resultUri: 'x'.repeat(5000), deviceId: deviceId(), sessionPublicKey: 'abc' }]) {
      const res = await post(app, '/v1/auth/social/finish', body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
    }
    expect(reported).toEqual([])
  })

  it('CORS: the social routes answer the frame origin, not the host page', async () => {
    const preflight = (origin: string) =>
      app.request('/v1/auth/social/start', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })
    expect((await preflight(FRAME_ORIGIN)).headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
    expect((await preflight(HOST)).headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('social login over a real listening API (127.0.0.1)', () => {
  it('without redirectBaseUrl the callback is the server URL; start → provider → callback → finish → stamped /v1/auth/user', async () => {
    const port = await getFreePort()
    const apiUrl = `http://127.0.0.1:${port}`
    const provider = await startOidcProvider({ clients: [{ clientId: 'portico-discord', clientSecret: 'dev', redirectUris: [`${apiUrl}/v1/auth/social/callback`] }] })
    const server = await startServer({
      host: '127.0.0.1',
      port,
      chains: TEST_CHAINS,
      onError: () => undefined,
      auth: {
        kek: TEST_KEK,
        mail: memoryMailbox(),
        frameOrigins: [FRAME_ORIGIN],
        social: {
          providers: {
            discord: { clientId: 'portico-discord', clientSecret: 'dev', authorizationEndpoint: provider.authorizationEndpoint, tokenEndpoint: provider.tokenEndpoint, userinfoEndpoint: provider.userinfoEndpoint, scopes: ['openid', 'email', 'profile'] },
          },
        },
      },
    })
    try {
      expect(server.url).toBe(apiUrl)
      const json = { 'content-type': 'application/json', origin: FRAME_ORIGIN }
      const device = deviceId()
      const started = await fetch(`${apiUrl}/v1/auth/social/start`, { method: 'POST', headers: json, body: JSON.stringify({ provider: 'discord', hostOrigin: HOST, deviceId: device }) })
      expect(started.status).toBe(200)
      expect(started.headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
      const { uri } = socialStartResponseSchema.parse(await started.json())
      const back = await driveOidcAuthorization(uri, { account: 'grace0' })
      expect(`${back.origin}${back.pathname}`).toBe(`${apiUrl}/v1/auth/social/callback`)
      const page = await fetch(back)
      expect(page.status).toBe(200)
      const { message, targetOrigin } = postedBy(await page.text())
      expect(targetOrigin).toBe(HOST)
      const key = await frameKey()
      const done = await fetch(`${apiUrl}/v1/auth/social/finish`, { method: 'POST', headers: json, body: JSON.stringify({ resultUri: message.resultUri, deviceId: device, sessionPublicKey: key.publicKey }) })
      expect(done.status).toBe(200)
      const session = otpResponseSchema.parse(await done.json())
      expect(session.user).toMatchObject({ socialProvider: 'discord', userName: 'grace0' })
      const ts = String(Date.now())
      const me = await fetch(`${apiUrl}/v1/auth/user`, {
        headers: { 'x-portico-session': session.sessionId, 'x-portico-timestamp': ts, 'x-portico-stamp': await key.sign(stampPayload('GET', '/v1/auth/user', ts, '')) },
      })
      expect(me.status).toBe(200)
      expect(authUserSchema.parse(await me.json()).userId).toBe(session.user.userId)
    } finally {
      await server.stop()
      await provider.close()
    }
  })
})
