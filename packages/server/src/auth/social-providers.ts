/**
 * The social providers of the embedded wallet (SPEC §5: google, github, apple, facebook, x,
 * discord): their OAuth 2.0 endpoints, scopes, and how a user's profile is read from each one's
 * userinfo answer (or, without a userinfo endpoint, the ID token). A production config names only
 * a client id and secret per provider; a dev or self-hosted stand-in (an OIDC provider) overrides
 * the endpoints and scopes.
 */
import { AUTH_SOCIAL_PROVIDERS, type AuthSocialProvider } from '@portico/protocol/auth'
import { z } from 'zod'
import { appleClientSecret, parseAppleSigningKey, type AppleSigningKeyConfig } from './apple-secret.ts'

/**
 * How the client authenticates at the token endpoint (RFC 6749 §2.3.1): 'basic' sends the client id
 * and secret in an HTTP Basic Authorization header (client_secret_basic), 'post' sends them as
 * client_id and client_secret in the form body (client_secret_post, the only method Apple supports).
 */
export type SocialTokenAuth = 'basic' | 'post'

export type SocialProviderConfig = {
  clientId: string
  /**
   * The client secret. Apple's is a short-lived JWT: give `signingKey` instead and it is minted here
   * (a static JWT still works). One of the two is required.
   */
  clientSecret?: string
  /** Apple only: the developer's Sign in with Apple key, from which the client secret JWT is minted. */
  signingKey?: AppleSigningKeyConfig
  /** @default the provider's own (SOCIAL_PROVIDER_DEFAULTS) */
  authorizationEndpoint?: string
  tokenEndpoint?: string
  /** How the client id and secret go to the token endpoint. @default the provider's own: 'post' for apple, else 'basic' */
  tokenAuth?: SocialTokenAuth
  /** Where the profile is read with the access token; without one, from the ID token (Apple). */
  userinfoEndpoint?: string
  /**
   * Where the user's email addresses are listed (GitHub's GET /user/emails) when the profile has no
   * email. @default the provider's own, unless userinfoEndpoint is given (a stand-in's token never
   * goes to the real provider)
   */
  emailsEndpoint?: string
  scopes?: string[]
  /** Extra query parameters of the authorization URL (Apple: response_mode=form_post). */
  authorizationParams?: Record<string, string>
}

export type SocialConfig = {
  /**
   * The public base URL of this API as the providers redirect to it; the redirect URI registered
   * with every provider is `<redirectBaseUrl>/v1/auth/social/callback`. @default the app's publicUrl
   */
  redirectBaseUrl?: string
  providers: Partial<Record<AuthSocialProvider, SocialProviderConfig>>
}

export type ResolvedSocialProvider = {
  provider: AuthSocialProvider
  clientId: string
  /** The client secret to send now (Apple with a signingKey: a JWT minted when the kept one nears expiry). */
  clientSecret(): string
  authorizationEndpoint: string
  tokenEndpoint: string
  tokenAuth: SocialTokenAuth
  userinfoEndpoint: string | null
  /** A list of `{ email, primary, verified }` read when the profile names no email (GitHub); null: none. */
  emailsEndpoint: string | null
  scopes: string[]
  authorizationParams: Record<string, string>
}

type Defaults = Omit<ResolvedSocialProvider, 'provider' | 'clientId' | 'clientSecret'> & {
  /** Profile fields that name the user, first present wins. */
  nameFields: string[]
  /** The provider gives out only addresses it has verified (no per-address flag). */
  emailAlwaysVerified: boolean
}

