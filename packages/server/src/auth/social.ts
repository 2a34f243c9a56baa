/**
 * Social login of the embedded wallet (SPEC §4 "Social sign-in"): OAuth 2.0 authorization code
 * with PKCE (S256) through arctic's generic OAuth2Client, the same for every provider and for the
 * dev OIDC provider that stands in for them in the local stack (at the token endpoint the client
 * authenticates with HTTP Basic, or for Apple with client_id and client_secret in the form).
 *
 *   start:    the frame asks (its origin, one of the frame origins, is kept); a random state; its
 *             HMAC is stored with the provider, the host page's origin, the frame's origin, the
 *             device and the hash of the frame's new session key. The PKCE code verifier is an HMAC
 *             of the state (so neither is stored).
 *   callback: the popup's landing page learns from the state where to post the result (the frame
 *             origin: never the host page, which could else finish with a key of its own), and
 *             posts only there.
 *   finish:   the frame hands the result URL back, stamped by the session key of the start
 *             (login-binding.ts); the state is used up (once, unexpired, same device, same key),
 *             the code is exchanged with the verifier, the profile is read, and the user of
 *             (provider, subject) gets a session for the frame's P-256 key, as after an OTP.
 */
import { AUTH_ERRORS, SOCIAL_STATE_TTL_MS, type AuthSocialProvider, type AuthUser } from '@portico/protocol/auth'
import {
  ArcticFetchError,
  CodeChallengeMethod,
  decodeIdToken,
  OAuth2Client,
  OAuth2RequestError,
  OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic'
import type { Database } from '../db/types.ts'
import { deriveSecrets, hmac, parseKek, randomToken } from './crypto.ts'
import { AuthError } from './errors.ts'
import { generateUserKeys, sealUserKeys } from './keys.ts'
import type { SessionNotices } from './notices.ts'
import { openSession } from './open-session.ts'
import {
  readPrimaryEmail,
  readSocialProfile,
  resolveSocialProviders,
  type ResolvedSocialProvider,
  type SocialConfig,
  type SocialProfile,
} from './social-providers.ts'
import { createSocialRepository } from './social-repository.ts'
import { sessionKeyCache } from './stamp.ts'
import { boundTo, keyMismatch, provenKeyHash, type LoginProof } from './login-binding.ts'

export const SOCIAL_CALLBACK_PATH = '/v1/auth/social/callback'
const STATE = /^[A-Za-z0-9_-]{43}$/
const MAX_CODE = 2048
const HOUR_MS = 60 * 60_000

export type SocialServiceOptions = {
  db: Database
  kek: string | Uint8Array
  /** 'shares': a new user gets no key here; the frame makes them (issue 22 §1). @default 'server' */
  keyCustody?: 'server' | 'shares'
  config: SocialConfig
  /** The frame origins (auth.frameOrigins): a login starts in one of them, and its result is posted there. */
  frameOrigins: readonly string[]
  /** Absolute URL of one of this server's paths (used when config.redirectBaseUrl is absent). */
  linkUrl(path: string): string
  now?: () => number
  /** Timeout of each call to a provider (token, userinfo, emails). @default 10_000 */
  providerTimeoutMs?: number
  /** Mails the new-session notice (to a user with an email). */
  notices?: Pick<SessionNotices, 'sessionOpened'>
}

/** What the callback page does: post the result to the frame at `frameOrigin`, or show an error. */
export type SocialCallbackOutcome = { ok: true; frameOrigin: string; resultUri: string; error?: string } | { ok: false }

const failed = () => new AuthError(400, AUTH_ERRORS.socialFailed)
const stale = () => new AuthError(400, 'The social sign-in expired or was already used. Try again.')

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AuthError(502, 'The social provider did not answer in time')), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

/**
 * A token request with the client's credentials in the form body, answered as arctic answers its
 * own (OAuth2Client.validateAuthorizationCode): tokens on a 200 JSON object, OAuth2RequestError on a
 * 400/401 OAuth error, ArcticFetchError when unreachable, arctic's unexpected-response errors else.
 */
