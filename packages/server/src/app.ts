import { type ClientAddressConfig, clientAddressResolver } from './client-address.ts'
import { STAMP_HEADERS } from '@portico/protocol/auth'
import { DEFAULT_REMOTE_FEATURES, remoteFeaturesSchema, type RemoteFeatures } from '@portico/protocol/common'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import type { JWK } from 'jose'
import { z } from 'zod'
import { createAuthContext, isAuthPath, type AuthConfig } from './auth/config.ts'
import {
  caipNetworkId,
  chainsConfigSchema,
  DEFAULT_NAME_ZONE,
  exchangesConfigSchema,
  knownAddressNames,
  knownAddressesSchema,
  nameZoneSchema,
  onrampConfigSchema,
  rpcProxyConfigSchema,
  solanaChainConfigSchema,
  type OnrampConfigInput,
  type RpcProxyConfigInput,
  type ChainConfigInput,
  type ExchangeProviderConfigInput,
  type SolanaChainConfigInput,
  type KnownAddressesInput,
} from './config.ts'
import { DEFAULT_ALLOWED_ORIGINS, originMatcher } from './cors.ts'
import type { Database } from './db/types.ts'
import { createProjectsRepository } from './db/projects.ts'
import { timeZoneSchema } from './routes/project.ts'
import { HttpError, preview } from './errors.ts'
import type { IndexerOptions } from './indexer/follower.ts'
import { consoleErrorSink, createErrorReporter, pinoErrorSink, type ErrorLogLimits, type ErrorReporter, type ErrorSink } from './log.ts'
import { countMail, instrumentDatabase, type PorticoMetrics } from './metrics.ts'
import { observeRequests, requestIdOf, routeOf } from './observe.ts'
import type { Logger } from 'pino'
import { smtpMailProvider } from './auth/mail.ts'
import { DEFAULT_ANALYTICS_RATE_LIMIT } from './routes/analytics.ts'
import { HEALTH_PATHS } from './routes/health.ts'
import { resolveProviders, type Providers } from './providers/index.ts'
import { svgResponder, type AppContext } from './routes/context.ts'
import { ROUTES } from './routes/index.ts'
import { DEFAULT_SIWX_SESSION_TTL_SECONDS } from './routes/siwx.ts'
import { siwxSealingKey } from './siwx/tokens.ts'

