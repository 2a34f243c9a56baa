// A real OpenID Connect provider for the local stack and the tests (issue 11): `oidc-provider` on
// 127.0.0.1 standing in for every social provider (one client per provider). Authorization code
// with PKCE (S256) required of every client, client_secret_basic at the token endpoint (or, for a
// client registered so, client_secret_post only, as Apple's stand-in), a userinfo
// endpoint with sub, name, preferred_username, email and email_verified. Its login page lets a
// test user pick an account; consent is granted at once.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { interactionPolicy, type InteractionDetails } from 'oidc-provider'
import { loginPageCsp, renderLoginPage } from './page.ts'
import { DEFAULT_OIDC_USERS, type OidcUser } from './users.ts'

export interface OidcClient {
  clientId: string
  clientSecret: string
  /** The exact redirect URIs the client may use. */
  redirectUris: string[]
  /**
   * How it authenticates at the token endpoint: the secret in an HTTP Basic header, or client_id and
   * client_secret in the form (Apple's only method). A client_secret_post client's Basic header is
   * refused, as Apple refuses it (oidc-provider itself takes either from a client registered with
   * one of the two). @default 'client_secret_basic'
   */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post'
}

export interface StartOidcProviderOptions {
  /** 0 takes a free port. @default 0 */
  port?: number
  clients: OidcClient[]
  /** @default DEFAULT_OIDC_USERS (ada, grace0, alan) */
  users?: readonly OidcUser[]
}

export interface OidcProvider {
  /** 'http://127.0.0.1:<port>' (its discovery document is at /.well-known/openid-configuration). */
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint: string
  userinfoEndpoint: string
  users: readonly OidcUser[]
  close(): Promise<void>
}

const MAX_FORM_BYTES = 4096
const TEN_MINUTES = 600

/** oidc-provider's storage, in memory (the dev provider keeps nothing across restarts). */
function memoryAdapter() {
  type Entry = { payload: Record<string, unknown>; expiresAt: number }
  const store = new Map<string, Entry>()
  const live = (key: string) => {
    const entry = store.get(key)
    if (entry && entry.expiresAt <= Date.now()) store.delete(key)
    return entry && entry.expiresAt > Date.now() ? entry : undefined
  }
  return class MemoryAdapter {
    private readonly model: string
    constructor(model: string) {
      this.model = model
    }
    private key(id: string) {
      return `${this.model}:${id}`
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      store.set(this.key(id), { payload, expiresAt: Date.now() + (expiresIn || TEN_MINUTES) * 1000 })
    }
    async find(id: string) {
      return live(this.key(id))?.payload
    }
    async findByUid(uid: string) {
      for (const [key, entry] of store) if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return live(key)?.payload
      return undefined
    }
    async findByUserCode() {
      return undefined
    }
    async consume(id: string) {
      const entry = live(this.key(id))
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      store.delete(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key)
    }
  }
}
const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]{1,128})(\/login)?$/

/** The client id of an HTTP Basic Authorization header (form-urlencoded, RFC 6749 §2.3.1); else undefined. */
function basicClientId(authorization: string | undefined): string | undefined {
  const encoded = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '')?.[1]
  if (encoded === undefined) return undefined
  const decoded = Buffer.from(encoded, 'base64').toString('utf8')
  if (!decoded.includes(':')) return undefined
  try {
    return decodeURIComponent(decoded.slice(0, decoded.indexOf(':')).replace(/\+/g, ' '))
  } catch {
    return undefined
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_FORM_BYTES) throw new Error('form too large')
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': loginPageCsp,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  })
  res.end(body)
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const errorPage = (text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev sign-in</title></head><body><main><h1>Dev sign-in</h1><p>${text}</p></main></body></html>`

export async function startOidcProvider(options: StartOidcProviderOptions): Promise<OidcProvider> {
  const users = options.users ?? DEFAULT_OIDC_USERS
  const postOnly = new Set(
    options.clients.filter((client) => client.tokenEndpointAuthMethod === 'client_secret_post').map((client) => client.clientId),
  )
  const byId = new Map(users.map((user) => [user.id, user]))
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  const server = createServer((req, res) => {
    if (handle) handle(req, res)
    else res.writeHead(503).end()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  // Every authorization shows the login page, even with a live provider session, so that a test
  // user always picks the account (the resumed request carries the login result and passes).
  const policy = interactionPolicy.base()
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('dev_pick_account', 'the dev provider asks every time', (ctx) => ctx.oidc.result?.login === undefined),
    )

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_basic',
    })),
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    async findAccount(_ctx: unknown, sub: string) {
      const user = byId.get(sub)
      if (user === undefined) return undefined
      return {
        accountId: user.id,
        async claims() {
          return {
            sub: user.id,
            name: user.name,
            preferred_username: user.username,
            email: user.email,
            email_verified: user.emailVerified ?? true,
          }
        },
      }
    },
    adapter: memoryAdapter(),
    ttl: {
      AuthorizationCode: 60,
      Interaction: TEN_MINUTES,
      Session: TEN_MINUTES,
      Grant: TEN_MINUTES,
      AccessToken: TEN_MINUTES,
      IdToken: TEN_MINUTES,
    },
    async renderError(ctx: { type: string; body: string }, out: { error?: string; error_description?: string }) {
      ctx.type = 'html'
      ctx.body = errorPage(escapeText(`${out.error ?? 'error'}: ${out.error_description ?? ''}`))
    },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('hex') }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
  })
  // Its own errors are answered to the client as OAuth errors; nothing to log in tests.
  const oidcCallback = provider.callback()

  async function grantAll(details: InteractionDetails, accountId: string): Promise<string> {
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
    grant.addOIDCScope(String(details.params.scope ?? 'openid'))
    return grant.save()
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, login: boolean) {
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) return html(res, 400, errorPage('This sign-in is not the current one. Start again from the app.'))
    if (!login) {
      if (req.method !== 'GET') return html(res, 405, errorPage('Method not allowed'))
      if (details.prompt.name === 'consent' && details.session?.accountId) {
        // Consent is granted at once.
        const grantId = await grantAll(details, details.session.accountId)
        return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
      }
      return html(res, 200, renderLoginPage({ uid, clientId: String(details.params.client_id), users }))
    }
    if (req.method !== 'POST') return html(res, 405, errorPage('Method not allowed'))
    const form = await readForm(req)
    if (form.get('cancel') !== null) {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      )
    }
    const user = byId.get(form.get('account') ?? '')
    if (user === undefined) return html(res, 400, errorPage('Unknown account'))
    const grantId = await grantAll(details, user.id)
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.id }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }

  handle = (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    if (path === '/token' && postOnly.size > 0) {
      const clientId = basicClientId(req.headers.authorization)
      if (clientId !== undefined && postOnly.has(clientId)) {
        res.writeHead(401, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          'www-authenticate': 'Basic realm="dev-oidc"',
        })
        res.end(
          JSON.stringify({
            error: 'invalid_client',
            error_description: 'this client authenticates with client_secret_post only (client_id and client_secret in the form)',
          }),
        )
        return
      }
    }
    const match = INTERACTION.exec(path)
    if (match === null) return oidcCallback(req, res)
    interaction(req, res, match[1] as string, match[2] !== undefined).catch(() => {
      if (!res.headersSent) html(res, 400, errorPage('This sign-in has expired or is unknown. Start again from the app.'))
      else res.end()
    })
  }

  return {
    issuer,
    authorizationEndpoint: `${issuer}/auth`,
    tokenEndpoint: `${issuer}/token`,
    userinfoEndpoint: `${issuer}/me`,
    users,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