async function postTokenRequest(endpoint: string, body: URLSearchParams): Promise<OAuth2Tokens> {
  let res: Response
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'user-agent': 'portico' },
      body,
    })
  } catch (error) {
    throw new ArcticFetchError(error)
  }
  if (res.status !== 200 && res.status !== 400 && res.status !== 401) {
    await res.body?.cancel()
    throw new UnexpectedResponseError(res.status)
  }
  let data: unknown
  try {
    data = await res.json()
  } catch {
    throw new UnexpectedResponseError(res.status)
  }
  if (typeof data !== 'object' || data === null) throw new UnexpectedErrorResponseBodyError(res.status, data)
  if (res.status === 200) return new OAuth2Tokens(data)
  const error = data as Record<string, unknown>
  const text = (key: string) => (typeof error[key] === 'string' ? (error[key] as string) : null)
  if (typeof error.error !== 'string') throw new UnexpectedErrorResponseBodyError(res.status, data)
  throw new OAuth2RequestError(error.error, text('error_description'), text('error_uri'), text('state'))
}

export function createSocialService(options: SocialServiceOptions) {
  const now = options.now ?? Date.now
  const providers = resolveSocialProviders(options.config, { now })
  const secrets = deriveSecrets(parseKek(options.kek))
  const repo = createSocialRepository(options.db)
  const timeoutMs = options.providerTimeoutMs ?? 10_000
  const sessionKey = sessionKeyCache()
  let lastPrune = 0

  const base = options.config.redirectBaseUrl?.replace(/\/+$/, '')
  /** The redirect URI registered with every provider; null when this server knows no absolute URL of its own. */
  const redirectUri = (): string | null => {
    const url = base === undefined ? options.linkUrl(SOCIAL_CALLBACK_PATH) : `${base}${SOCIAL_CALLBACK_PATH}`
    return /^https?:\/\//.test(url) ? url : null
  }
  const stateHash = (state: string) => hmac(secrets.codeHmac, 'social-state', state)
  /** The PKCE verifier of a state: 43 base64url characters (RFC 7636 allows 43-128). */
  const codeVerifier = (state: string) => Buffer.from(hmac(secrets.codeHmac, 'social-pkce', state), 'hex').toString('base64url')
  /** The OAuth client; the secret (Apple: a minted JWT) only where it is sent, at the token endpoint. */
  const clientOf = (p: ResolvedSocialProvider, uri: string, withSecret: boolean) =>
    new OAuth2Client(p.clientId, withSecret ? p.clientSecret() : null, uri)

  /** The code for tokens, the client authenticated as the provider wants it (tokenAuth). */
  function requestTokens(p: ResolvedSocialProvider, uri: string, code: string, verifier: string): Promise<OAuth2Tokens> {
    if (p.tokenAuth === 'basic') return clientOf(p, uri, true).validateAuthorizationCode(p.tokenEndpoint, code, verifier)
    // client_secret_post (Apple): arctic's OAuth2Client sends a secret only in a Basic header.
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: uri,
      code_verifier: verifier,
      client_id: p.clientId,
      client_secret: p.clientSecret(),
    })
    return postTokenRequest(p.tokenEndpoint, body)
  }

  async function exchange(p: ResolvedSocialProvider, uri: string, code: string, verifier: string): Promise<OAuth2Tokens> {
    try {
      return await withTimeout(requestTokens(p, uri, code, verifier), timeoutMs)
    } catch (error) {
      // The provider refused the code (wrong, used, expired, or not this verifier's): the caller's doing.
      if (error instanceof OAuth2RequestError) throw failed()
      if (error instanceof AuthError) throw error
      throw new AuthError(
        502,
        error instanceof ArcticFetchError ? 'The social provider could not be reached' : 'The social provider answered unexpectedly',
        {},
        { cause: error },
      )
    }
  }

  async function profileOf(p: ResolvedSocialProvider, tokens: OAuth2Tokens): Promise<SocialProfile> {
    let raw: unknown
    if (p.userinfoEndpoint === null) {
      // No userinfo endpoint (Apple): the ID token's claims, straight from the token endpoint over TLS.
      try {
        raw = decodeIdToken(tokens.idToken())
      } catch {
        throw new AuthError(502, 'The social provider returned no usable ID token')
      }
    } else {
      let accessToken: string
      try {
        accessToken = tokens.accessToken()
      } catch {
        throw new AuthError(502, 'The social provider returned no access token')
      }
      const signal = AbortSignal.timeout(timeoutMs)
      let res: Response
      try {
        res = await fetch(p.userinfoEndpoint, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'portico' },
          signal,
        })
      } catch (error) {
        throw new AuthError(502, 'The social provider could not be reached', {}, { cause: error })
      }
      if (!res.ok) {
        await res.body?.cancel()
        throw new AuthError(502, `The social provider's profile answered HTTP status code: ${res.status}`)
      }
      try {
        raw = await res.json()
      } catch {
        throw new AuthError(502, "The social provider's profile is not JSON")
      }
    }
    const profile = readSocialProfile(p.provider, raw)
    if (profile === null) throw new AuthError(502, "The social provider's profile names no user")
    if (profile.email === null && p.emailsEndpoint !== null) profile.email = await primaryEmail(p.emailsEndpoint, tokens)
    return profile
  }

  /**
   * The primary verified address of the user's emails list (GitHub keeps a private email off the
   * profile). Any failure — no answer, an error status, not JSON, not a list — means no email, never
   * a failed sign-in.
   */
  async function primaryEmail(endpoint: string, tokens: OAuth2Tokens): Promise<string | null> {
    try {
      const res = await fetch(endpoint, {
        headers: { authorization: `Bearer ${tokens.accessToken()}`, accept: 'application/json', 'user-agent': 'portico' },
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!res.ok) {
        await res.body?.cancel()
        return null
      }
      return readPrimaryEmail(await res.json())
    } catch {
      return null
    }
  }

  async function userFor(provider: AuthSocialProvider, profile: SocialProfile): Promise<AuthUser> {
    const known = await repo.userOf(provider, profile.subject)
    if (known !== null) {
      await repo.updateProfile(known.userId, provider, profile.userName)
      return (await repo.userById(known.userId)) as AuthUser
    }
    const id = crypto.randomUUID()
    const base = { id, provider, subject: profile.subject, userName: profile.userName, email: profile.email, now: now() }
    if (options.keyCustody === 'shares') {
      // The frame makes the keys at this login's end (shares.ts).
      const made = await repo.insertUser({ ...base, evmAddress: null, solanaAddress: null }, null)
      const user = made ? await repo.userById(id) : await repo.userOf(provider, profile.subject)
      if (user === null) throw new Error('social user vanished')
      return user
    }
    const keys = generateUserKeys()
    try {
      const made = await repo.insertUser(
        {
          id,
          provider,
          subject: profile.subject,
          userName: profile.userName,
          email: profile.email,
          evmAddress: keys.evmAddress,
          solanaAddress: keys.solanaAddress,
          now: now(),
        },
        sealUserKeys(secrets.keyEncryption, id, keys),
      )
      // Lost a race with another first sign-in of the same identity: that one's user.
      const user = made ? await repo.userById(id) : await repo.userOf(provider, profile.subject)
      if (user === null) throw new Error('social user vanished')
      return user
    } finally {
      keys.solanaSeed.fill(0)
    }
  }

  /** `resultUri` as this server's callback URL with a state (and a code or an error); else null. */
  function parseResult(resultUri: string, uri: string): URLSearchParams | null {
    let url: URL
    try {
      url = new URL(resultUri)
    } catch {
      return null
    }
    const expected = new URL(uri)
    if (url.origin !== expected.origin || url.pathname !== expected.pathname || url.username !== '' || url.password !== '') return null
    return url.searchParams
  }

  return {
    /** The providers that are configured. */
    providers: () => [...providers.keys()],

    /** POST /v1/auth/social/start */
    async start(input: {
      provider: AuthSocialProvider
      hostOrigin: string
      /** The Origin of the start request: the frame's. */
      frameOrigin: string | undefined
      deviceId: string
      sessionKeyHash: string
    }): Promise<{ uri: string }> {
      const frameOrigin = input.frameOrigin
      if (frameOrigin === undefined || !options.frameOrigins.includes(frameOrigin))
        throw new AuthError(400, 'The social sign-in must start in the frame')
      const p = providers.get(input.provider)
      const uri = redirectUri()
      if (p === undefined || uri === null) throw new AuthError(400, AUTH_ERRORS.socialNotConfigured)
      const state = randomToken(32)
      const t = now()
      await repo.putState({
        stateHash: stateHash(state),
        provider: p.provider,
        hostOrigin: input.hostOrigin,
        frameOrigin,
        deviceId: input.deviceId,
        sessionKeyHash: input.sessionKeyHash,
        now: t,
        expiresAt: t + SOCIAL_STATE_TTL_MS,
      })
      if (t - lastPrune > HOUR_MS) {
        lastPrune = t
        await repo.pruneStates(t - HOUR_MS)
      }
      const url = clientOf(p, uri, false).createAuthorizationURLWithPKCE(
        p.authorizationEndpoint,
        state,
        CodeChallengeMethod.S256,
        codeVerifier(state),
        p.scopes,
      )
      for (const [key, value] of Object.entries(p.authorizationParams)) url.searchParams.set(key, value)
      return { uri: url.href }
    },

    /**
     * GET (or, for form_post providers, POST) /v1/auth/social/callback: where the page posts the
     * result. Unknown, used or expired state: nothing is posted.
     */
    async callback(params: {
      state?: string | undefined
      code?: string | undefined
      error?: string | undefined
    }): Promise<SocialCallbackOutcome> {
      const uri = redirectUri()
      if (uri === null || params.state === undefined || !STATE.test(params.state)) return { ok: false }
      const row = await repo.liveState(stateHash(params.state), now())
      if (row === null || row.frame_origin === null) return { ok: false }
      const frameOrigin = row.frame_origin
      const result = new URL(uri)
      result.searchParams.set('state', params.state)
      if (params.error !== undefined) {
        const error = params.error.slice(0, 128)
        result.searchParams.set('error', error)
        return { ok: true, frameOrigin, resultUri: result.href, error }
      }
      if (params.code === undefined || params.code.length === 0 || params.code.length > MAX_CODE) return { ok: false }
      result.searchParams.set('code', params.code)
      return { ok: true, frameOrigin, resultUri: result.href }
    },

    /** POST /v1/auth/social/finish: stamped by the session key the login started for (`proof`). */
    async finish(
      input: { resultUri: string; deviceId: string; sessionPublicKey: string },
      device: string | null,
      proof: LoginProof | undefined,
    ): Promise<{ sessionId: string; expiresAt: string; user: AuthUser }> {
      const proven = await provenKeyHash(sessionKey, input.sessionPublicKey, proof, now())
      const uri = redirectUri()
      if (uri === null) throw new AuthError(400, AUTH_ERRORS.socialNotConfigured)
      const params = parseResult(input.resultUri, uri)
      const state = params?.get('state') ?? ''
      if (params === null || !STATE.test(state)) throw failed()
      // Another key than the start's: refused before the state is used up (its frame may still finish).
      const live = await repo.liveState(stateHash(state), now())
      if (live !== null && !boundTo(live.session_key_hash, proven)) throw keyMismatch()
      // Used up here whatever comes next: a result is good for one try only.
      const row = await repo.takeState(stateHash(state), now())
      if (row === null) throw stale()
      if (row.device_id !== input.deviceId) throw failed()
      if (!boundTo(row.session_key_hash, proven)) throw keyMismatch()
      const p = providers.get(row.provider as AuthSocialProvider)
      if (p === undefined) throw new AuthError(400, AUTH_ERRORS.socialNotConfigured)
      if (params.get('error') !== null) throw new AuthError(400, AUTH_ERRORS.socialDenied)
      const code = params.get('code') ?? ''
      if (code.length === 0 || code.length > MAX_CODE) throw failed()

      const tokens = await exchange(p, uri, code, codeVerifier(state))
      const profile = await profileOf(p, tokens)
      const user = await userFor(p.provider, profile)
      return openSession(repo, user, input, device, now(), async (session) =>
        options.notices?.sessionOpened(user, session, row.host_origin),
      )
    },
  }
}

export type SocialService = ReturnType<typeof createSocialService>