/** Largest request body accepted by default: 64 KiB. Larger bodies are answered 413 unread. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024

export type AppConfig = {
  chains: ChainConfigInput[]
  /** An optional Solana chain: its accounts get SOL and the configured SPL token balances. */
  solana?: SolanaChainConfigInput
  /** An open, migrated database (see openDatabase). */
  db: Database
  /** Overrides of the remote feature flags (GET /appkit/v1/config). */
  features?: Partial<RemoteFeatures>
  /** CORS origin rules; `*` matches any port/host run. Default: 127.0.0.1 and localhost on any port. */
  allowedOrigins?: string[]
  /**
   * Absolute http(s) base of this server as clients reach it, for the image URLs in responses
   * (`<publicUrl>/token-images/ETH`). Without it createApp answers bare paths (`/token-images/ETH`)
   * and startServer its own listening URL; the request's Host header is never used.
   */
  publicUrl?: string
  /** Data sources, one per concern; each one given replaces its default (see Providers). */
  providers?: Partial<Providers>
  /** Per-request RPC timeout of the default EVM balance provider. @default 10_000 */
  rpcTimeoutMs?: number
  /** Largest request body in bytes; above it the answer is 413. @default DEFAULT_MAX_BODY_BYTES (64 KiB) */
  maxBodyBytes?: number
  /**
   * The follower that indexes the EVM chains' transfers for GET /v1/account/{address}/history
   * (src/indexer/). startServer runs it (on by default when chains are configured); createApp only
   * serves what is stored.
   */
  indexer?: IndexerOptions
  /**
   * Receives unexpected errors (500) and upstream failures (502), after the rate limit of
   * `errorLog`. Bad input (4xx) is never reported. @default consoleErrorSink
   */
  onError?: ErrorSink
  /** Rate limit of `onError`. @default 10 reports a minute, each kind of error once a minute */
  errorLog?: ErrorLogLimits
  /**
   * The embedded wallet's auth service (/v1/auth/*, /v1/sessions/*: email login, sessions, signing).
   * Without it those routes do not exist.
   */
  auth?: AuthConfig
  /**
   * On-ramp providers (/v1/onramp/options, /v1/onramp/quote, /v1/generators/onrampurl), by adapter
   * kind: `{ providers: [{ kind: 'sandbox', id, name?, baseUrl }], timeoutMs? }`. Without it the
   * options list no provider. `providers.onramp` replaces the adapters built from it.
   */
  onramp?: OnrampConfigInput
  /**
   * Addresses named in history instead of shown raw (an on-ramp treasury, a contract): `[{ address, name }]`.
   * The chains' swap routers are named too (`swap.name`). @default []
   */
  knownAddresses?: KnownAddressesInput
  /** The names service (/v1/profile/*). */
  names?: {
    /** The name suffix (a domain) names are registered under: `alice` → `alice.<zone>`. @default DEFAULT_NAME_ZONE ('portico.id') */
    zone?: string
  }
  /**
   * The exchange providers behind pay with exchange (POST /v1/json-rpc): `[{ kind: 'sandbox', url }]`
   * for @portico/devnet's exchange sandbox. Without any, the listing is empty. `providers.exchange`
   * replaces them all.
   */
  exchanges?: ExchangeProviderConfigInput[]
  /** Sign in with the wallet (/v1/siwx/*, /.well-known/jwks.json). */
  siwx?: SiwxConfig
  /**
   * The blockchain RPC proxy (POST /v1/?chainId=<caip2>&projectId=…): rate limit per project,
   * cache of immutable answers, upstream timeout and the upstream URLs per chain (default: each
   * configured chain's and the Solana chain's `rpcUrl`). See RpcProxyConfig and the README.
   */
  rpcProxy?: RpcProxyConfigInput
  /**
   * SPEC §6: IANA time zones (`Europe/Paris`) whose visitors get swaps, on-ramp and pay with exchange
   * turned off by GET /appkit/v1/config?tz= (with `restricted` naming them). Compared without regard
   * to case; the list itself is never sent. @default []
   */
  restrictedTimezones?: string[]
  /**
   * Self-hosted analytics: on, GET /getAnalyticsConfig says so and POST /batch, POST /e store events
   * and error reports; startServer deletes rows older than `retentionDays` at start and hourly.
   * `rateLimit` bounds POST /batch per registered project (unregistered ids share one budget), per
   * client address and, ten times over, per server, in Postgres so it holds across instances
   * (`false`: off); POST /e is held at 5 error reports a minute the same ways.
   * @default { enabled: false, retentionDays: DEFAULT_ANALYTICS_RETENTION_DAYS (30), rateLimit: DEFAULT_ANALYTICS_RATE_LIMIT (100 a second, bursts of 200) }
   */
  analytics?: { enabled?: boolean; retentionDays?: number; rateLimit?: { requestsPerSecond: number; burst?: number } | false }
  /**
   * Where a request's client address comes from, for the per-IP limits (client-address.ts): 'direct'
   * (the server faces its clients), or the load balancers and proxies in front (`trustedProxies`,
   * addresses or CIDRs; the address is then read from X-Forwarded-For as they appended it). Unset:
   * the server cannot tell, the per-IP limits are off, and startServer says so. @default unset
   */
  clientAddress?: ClientAddressConfig
  /** The clock of rate limits, retention and link expiry (tests). @default Date.now */
  now?: () => number
  /**
   * Structured JSON logs (pino): one line per request (observe.ts: request id, method, route
   * pattern, status, ms, projectId, user agent; nothing else of the request), and the error reports
   * when `onError` is not given. `false` or absent: no request log (the error reports go to the
   * console). The CLI passes a logger to stdout at PORTICO_LOG_LEVEL (default info).
   */
  logger?: Logger | false
  /**
   * Prometheus metrics (metrics.ts: createMetrics()): requests by route and status, rate-limit
   * refusals, mail sends, database errors and pool use. The app does not serve them: startServer's
   * `metrics` option does, on a listener of its own; with createApp, serve `metricsApp(metrics)`.
   */
  metrics?: PorticoMetrics
}

