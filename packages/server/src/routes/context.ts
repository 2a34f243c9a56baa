import type { RemoteFeatures } from '@portico/protocol/common'
import type { Context, Hono } from 'hono'
import type { JWK } from 'jose'
import { z } from 'zod'
import type { FarcasterService } from '../auth/farcaster.ts'
import type { PasskeyService } from '../auth/passkeys.ts'
import type { AuthService } from '../auth/service.ts'
import type { SocialService } from '../auth/social.ts'
import type { ChainConfig, RpcProxyConfig, SolanaChainConfig } from '../config.ts'
import type { Database } from '../db/types.ts'
import type { ProjectsRepository } from '../db/projects.ts'
import type { MailProvider } from '../auth/mail.ts'
import type { PorticoMetrics } from '../metrics.ts'
import { etagOf } from '../images/svg.ts'
import type { Providers } from '../providers/index.ts'
import { parseInput } from '../validation.ts'

/** What every route module gets from createApp. */
export type AppContext = {
  chains: readonly ChainConfig[]
  /** The EVM chains by CAIP-2 id (`eip155:31337`). */
  chainsById: ReadonlyMap<string, ChainConfig>
  /** The configured Solana chain, if any. */
  solana?: SolanaChainConfig
  db: Database
  features: RemoteFeatures
  /** The origin patterns shown by /projects/v1/origins. */
  allowedOrigins: readonly string[]
  providers: Providers
  /**
   * The URL of one of this server's paths as put in responses (image URLs): the configured public
   * URL + path, or the bare path. Never built from the request's Host header.
   */
  assetUrl(path: string): string
  /** Answer with a cacheable SVG (ETag + If-None-Match → 304). */
  svg(c: Context, body: string): Response
  /** Names of known addresses for history (AppConfig.knownAddresses and the swap routers): EVM keys lower-case, Solana as is. */
  knownAddresses: ReadonlyMap<string, string>
  /** The names service's zone: names are registered as `<name>.<nameZone>` (routes/profile.ts). */
  nameZone: string
  /** The auth service of the embedded wallet, when configured (routes/auth.ts, routes/sessions.ts). */
  auth?: AuthRouteContext
  /**
   * Sign in with the wallet (routes/siwx.ts): the session cap, the configured token key, if any, and
   * the key that seals the stored one (derived from the auth service's KEK, when it runs).
   */
  siwx: {
    sessionTtlSeconds: number
    signingKey?: JWK
    nonceRateLimit: { requestsPerSecond: number; burst?: number } | false
    sealingKey?: Buffer
  }
  /** The RPC proxy's settings (routes/rpc.ts); its upstreams are `providers.rpc`. */
  rpcProxy?: RpcProxyConfig
  /** Report an upstream failure a route answers itself (502-like), through the rate-limited error log. */
  reportUpstream?(error: unknown, c: Context): void
  /** Per-project config (migration 009): origins and flags set by the admin CLI over the server's. */
  projects: ProjectsRepository
  /** SPEC §6: lower-cased IANA time zones whose visitors get no swaps, on-ramp or pay with exchange (never sent). */
  restrictedTimezones: ReadonlySet<string>
  /** Self-hosted analytics (GET /getAnalyticsConfig, POST /batch, POST /e). */
  analytics: { enabled: boolean; retentionDays: number; rateLimit: { requestsPerSecond: number; burst?: number } | false }
  /** Where email capture's confirmation mail goes: the auth service's mailer (the email login's SMTP path), when configured. */
  mail?: MailProvider
  /** The request's client address (AppConfig.clientAddress), or undefined when the server cannot tell: per-IP limits are then off. */
  clientAddress(c: Context): string | undefined
  /** The clock of rate limits, retention and link expiry. */
  now(): number
  /** True once the instance is shutting down (RunningServer.drain): GET /readyz answers 503. */
  draining(): boolean
  /** Prometheus metrics (AppConfig.metrics), when on: routes count their rate-limit refusals in it. */
  metrics?: PorticoMetrics
}

export type AuthRouteContext = {
  service: AuthService
  /** Sign In With Farcaster, when `auth.farcaster` is configured. */
  farcaster?: FarcasterService
  /** Social login, when `auth.social` is configured. */
  social?: SocialService
  /** Passkey login, unless `auth.passkeys` is false. */
  passkeys?: PasskeyService
  /** The client's IP address, for the per-IP rate limit; undefined when it is not known (the limit is then off). */
  clientIp(c: Context): string | undefined
  /** The auth services' clock (tests set it). @default Date.now */
  now?: () => number
}

/** A route file's export: one router per resource, registered in routes/index.ts. */
export type RouteModule = (ctx: AppContext) => Hono

const svgHeaders = z.object({
  'if-none-match': z.string().max(512, { error: 'If-None-Match must be at most 512 characters' }).optional(),
})

/**
 * Headers of every served SVG: never sniffed as another type, and opened on its own (not as an
 * <img>) it runs no script, loads nothing and is sandboxed; inline styles only.
 */
export const SVG_SAFETY = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
} as const

export function svgResponder(): AppContext['svg'] {
  return (c, body) => {
    const headers = parseInput(svgHeaders, { 'if-none-match': c.req.header('if-none-match') })
    const etag = etagOf(body)
    const cache = {
      'Cache-Control': 'public, max-age=86400, immutable',
      ETag: etag,
    }
    if (headers['if-none-match'] === etag) return c.body(null, 304, cache)
    return c.body(body, 200, { ...cache, ...SVG_SAFETY, 'Content-Type': 'image/svg+xml; charset=utf-8' })
  }
}
