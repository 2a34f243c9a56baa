/**
 * The social providers of the embedded wallet (SPEC §5: google, github, apple, facebook, x,
 * discord): their OAuth 2.0 endpoints, scopes, and how a user's profile is read from each one's
 * userinfo answer (or, without a userinfo endpoint, the ID token). A production config names only
 * a client id and secret per provider; a dev or self-hosted stand-in (an OIDC provider) overrides
 * the endpoints and scopes.
 */
import { AUTH_SOCIAL_PROVIDERS, type AuthSocialProvider } from '@portico/protocol/auth'
import { z } from 'zod'

export type SocialProviderConfig = {
  clientId: string
  /** The client secret (Apple: the client secret JWT). */
  clientSecret: string
  /** @default the provider's own (SOCIAL_PROVIDER_DEFAULTS) */
  authorizationEndpoint?: string
  tokenEndpoint?: string
  /** Where the profile is read with the access token; without one, from the ID token (Apple). */
  userinfoEndpoint?: string
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
  clientSecret: string
  authorizationEndpoint: string
  tokenEndpoint: string
  userinfoEndpoint: string | null
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
    userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
    authorizationParams: {},
    nameFields: ['name', 'preferred_username', 'given_name'],
    emailAlwaysVerified: false,
  },
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    authorizationParams: {},
    nameFields: ['login', 'preferred_username', 'name'],
    // The public email of a GitHub profile can only be a verified one.
    emailAlwaysVerified: true,
  },
  apple: {
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    userinfoEndpoint: null,
    scopes: ['name', 'email'],
    // Apple posts the result when name or email is asked for.
    authorizationParams: { response_mode: 'form_post' },
    nameFields: ['name', 'preferred_username'],
    emailAlwaysVerified: false,
  },
  facebook: {
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoEndpoint: 'https://graph.facebook.com/v19.0/me?fields=id,name,email',
    scopes: ['email', 'public_profile'],
    authorizationParams: {},
    nameFields: ['name', 'preferred_username'],
    // The Graph API returns only a confirmed email.
    emailAlwaysVerified: true,
  },
  x: {
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
    authorizationParams: {},
    nameFields: ['username', 'preferred_username', 'name'],
    emailAlwaysVerified: false,
  },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
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
  clientSecret: z.string().min(1).max(4096),
  authorizationEndpoint: httpUrl.optional(),
  tokenEndpoint: httpUrl.optional(),
  userinfoEndpoint: httpUrl.optional(),
  scopes: z.array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/)).max(32).optional(),
  authorizationParams: z.record(z.string().max(64), z.string().max(512)).optional(),
})
export const socialConfigSchema = z.object({
  redirectBaseUrl: httpUrl.refine((value) => !/[?#]/.test(value), { error: 'must have no query or fragment' }).optional(),
  providers: z.partialRecord(z.enum(AUTH_SOCIAL_PROVIDERS), providerConfigSchema),
})

/** The configured providers with their defaults filled in. Throws on a bad config. */
export function resolveSocialProviders(config: SocialConfig): Map<AuthSocialProvider, ResolvedSocialProvider> {
  const checked = socialConfigSchema.parse(config)
  const out = new Map<AuthSocialProvider, ResolvedSocialProvider>()
  for (const provider of AUTH_SOCIAL_PROVIDERS) {
    const given = checked.providers[provider]
    if (given === undefined) continue
    const defaults = SOCIAL_PROVIDER_DEFAULTS[provider]
    out.set(provider, {
      provider,
      clientId: given.clientId,
      clientSecret: given.clientSecret,
      authorizationEndpoint: given.authorizationEndpoint ?? defaults.authorizationEndpoint,
      tokenEndpoint: given.tokenEndpoint ?? defaults.tokenEndpoint,
      userinfoEndpoint: given.userinfoEndpoint ?? defaults.userinfoEndpoint,
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
  if (typeof body.data === 'object' && body.data !== null && body.sub === undefined && body.id === undefined) body = body.data as Record<string, unknown>
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