/** Sign in with the wallet: the session service's settings. */
export type SiwxConfig = {
  /** Longest session; a message's Expiration Time can only shorten it. @default 604_800 (7 days) */
  sessionTtlSeconds?: number
  /**
   * The EC P-256 private JWK that signs the session tokens (ES256), its `kid` published in the JWKS
   * (default: the key's RFC 7638 thumbprint); its public part is stored in the database, so every
   * instance on it publishes and accepts it. Without it the key pair generated once and kept in the
   * database signs (sealed under `auth.kek` when the auth service runs), so restarts and the other
   * instances keep the tokens valid.
   */
  signingKey?: JWK
  /**
   * Nonces a project may take (POST /v1/siwx/nonce, keyed by its projectId): a token bucket, so a
   * flood cannot fill the nonce table; over it the answer is 429 with Retry-After. `false` turns it off.
   * @default { requestsPerSecond: 20, burst: 100 }
   */
  nonceRateLimit?: { requestsPerSecond: number; burst?: number } | false
}

/** How long analytics rows are kept by default. */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 30

const analyticsConfigSchema = z.object({
  enabled: z.boolean().default(false),
  rateLimit: z
    .union([
      z.literal(false),
      z.object({
        requestsPerSecond: z.number().positive({ error: 'analytics.rateLimit.requestsPerSecond must be a positive number' }),
        burst: z.number().int().positive({ error: 'analytics.rateLimit.burst must be a positive integer' }).optional(),
      }),
    ])
    .default({ ...DEFAULT_ANALYTICS_RATE_LIMIT }),
  retentionDays: z
    .number()
    .int()
    .positive({ error: 'analytics.retentionDays must be a positive integer' })
    .max(36_500)
    .default(DEFAULT_ANALYTICS_RETENTION_DAYS),
})
/** The analytics block with its defaults, validated (throws on a bad one). */
export const resolveAnalyticsConfig = (config: AppConfig['analytics']) => analyticsConfigSchema.parse(config ?? {})
const restrictedTimezonesSchema = z.array(timeZoneSchema)

