import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { driveOidcAuthorization, type OidcProvider, startOidcProvider } from './index.ts'

const REDIRECT = 'http://127.0.0.1:9/v1/auth/social/callback'
const client = { clientId: 'portico-google', clientSecret: 'dev-secret-google', redirectUris: [REDIRECT] }
/** Apple's stand-in: client_secret_post, as Apple (its only token endpoint auth method). */
const apple = {
  clientId: 'portico-apple',
  clientSecret: 'dev-secret-apple',
  redirectUris: [REDIRECT],
  tokenEndpointAuthMethod: 'client_secret_post' as const,
}
let oidc: OidcProvider

beforeAll(async () => {
  oidc = await startOidcProvider({
    clients: [client, { clientId: 'portico-discord', clientSecret: 'dev-secret-discord', redirectUris: [REDIRECT] }, apple],
  })
})
afterAll(async () => {
  await oidc?.close()
})

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

function authorizationUrl(over: Record<string, string | undefined> = {}) {
  const { challenge } = pkce()
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: REDIRECT,
    scope: 'openid email profile',
    state: randomBytes(16).toString('base64url'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...over,
  }
  const url = new URL(oidc.authorizationEndpoint)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v)
  return url.href
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`

async function token(code: string, verifier: string, secret = client.clientSecret) {
  return fetch(oidc.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(client.clientId, secret) },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }),
  })
}

describe('dev OIDC provider', () => {
  it('listens on 127.0.0.1 and publishes its endpoints, S256 PKCE only', async () => {
    expect(oidc.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const discovery = (await (await fetch(`${oidc.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    expect(discovery).toMatchObject({
      issuer: oidc.issuer,
      authorization_endpoint: oidc.authorizationEndpoint,
      token_endpoint: oidc.tokenEndpoint,
      userinfo_endpoint: oidc.userinfoEndpoint,
      code_challenge_methods_supported: ['S256'],
    })
  })

  it('shows a login page with one button per test user, and no script', async () => {
    const res = await fetch(authorizationUrl(), { redirect: 'manual' })
    expect(res.status).toBe(303)
    const page = await fetch(new URL(res.headers.get('location') as string, oidc.issuer), {
      headers: {
        cookie: res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain('data-testid="portico-oidc-user-ada"')
    expect(html).toContain('Ada Lovelace (ada@social.test)')
    expect(html).toContain('data-testid="portico-oidc-user-grace0"')
    expect(html).not.toContain('<script')
  })

  it('a picked user comes back with a code that, with the verifier and the secret, gets tokens and userinfo', async () => {
    const { verifier, challenge } = pkce()
    const state = 'state-1234567890'
    const back = await driveOidcAuthorization(authorizationUrl({ code_challenge: challenge, state }), { account: 'ada' })
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT)
    expect(back.searchParams.get('state')).toBe(state)
    const code = back.searchParams.get('code') as string
    expect(code).toBeTruthy()

    const tokens = (await (await token(code, verifier)).json()) as { access_token: string; id_token: string; token_type: string }
    expect(tokens.token_type).toBe('Bearer')
    expect(tokens.id_token.split('.')).toHaveLength(3)
    const info = await (await fetch(oidc.userinfoEndpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()
    expect(info).toEqual({ sub: 'ada', name: 'Ada Lovelace', preferred_username: 'ada', email: 'ada@social.test', email_verified: true })

    // The code works once.
    expect((await token(code, verifier)).status).toBe(400)
  })

  it('refuses the code with a wrong verifier or a wrong secret', async () => {
    const { challenge } = pkce()
    const back = await driveOidcAuthorization(authorizationUrl({ code_challenge: challenge }), { account: 'grace0' })
    const code = back.searchParams.get('code') as string
    const wrongSecret = await token(code, pkce().verifier, 'nope')
    expect(wrongSecret.status).toBe(401)
    const wrongVerifier = await token(code, pkce().verifier)
    expect(wrongVerifier.status).toBe(400)
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it("Apple's stand-in takes client_id and client_secret in the form (client_secret_post) and refuses HTTP Basic", async () => {
    const codeFor = async (clientId: string) => {
      const { verifier, challenge } = pkce()
      const back = await driveOidcAuthorization(authorizationUrl({ client_id: clientId, code_challenge: challenge }), { account: 'ada' })
      return { code: back.searchParams.get('code') as string, verifier }
    }
    const inForm = (c: { clientId: string; clientSecret: string }, code: string, verifier: string) =>
      fetch(oidc.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          code_verifier: verifier,
          client_id: c.clientId,
          client_secret: c.clientSecret,
        }),
      })
    const inHeader = (c: { clientId: string; clientSecret: string }, code: string, verifier: string) =>
      fetch(oidc.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(c.clientId, c.clientSecret) },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }),
      })

    const refusedBasic = await codeFor(apple.clientId)
    const viaBasic = await inHeader(apple, refusedBasic.code, refusedBasic.verifier)
    expect(viaBasic.status).toBe(401)
    expect(await viaBasic.json()).toMatchObject({ error: 'invalid_client' })
    const a = await codeFor(apple.clientId)
    const viaForm = await inForm(apple, a.code, a.verifier)
    expect(viaForm.status).toBe(200)
    expect(((await viaForm.json()) as { id_token: string }).id_token.split('.')).toHaveLength(3)
    expect((await inForm({ ...apple, clientSecret: 'nope' }, (await codeFor(apple.clientId)).code, a.verifier)).status).toBe(401)

    // A client_secret_basic client keeps HTTP Basic (the other tests' token requests).
    const g = await codeFor(client.clientId)
    expect((await inHeader(client, g.code, g.verifier)).status).toBe(200)
  })

  it('requires PKCE of every client', async () => {
    const back = await driveOidcAuthorization(authorizationUrl({ code_challenge: undefined, code_challenge_method: undefined }), {
      account: 'ada',
    })
    expect(back.searchParams.get('error')).toBe('invalid_request')
    expect(back.searchParams.get('code')).toBeNull()
  })

  it('Cancel sends the user back with error=access_denied', async () => {
    const state = 'state-cancel-0001'
    const back = await driveOidcAuthorization(authorizationUrl({ state }), { account: 'cancel' })
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe(state)
  })

  it('never redirects to an unregistered redirect_uri', async () => {
    const res = await fetch(authorizationUrl({ redirect_uri: 'http://127.0.0.1:9/elsewhere' }), { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
  })

  it('asks again on every authorization, even with a live provider session', async () => {
    // The same browser (cookie jar) twice: driveOidcAuthorization throws if no login page is shown.
    const first = await driveOidcAuthorization(authorizationUrl(), { account: 'ada' })
    expect(first.searchParams.get('code')).toBeTruthy()
    const second = await driveOidcAuthorization(authorizationUrl(), { account: 'grace0' })
    expect(second.searchParams.get('code')).toBeTruthy()
  })
})