/** The real providers' endpoints. */
export const SOCIAL_PROVIDER_DEFAULTS: Record<AuthSocialProvider, Defaults> = {
  google: {
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    tokenAuth: 'basic',
    userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    emailsEndpoint: null,
    scopes: ['openid', 'email', 'profile'],
    authorizationParams: {},
    nameFields: ['name', 'preferred_username', 'given_name'],
    emailAlwaysVerified: false,
  },
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    tokenAuth: 'basic',
    userinfoEndpoint: 'https://api.github.com/user',
    // A profile whose email is private has email: null; the user:email scope lists the addresses.
    emailsEndpoint: 'https://api.github.com/user/emails',
    scopes: ['read:user', 'user:email'],
    authorizationParams: {},
    nameFields: ['login', 'preferred_username', 'name'],
    // The public email of a GitHub profile can only be a verified one.
    emailAlwaysVerified: true,
  },
  apple: {
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    // Its discovery document: token_endpoint_auth_methods_supported: ["client_secret_post"].
    tokenAuth: 'post',
    userinfoEndpoint: null,
    emailsEndpoint: null,
    scopes: ['name', 'email'],
    // Apple posts the result when name or email is asked for.
    authorizationParams: { response_mode: 'form_post' },
    nameFields: ['name', 'preferred_username'],
    emailAlwaysVerified: false,
  },
  facebook: {
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    // Facebook documents client_id and client_secret as request parameters, not an HTTP Basic header.
    tokenAuth: 'post',
    userinfoEndpoint: 'https://graph.facebook.com/v19.0/me?fields=id,name,email',
    emailsEndpoint: null,
    scopes: ['email', 'public_profile'],
    authorizationParams: {},
    nameFields: ['name', 'preferred_username'],
    // The Graph API returns only a confirmed email.
    emailAlwaysVerified: true,
  },
  x: {
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    tokenAuth: 'basic',
    userinfoEndpoint: 'https://api.x.com/2/users/me',
    emailsEndpoint: null,
    scopes: ['users.read', 'tweet.read'],
    authorizationParams: {},
    nameFields: ['username', 'preferred_username', 'name'],
    emailAlwaysVerified: false,
  },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    tokenAuth: 'basic',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    emailsEndpoint: null,
    scopes: ['identify', 'email'],
    authorizationParams: {},
    // SPEC §3: the username as given (a trailing 0 is the client's to drop).
    nameFields: ['username', 'preferred_username', 'global_name'],
    emailAlwaysVerified: false,
  },
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
const providerConfigSchema = z.object({
  clientId: z.string().min(1).max(512),
  clientSecret: z.string().min(1).max(4096).optional(),
  // Checked further (ids' shape, the PEM) by parseAppleSigningKey, with messages of its own.
  signingKey: z.object({ teamId: z.string().max(64), keyId: z.string().max(64), privateKey: z.string().max(16_384) }).optional(),
  authorizationEndpoint: httpUrl.optional(),
  tokenEndpoint: httpUrl.optional(),
  tokenAuth: z.enum(['basic', 'post']).optional(),
  userinfoEndpoint: httpUrl.optional(),
  emailsEndpoint: httpUrl.optional(),
  scopes: z
    .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/))
    .max(32)
    .optional(),
  authorizationParams: z.record(z.string().max(64), z.string().max(512)).optional(),
})
export const socialConfigSchema = z.object({
  redirectBaseUrl: httpUrl.refine((value) => !/[?#]/.test(value), { error: 'must have no query or fragment' }).optional(),
  providers: z.partialRecord(z.enum(AUTH_SOCIAL_PROVIDERS), providerConfigSchema),
})

/**
 * The configured providers with their defaults filled in. Throws on a bad config (a bad Apple key
 * too: it fails here, at startup, not at sign-in). `now` is the clock of Apple's minted secrets.
 */
export function resolveSocialProviders(
  config: SocialConfig,
  options: { now?: () => number } = {},
): Map<AuthSocialProvider, ResolvedSocialProvider> {
  const checked = socialConfigSchema.parse(config)
  const out = new Map<AuthSocialProvider, ResolvedSocialProvider>()
  for (const provider of AUTH_SOCIAL_PROVIDERS) {
    const given = checked.providers[provider]
    if (given === undefined) continue
    const defaults = SOCIAL_PROVIDER_DEFAULTS[provider]
    const label = `auth.social.providers.${provider}`
    let clientSecret: () => string
    if (given.signingKey !== undefined) {
      if (provider !== 'apple') throw new Error(`${label}.signingKey is for apple only (its client secret is a JWT); give a clientSecret`)
      if (given.clientSecret !== undefined) throw new Error(`${label}: give a clientSecret or a signingKey, not both`)
      const key = parseAppleSigningKey(given.signingKey, `${label}.signingKey`)
      clientSecret = appleClientSecret({ ...key, clientId: given.clientId, ...(options.now ? { now: options.now } : {}) })
    } else if (given.clientSecret !== undefined) {
      const secret = given.clientSecret
      clientSecret = () => secret
    } else {
      throw new Error(
        provider === 'apple'
          ? `${label} needs a clientSecret or a signingKey { teamId, keyId, privateKey }`
          : `${label}.clientSecret is required`,
      )
    }
    out.set(provider, {
      provider,
      clientId: given.clientId,
      clientSecret,
      authorizationEndpoint: given.authorizationEndpoint ?? defaults.authorizationEndpoint,
      tokenEndpoint: given.tokenEndpoint ?? defaults.tokenEndpoint,
      tokenAuth: given.tokenAuth ?? defaults.tokenAuth,
      userinfoEndpoint: given.userinfoEndpoint ?? defaults.userinfoEndpoint,
      emailsEndpoint: given.emailsEndpoint ?? (given.userinfoEndpoint === undefined ? defaults.emailsEndpoint : null),
      scopes: given.scopes ?? defaults.scopes,
      authorizationParams: given.authorizationParams ?? defaults.authorizationParams,
    })
  }
  return out
}

/** A user as a provider describes them. */
export type SocialProfile = { subject: string; userName: string | null; email: string | null }

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}$/

/**
 * The profile in a provider's userinfo answer or ID token claims; null when it names no subject.
 * The email is kept only when the provider vouches for it.
 */
export function readSocialProfile(provider: AuthSocialProvider, raw: unknown): SocialProfile | null {
  if (typeof raw !== 'object' || raw === null) return null
  let body = raw as Record<string, unknown>
  // X wraps the user in { data }.
  if (typeof body.data === 'object' && body.data !== null && body.sub === undefined && body.id === undefined)
    body = body.data as Record<string, unknown>
  const id = body.sub ?? body.id
  const subject = typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : typeof id === 'string' ? id : ''
  if (subject.length === 0 || subject.length > 255) return null
  const defaults = SOCIAL_PROVIDER_DEFAULTS[provider]
  let userName: string | null = null
  for (const field of defaults.nameFields) {
    const value = body[field]
    if (typeof value === 'string' && value.trim().length > 0) {
      userName = value.trim().slice(0, 128)
      break
    }
  }
  const verified = defaults.emailAlwaysVerified || body.email_verified === true || body.email_verified === 'true' || body.verified === true
  const email = typeof body.email === 'string' && verified && EMAIL.test(body.email.trim()) ? body.email.trim().toLowerCase() : null
  return { subject, userName, email }
}

const emailEntrySchema = z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() })

/**
 * The primary verified address of an emails list (GitHub's GET /user/emails:
 * `[{ email, primary, verified, visibility }]`), lowercased; null when there is none or the answer is
 * not such a list. Entries that are not of that shape are skipped.
 */
export function readPrimaryEmail(raw: unknown): string | null {
  if (!Array.isArray(raw)) return null
  for (const item of raw.slice(0, 100)) {
    const entry = emailEntrySchema.safeParse(item)
    if (!entry.success || !entry.data.primary) continue
    const email = entry.data.email.trim()
    // One primary address: unverified, or not an address, means none.
    return entry.data.verified && EMAIL.test(email) ? email.toLowerCase() : null
  }
  return null
}