const publicUrlSchema = z
  .url({ protocol: /^https?$/, error: 'publicUrl must be an absolute http(s) URL' })
  .refine((value) => !/[?#]/.test(value), { error: 'publicUrl must not have a query or fragment' })
const siwxConfigSchema = z.object({
  sessionTtlSeconds: z
    .number()
    .int()
    .positive({ error: 'siwx.sessionTtlSeconds must be a positive integer' })
    .default(DEFAULT_SIWX_SESSION_TTL_SECONDS),
  signingKey: z
    .looseObject({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string(), d: z.string(), kid: z.string().optional() })
    .optional(),
  nonceRateLimit: z
    .union([
      z.literal(false),
      z.object({
        requestsPerSecond: z.number().positive({ error: 'siwx.nonceRateLimit.requestsPerSecond must be a positive number' }),
        burst: z.number().int().positive({ error: 'siwx.nonceRateLimit.burst must be a positive integer' }).optional(),
      }),
    ])
    .default({ requestsPerSecond: 20, burst: 100 }),
})

function parseSiwxConfig(input: SiwxConfig = {}): AppContext['siwx'] {
  const result = siwxConfigSchema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (issue?.path[0] === 'signingKey') throw new Error('siwx.signingKey must be an EC P-256 private JWK (kty EC, crv P-256, x, y, d)')
  throw new Error(issue?.message ?? 'Invalid siwx config')
}
/** The SIWX settings with their defaults, and the key that seals the stored token key when the auth service runs (throws on a bad config). */
export function resolveSiwxConfig(config: Pick<AppConfig, 'siwx' | 'auth'>): AppContext['siwx'] {
  return { ...parseSiwxConfig(config.siwx), ...(config.auth ? { sealingKey: siwxSealingKey(config.auth.kek) } : {}) }
}
const maxBodyBytesSchema = z.number().int().positive({ error: 'maxBodyBytes must be a positive integer' })

/** The Portico API as a Hono app. Validates `config` and throws on a bad one. */
export function createApp(config: AppConfig) {
  return buildApp(config, () => '')
}

/**
 * createApp, with `defaultBase` as the public URL when none is configured (startServer passes its
 * own listening URL, known only once it listens).
 */
export function buildApp(config: AppConfig, defaultBase: () => string, reporter?: ErrorReporter, lifecycle?: { draining(): boolean }) {
  const chains = chainsConfigSchema.parse(config.chains)
  const solana = config.solana === undefined ? undefined : solanaChainConfigSchema.parse(config.solana)
  const features = z.parse(remoteFeaturesSchema, { ...DEFAULT_REMOTE_FEATURES, ...config.features })
  const allowedOrigins = config.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS
  const isAllowed = originMatcher(allowedOrigins)
  const publicUrl = config.publicUrl === undefined ? undefined : publicUrlSchema.parse(config.publicUrl).replace(/\/+$/, '')
  const maxBodyBytes = maxBodyBytesSchema.parse(config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)
  const logger = config.logger || undefined
  const metrics = config.metrics
  const report = reporter ?? createErrorReporter(config.onError ?? (logger ? pinoErrorSink(logger) : consoleErrorSink), config.errorLog)
  const db = metrics ? instrumentDatabase(config.db, metrics) : config.db
  const exchanges = exchangesConfigSchema.parse(config.exchanges ?? [])
  const onramp = onrampConfigSchema.parse(config.onramp ?? {})
  const rpcProxy = rpcProxyConfigSchema.parse(config.rpcProxy ?? {})
  const rpcUpstreams: Record<string, string[]> = Object.fromEntries([
    ...chains.map((chain) => [caipNetworkId(chain), [chain.rpcUrl]]),
    ...(solana ? [[solana.caipNetworkId, [solana.rpcUrl]]] : []),
    ...Object.entries(rpcProxy.upstreams ?? {}),
  ])

  const ctx: AppContext = {
    chains,
    chainsById: new Map(chains.map((chain) => [caipNetworkId(chain), chain])),
    solana,
    db: db,
    features,
    allowedOrigins: [...allowedOrigins],
    providers: resolveProviders(config.providers, {
      db: db,
      rpcTimeoutMs: config.rpcTimeoutMs,
      chains,
      exchanges,
      onramp,
      rpcUpstreams,
      rpcProxyTimeoutMs: rpcProxy.timeoutMs,
    }),
    assetUrl: (path) => `${publicUrl ?? defaultBase()}${path}`,
    svg: svgResponder(),
    nameZone: nameZoneSchema.parse(config.names?.zone ?? DEFAULT_NAME_ZONE),
    knownAddresses: knownAddressNames(chains, knownAddressesSchema.parse(config.knownAddresses ?? [])),
    siwx: resolveSiwxConfig(config),
    rpcProxy,
    projects: createProjectsRepository(db),
    restrictedTimezones: new Set(restrictedTimezonesSchema.parse(config.restrictedTimezones ?? []).map((tz) => tz.toLowerCase())),
    analytics: resolveAnalyticsConfig(config.analytics),
    clientAddress: clientAddressResolver(config.clientAddress),
    now: config.now ?? (() => Date.now()),
    draining: lifecycle?.draining ?? (() => false),
    ...(metrics ? { metrics } : {}),
  }
  const auth =
    config.auth === undefined
      ? undefined
      : createAuthContext(metrics ? { ...config.auth, mail: countMail(mailProviderOf(config.auth), metrics) } : config.auth, {
          db: db,
          chains,
          solana,
          rpcTimeoutMs: config.rpcTimeoutMs,
          linkUrl: ctx.assetUrl,
          assets: ctx.providers.evmBalances,
          isHostOrigin: isAllowed,
          clientAddress: ctx.clientAddress,
          draining: ctx.draining,
        })
  if (auth) {
    ctx.auth = auth
    ctx.mail = auth.mail
  }

  const where = (c: Context, status: 500 | 502) => {
    const requestId = requestIdOf(c)
    return { method: preview(c.req.method, 16), path: c.req.path, route: routeOf(c), status, ...(requestId ? { requestId } : {}) }
  }
  ctx.reportUpstream = (error, c) => report(error, where(c, 502))

  const app = new Hono()
  if (logger || metrics) app.use('*', observeRequests({ logger, metrics }))
  const appCors = cors({
    origin: (origin) => (isAllowed(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    maxAge: 600,
  })
  // The probes (GET /healthz, /readyz) are for load balancers, not browsers: no CORS headers.
  if (auth === undefined) app.use('*', (c, next) => (HEALTH_PATHS.includes(c.req.path) ? next() : appCors(c, next)))
  else {
    // The auth routes answer the embedded frame's origins only, never the host page's.
    const frameCors = cors({
      origin: (origin) => (auth.frameOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['content-type', ...Object.values(STAMP_HEADERS)],
      // The frame reads it to show the resend cooldown.
      exposeHeaders: ['retry-after'],
      maxAge: 600,
    })
    app.use('*', (c, next) => (HEALTH_PATHS.includes(c.req.path) ? next() : isAuthPath(c.req.path) ? frameCors(c, next) : appCors(c, next)))
  }
  app.use(
    '*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => c.json({ error: `Request body is larger than ${maxBodyBytes} bytes` }, 413),
    }),
  )
  for (const routes of ROUTES) app.route('/', routes(ctx))

  app.notFound((c) => c.json({ error: `Not found: ${preview(c.req.method, 16)} ${preview(c.req.path, 200)}` }, 404))
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      if (error.status === 502) report(error, where(c, 502))
      return c.json({ error: error.message }, error.status)
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.message || 'Bad request' }, error.status)
    }
    report(error, where(c, 500))
    // The database is down or restarting: the client may retry (GET /readyz says the same to the balancer).
    if (isDatabaseUnavailable(error)) return c.json({ error: DATABASE_UNAVAILABLE }, 503, { 'Retry-After': '5' })
    return c.json({ error: 'Internal server error' }, 500)
  })
  return app
}

/** The answer (503) of a request that needed the database while it could not be reached. */
export const DATABASE_UNAVAILABLE = 'The database is unavailable, retry shortly'

/**
 * A database that can not be reached or is shutting down: a refused or cut connection, SQLSTATE
 * class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now),
 * or node-postgres's cut connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03'].includes(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true
  }
  const message = error instanceof Error ? error.message : ''
  return /^Connection terminated|^timeout exceeded when trying to connect/.test(message)
}

/** The auth service's mail provider as createAuthContext makes it (an SMTP URL becomes an SMTP provider). */
function mailProviderOf(auth: AuthConfig) {
  return typeof auth.mail === 'string' ? smtpMailProvider(auth.mail, auth.mailFrom === undefined ? {} : { from: auth.mailFrom }) : auth.mail
}

export type PorticoApp = ReturnType<typeof createApp>
