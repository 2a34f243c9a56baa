import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import {
  chainsConfigSchema,
  exchangesConfigSchema,
  nameZoneSchema,
  onrampConfigSchema,
  rpcProxyConfigSchema,
  solanaChainConfigSchema,
  type ChainConfigInput,
} from './config.ts'
import type { AuthConfig } from './auth/config.ts'
import type { FarcasterConfig } from './auth/farcaster.ts'
import { parseKek } from './auth/crypto.ts'
import { generateKek, loadOrCreateKek } from './auth/kek.ts'
import { parseAppleSigningKey } from './auth/apple-secret.ts'
import type { SocialConfig, SocialProviderConfig } from './auth/social-providers.ts'
import type { StartServerOptions } from './index.ts'
import type { IndexerOptions } from './indexer/follower.ts'
import type { SiwxConfig } from './app.ts'
import type { JWK } from 'jose'
import { remoteFeaturesSchema, SOCIAL_PROVIDERS } from '@portico/protocol/common'
import { openDatabase } from './db/index.ts'
import {
  createProjectsRepository,
  projectFeaturesSchema,
  projectIdSchema,
  type ProjectFeatures,
  type ProjectRecord,
} from './db/projects.ts'

export const CLI_USAGE = `Usage: portico-api [options]   (in the repository: node packages/server/src/main.ts)
  --port <n>               port (env PORT; default 8787, 0 = free port)
  --host <address>         address to listen on (env PORTICO_HOST; default 127.0.0.1; 0.0.0.0 in a container)
  --chains <file.json>     chains config file (env PORTICO_CHAINS_FILE, or PORTICO_CHAINS as JSON)
  --solana <file.json>     a Solana chain { caipNetworkId, name, rpcUrl, tokens } (env PORTICO_SOLANA_FILE, or PORTICO_SOLANA as JSON)
  --exchanges <file.json>  pay-with-exchange providers [{ kind: 'sandbox', url }] (env PORTICO_EXCHANGES_FILE, or
                           PORTICO_EXCHANGES as JSON)
  --onramp <file.json>     on-ramp providers { providers: [{ kind: 'sandbox', id, name?, baseUrl }], timeoutMs? }
                           (env PORTICO_ONRAMP_FILE, or PORTICO_ONRAMP as JSON)
  --rpc-proxy <file.json>  the blockchain RPC proxy (POST /v1/?chainId=&projectId=): { rateLimit: { requestsPerSecond,
                           burst } | false, cacheSize, cacheBytes, timeoutMs, upstreams: { "<caip2>": [urls] }, maxBatch,
                           maxLogRange, finalityDepth } (env PORTICO_RPC_PROXY_FILE, or PORTICO_RPC_PROXY as JSON);
                           without it every chain is proxied to its rpcUrl, 100 calls/s per project
  --data-dir <dir>         PGlite data directory (env PORTICO_DATA_DIR; default: in memory)
  --public-url <url>       absolute base for image URLs (env PORTICO_PUBLIC_URL)
  --allowed-origins <a,b>  CORS origin rules (env PORTICO_ALLOWED_ORIGINS; default 127.0.0.1/localhost)
  --max-body-bytes <n>     largest request body, larger ones get 413 (env PORTICO_MAX_BODY_BYTES; default 65536)
  --restricted-timezones <a,b>
                           SPEC §6: IANA time zones (Europe/Paris) whose visitors get no swaps, on-ramp or
                           pay with exchange; never sent to clients (env PORTICO_RESTRICTED_TIMEZONES)
  --analytics <on|off>     self-hosted analytics: GET /getAnalyticsConfig says on, POST /batch and /e store
                           events and error reports (env PORTICO_ANALYTICS; default off)
  --analytics-retention-days <n>
                           analytics rows are deleted after n days (env PORTICO_ANALYTICS_RETENTION_DAYS; default 30)
  --name-zone <domain>     the names service's suffix: names register as <name>.<domain> (env PORTICO_NAME_ZONE;
                           default portico.id)
  --frame-port <n>         also serve the embedded wallet's frame (the @portico/embedded package) on this
                           port, its own origin; its origin becomes --frame-origins unless they are given
                           (env PORTICO_FRAME_PORT); --frame-public-url <origin> names it behind a proxy
                           (env PORTICO_FRAME_PUBLIC_URL)
  --frame-origins <a,b>    the embedded wallet frame's origins; turns on the auth service (/v1/auth/*,
                           /v1/sessions/*), which only they may call (env PORTICO_FRAME_ORIGINS)
  env SMTP_URL             with --frame-origins: where login mail goes (smtp://127.0.0.1:2525)
  env PORTICO_KEK          with --frame-origins: the key encryption key (32 bytes, base64) that seals users'
                           keys; without it, one is generated into <data-dir>/kek (mode 0600) and reused
  env PORTICO_MAIL_FROM    the From of login mail
  env PORTICO_AUTH_MAILS_PER_EMAIL, PORTICO_AUTH_MAILS_PER_IP
                           login mails allowed per email / per client IP an hour (default 5 / 20)
  env PORTICO_FARCASTER_RELAY_URL, PORTICO_FARCASTER_ID_REGISTRY
                           Sign In With Farcaster: the relay, and the IdRegistry as
                           "<chainId>:<address>[:<rpc url>]" (e.g. 10:0x00000000Fc6c…:https://…)
  env PORTICO_SMART_ACCOUNT_EXECUTORS
                           the EIP-7702 batch executor per chain for embedded smart accounts,
                           "<chainId>=<address>,…" (chains without one offer EOA only)
  env PORTICO_SOCIAL_<PROVIDER>_CLIENT_ID, PORTICO_SOCIAL_<PROVIDER>_CLIENT_SECRET
                           with --frame-origins: social login through GOOGLE, GITHUB, APPLE, FACEBOOK, X,
                           DISCORD (the provider's real endpoints; a stand-in sets _AUTHORIZATION_ENDPOINT,
                           _TOKEN_ENDPOINT, _USERINFO_ENDPOINT, _EMAILS_ENDPOINT (GitHub's address list,
                           read when the profile has no email) and _SCOPES, space separated). Register
                           <public url>/v1/auth/social/callback as the redirect URI with each provider.
                           _TOKEN_AUTH: how the client secret goes to the token endpoint, basic (HTTP
                           Basic header; the default) or post (in the form body; Apple's default, its only method)
  env PORTICO_SOCIAL_APPLE_TEAM_ID, PORTICO_SOCIAL_APPLE_KEY_ID, PORTICO_SOCIAL_APPLE_PRIVATE_KEY
                           Apple's client secret minted from your Sign in with Apple key (an ES256 JWT,
                           renewed hourly) instead of a static PORTICO_SOCIAL_APPLE_CLIENT_SECRET: the
                           Team ID, the Key ID and the .p8 key's PEM text (or PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE,
                           its path); with PORTICO_SOCIAL_APPLE_CLIENT_ID (the Services ID)
  env PORTICO_SOCIAL_REDIRECT_BASE_URL
                           the public base of that redirect URI (default: --public-url)
  env DATABASE_URL         use a real Postgres instead of PGlite (needs the 'pg' package)
  env PORTICO_INDEXER      on (default) / off: the history indexer that follows the EVM chains' blocks
                           into the database for GET /v1/account/{address}/history
  env PORTICO_INDEXER_POLL_MS, PORTICO_INDEXER_FROM_BLOCK
                           how often each chain's head is polled (default 1000 ms); the first block
                           indexed on a chain seen for the first time (default 0)
  --siwx-session-ttl <s>   sign in with the wallet: longest session in seconds (env PORTICO_SIWX_SESSION_TTL;
                           default 604800 = 7 days)
  env PORTICO_SIWX_SIGNING_KEY
                           the session tokens' key, an EC P-256 private JWK as JSON (default: generated once
                           and kept in the database)
Per-project config (origins, feature flags) in the same database: portico-api project set-origins | set-features | show
(see PROJECT_CLI_USAGE: portico-api project)`

/** The chain used when no config is given: one local anvil. */
export const DEFAULT_CLI_CHAINS: ChainConfigInput[] = [
  {
    chainId: 31337,
    name: 'Anvil',
    rpcUrl: 'http://127.0.0.1:8545',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: [],
  },
]

const maxBodyBytes = z.coerce
  .number({ error: 'max-body-bytes must be a positive integer' })
  .int({ error: 'max-body-bytes must be a positive integer' })
  .positive({ error: 'max-body-bytes must be a positive integer' })

const HOST_ERROR = 'host must be an IP address (0.0.0.0 in a container, 127.0.0.1 by default) or localhost'

const port = z.coerce.number({ error: 'port must be an integer between 0 and 65535' }).int().min(0).max(65535, {
  error: 'port must be an integer between 0 and 65535',
})

/**
 * Server options from command-line arguments and environment; arguments win over the
 * environment. Throws with a readable message on bad input.
 */
export function parseCli(argv: string[], env: Record<string, string | undefined>): CliOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      chains: { type: 'string' },
      solana: { type: 'string' },
      exchanges: { type: 'string' },
      onramp: { type: 'string' },
      'rpc-proxy': { type: 'string' },
      'data-dir': { type: 'string' },
      'public-url': { type: 'string' },
      'allowed-origins': { type: 'string' },
      'max-body-bytes': { type: 'string' },
      'name-zone': { type: 'string' },
      'restricted-timezones': { type: 'string' },
      analytics: { type: 'string' },
      'analytics-retention-days': { type: 'string' },
      'frame-origins': { type: 'string' },
      'frame-port': { type: 'string' },
      'frame-public-url': { type: 'string' },
      'siwx-session-ttl': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
  if (values.help) return 'help'

  const portResult = port.safeParse(values.port ?? env.PORT ?? '8787')
  if (!portResult.success) throw new Error(portResult.error.issues[0]?.message)

  const host = values.host ?? env.PORTICO_HOST
  if (host !== undefined && host !== 'localhost' && isIP(host) === 0) throw new Error(HOST_ERROR)

  const chainsFile = values.chains ?? env.PORTICO_CHAINS_FILE
  let chainsJson: unknown = DEFAULT_CLI_CHAINS
  if (chainsFile !== undefined) chainsJson = JSON.parse(readFileSync(chainsFile, 'utf8'))
  else if (env.PORTICO_CHAINS) chainsJson = JSON.parse(env.PORTICO_CHAINS)
  const chains = chainsConfigSchema.safeParse(chainsJson)
  if (!chains.success) {
    const issue = chains.error.issues[0]
    throw new Error(`Invalid chains config at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`)
  }

  const solanaFile = values.solana ?? env.PORTICO_SOLANA_FILE
  let solanaJson: unknown
  if (solanaFile !== undefined) solanaJson = JSON.parse(readFileSync(solanaFile, 'utf8'))
  else if (env.PORTICO_SOLANA) solanaJson = JSON.parse(env.PORTICO_SOLANA)
  const solana = solanaJson === undefined ? undefined : solanaChainConfigSchema.safeParse(solanaJson)
  if (solana && !solana.success) {
    const issue = solana.error.issues[0]
    throw new Error(`Invalid solana config at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`)
  }

  const exchangesFile = values.exchanges ?? env.PORTICO_EXCHANGES_FILE
  let exchangesJson: unknown
  if (exchangesFile !== undefined) exchangesJson = JSON.parse(readFileSync(exchangesFile, 'utf8'))
  else if (env.PORTICO_EXCHANGES) exchangesJson = JSON.parse(env.PORTICO_EXCHANGES)
  const exchanges = exchangesJson === undefined ? undefined : exchangesConfigSchema.safeParse(exchangesJson)
  if (exchanges && !exchanges.success) {
    const issue = exchanges.error.issues[0]
    throw new Error(`Invalid exchanges config at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`)
  }
  const onrampFile = values.onramp ?? env.PORTICO_ONRAMP_FILE
  let onrampJson: unknown
  if (onrampFile !== undefined) onrampJson = JSON.parse(readFileSync(onrampFile, 'utf8'))
  else if (env.PORTICO_ONRAMP) onrampJson = JSON.parse(env.PORTICO_ONRAMP)
  const onramp = onrampJson === undefined ? undefined : onrampConfigSchema.safeParse(onrampJson)
  if (onramp && !onramp.success) {
    const issue = onramp.error.issues[0]
    throw new Error(`Invalid onramp config at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`)
  }

  const rpcProxyFile = values['rpc-proxy'] ?? env.PORTICO_RPC_PROXY_FILE
  let rpcProxyJson: unknown
  if (rpcProxyFile !== undefined) rpcProxyJson = JSON.parse(readFileSync(rpcProxyFile, 'utf8'))
  else if (env.PORTICO_RPC_PROXY) rpcProxyJson = JSON.parse(env.PORTICO_RPC_PROXY)
  const rpcProxy = rpcProxyJson === undefined ? undefined : rpcProxyConfigSchema.safeParse(rpcProxyJson)
  if (rpcProxy && !rpcProxy.success) {
    const issue = rpcProxy.error.issues[0]
    throw new Error(`Invalid rpc-proxy config at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`)
  }

  const origins = values['allowed-origins'] ?? env.PORTICO_ALLOWED_ORIGINS
  const dataDir = values['data-dir'] ?? env.PORTICO_DATA_DIR
  const publicUrl = values['public-url'] ?? env.PORTICO_PUBLIC_URL
  const databaseUrl = env.DATABASE_URL
  const rawMaxBody = values['max-body-bytes'] ?? env.PORTICO_MAX_BODY_BYTES
  const maxBody = rawMaxBody === undefined ? undefined : maxBodyBytes.safeParse(rawMaxBody)
  if (maxBody && !maxBody.success) throw new Error(maxBody.error.issues[0]?.message)
  const rawZone = values['name-zone'] ?? env.PORTICO_NAME_ZONE
  const zone = rawZone === undefined ? undefined : nameZoneSchema.safeParse(rawZone)
  if (zone && !zone.success) throw new Error(zone.error.issues[0]?.message)
  const rawZones = values['restricted-timezones'] ?? env.PORTICO_RESTRICTED_TIMEZONES
  const restrictedTimezones =
    rawZones === undefined
      ? undefined
      : rawZones
          .split(',')
          .map((z) => z.trim())
          .filter(Boolean)
  const analytics = analyticsOptions(
    values.analytics ?? env.PORTICO_ANALYTICS,
    values['analytics-retention-days'] ?? env.PORTICO_ANALYTICS_RETENTION_DAYS,
  )
  const frame = frameOptions(
    values['frame-port'] ?? env.PORTICO_FRAME_PORT,
    values['frame-public-url'] ?? env.PORTICO_FRAME_PUBLIC_URL,
    host,
  )
  const auth = authOptions(values['frame-origins'] ?? env.PORTICO_FRAME_ORIGINS ?? frame?.origin, env, dataDir)
  return {
    ...(frame ? { frame: { port: frame.port } } : {}),
    port: portResult.data,
    ...(host !== undefined ? { host } : {}),
    chains: chains.data,
    ...(solana ? { solana: solana.data } : {}),
    ...(exchanges ? { exchanges: exchanges.data } : {}),
    ...(onramp ? { onramp: onramp.data } : {}),
    ...(rpcProxy ? { rpcProxy: rpcProxy.data } : {}),
    ...(dataDir ? { dataDir } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(maxBody ? { maxBodyBytes: maxBody.data } : {}),
    ...(zone ? { names: { zone: zone.data } } : {}),
    ...(origins
      ? {
          allowedOrigins: origins
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        }
      : {}),
    ...(auth ? { auth } : {}),
    ...(restrictedTimezones ? { restrictedTimezones } : {}),
    ...(analytics ? { analytics } : {}),
    ...indexerOptions(env),
    ...siwxOptions(values['siwx-session-ttl'] ?? env.PORTICO_SIWX_SESSION_TTL, env.PORTICO_SIWX_SIGNING_KEY),
  }
}

/** Sign in with the wallet: --siwx-session-ttl / PORTICO_SIWX_SESSION_TTL (seconds), PORTICO_SIWX_SIGNING_KEY (a JWK as JSON). */
function siwxOptions(rawTtl: string | undefined, rawKey: string | undefined): { siwx?: SiwxConfig } {
  const siwx: SiwxConfig = {}
  if (rawTtl !== undefined) {
    if (!/^[1-9][0-9]{0,9}$/.test(rawTtl.trim())) throw new Error('siwx-session-ttl must be a positive whole number of seconds')
    siwx.sessionTtlSeconds = Number(rawTtl.trim())
  }
  if (rawKey !== undefined && rawKey.trim() !== '') {
    try {
      siwx.signingKey = JSON.parse(rawKey) as JWK
    } catch {
      throw new Error('PORTICO_SIWX_SIGNING_KEY must be a JWK as JSON (an EC P-256 private key)')
    }
  }
  return Object.keys(siwx).length > 0 ? { siwx } : {}
}

/** --analytics on|off and --analytics-retention-days n. */
function analyticsOptions(onOff: string | undefined, days: string | undefined): { enabled?: boolean; retentionDays?: number } | undefined {
  if (onOff === undefined && days === undefined) return undefined
  const out: { enabled?: boolean; retentionDays?: number } = {}
  if (onOff !== undefined) {
    const value = onOff.trim().toLowerCase()
    if (!['on', 'off', 'true', 'false', '1', '0'].includes(value)) throw new Error('analytics must be on or off')
    out.enabled = ['on', 'true', '1'].includes(value)
  }
  if (days !== undefined) {
    if (!/^\d{1,5}$/.test(days) || Number(days) < 1) throw new Error('analytics retention days must be a positive integer')
    out.retentionDays = Number(days)
  }
  return out
}

/** The history indexer's settings from PORTICO_INDEXER, PORTICO_INDEXER_POLL_MS and PORTICO_INDEXER_FROM_BLOCK. */
function indexerOptions(env: Record<string, string | undefined>): { indexer?: IndexerOptions } {
  const indexer: IndexerOptions = {}
  const onOff = env.PORTICO_INDEXER?.trim().toLowerCase()
  if (onOff !== undefined && onOff !== '') {
    if (!['on', 'off', 'true', 'false', '1', '0'].includes(onOff)) throw new Error('PORTICO_INDEXER must be on or off')
    indexer.enabled = ['on', 'true', '1'].includes(onOff)
  }
  const int = (name: string, min: number) => {
    const raw = env[name]
    if (raw === undefined || raw === '') return undefined
    if (!/^\d{1,15}$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be an integer of at least ${min}`)
    return Number(raw)
  }
  const pollIntervalMs = int('PORTICO_INDEXER_POLL_MS', 10)
  const fromBlock = int('PORTICO_INDEXER_FROM_BLOCK', 0)
  if (pollIntervalMs !== undefined) indexer.pollIntervalMs = pollIntervalMs
  if (fromBlock !== undefined) indexer.fromBlock = fromBlock
  return Object.keys(indexer).length > 0 ? { indexer } : {}
}

/** The auth block, when frame origins are given: SMTP_URL is then required, the KEK from PORTICO_KEK or the data directory. */
function authOptions(
  frameOrigins: string | undefined,
  env: Record<string, string | undefined>,
  dataDir: string | undefined,
): AuthConfig | undefined {
  if (!frameOrigins) return undefined
  const smtpUrl = env.SMTP_URL
  if (!smtpUrl) throw new Error('The auth service (--frame-origins) needs SMTP_URL, e.g. smtp://127.0.0.1:2525')
  const envKek = env.PORTICO_KEK
  if (envKek !== undefined) {
    try {
      parseKek(envKek)
    } catch {
      throw new Error('PORTICO_KEK must be 32 bytes in base64 (openssl rand -base64 32)')
    }
  }
  // In memory (no data directory) the users die with the process, and so may their KEK.
  const kek = envKek ?? (dataDir ? loadOrCreateKek(dataDir) : generateKek())
  const limit = (name: string) => {
    const raw = env[name]
    if (raw === undefined) return undefined
    const n = Number(raw)
    if (!/^\d{1,9}$/.test(raw) || n < 1) throw new Error(`${name} must be a positive integer`)
    return n
  }
  const perEmail = limit('PORTICO_AUTH_MAILS_PER_EMAIL')
  const perIp = limit('PORTICO_AUTH_MAILS_PER_IP')
  return {
    kek,
    mail: smtpUrl,
    ...(perEmail !== undefined || perIp !== undefined
      ? {
          limits: {
            ...(perEmail !== undefined ? { mailsPerEmailPerHour: perEmail } : {}),
            ...(perIp !== undefined ? { mailsPerIpPerHour: perIp } : {}),
          },
        }
      : {}),
    ...(env.PORTICO_MAIL_FROM ? { mailFrom: env.PORTICO_MAIL_FROM } : {}),
    ...smartAccountOptions(env.PORTICO_SMART_ACCOUNT_EXECUTORS),
    ...farcasterOptions(env.PORTICO_FARCASTER_RELAY_URL, env.PORTICO_FARCASTER_ID_REGISTRY),
    ...socialOptions(env),
    frameOrigins: frameOrigins
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  }
}

/** What the CLI starts: the API, and with --frame-port the embedded wallet's frame on its own port (origin). */
export type CliOptions = StartServerOptions & { frame?: { port: number } }

/** --frame-port: the frame's port, and its origin (from --frame-public-url, else this host and port). */
function frameOptions(
  rawPort: string | undefined,
  publicUrl: string | undefined,
  host: string | undefined,
): { port: number; origin: string } | undefined {
  if (rawPort === undefined) {
    if (publicUrl !== undefined) throw new Error('--frame-public-url needs --frame-port')
    return undefined
  }
  const parsed = port.safeParse(rawPort)
  if (!parsed.success || parsed.data === 0) throw new Error('frame port must be an integer between 1 and 65535')
  if (publicUrl !== undefined) {
    if (!/^https?:\/\/[^/?#\s]+\/?$/.test(publicUrl))
      throw new Error('--frame-public-url must be an origin such as https://frame.example.com')
    return { port: parsed.data, origin: new URL(publicUrl).origin }
  }
  const name = host === undefined || host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host
  return { port: parsed.data, origin: `http://${name}:${parsed.data}` }
}

/** auth.farcaster from PORTICO_FARCASTER_RELAY_URL and PORTICO_FARCASTER_ID_REGISTRY="<chainId>:<address>[:<rpc url>]". */
function farcasterOptions(relayUrl: string | undefined, registry: string | undefined): { farcaster?: FarcasterConfig } {
  if (!relayUrl && !registry) return {}
  if (!relayUrl || !registry) throw new Error('PORTICO_FARCASTER_RELAY_URL and PORTICO_FARCASTER_ID_REGISTRY go together')
  const match = /^(\d{1,10}):(0x[0-9a-fA-F]{40})(?::(https?:\/\/\S+))?$/.exec(registry.trim())
  if (!match) throw new Error('PORTICO_FARCASTER_ID_REGISTRY must be <chainId>:<0x address>[:<rpc url>]')
  return {
    farcaster: { relayUrl, idRegistry: { chainId: Number(match[1]), address: match[2] ?? '', ...(match[3] ? { rpcUrl: match[3] } : {}) } },
  }
}

/** auth.smartAccount from PORTICO_SMART_ACCOUNT_EXECUTORS="31337=0xabc…,8453=0xdef…". */
function smartAccountOptions(raw: string | undefined): { smartAccount?: { executors: Record<string, string> } } {
  if (!raw?.trim()) return {}
  const executors: Record<string, string> = {}
  for (const pair of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(\d{1,10})=(0x[0-9a-fA-F]{40})$/.exec(pair)
    if (!match) throw new Error(`PORTICO_SMART_ACCOUNT_EXECUTORS: "${pair}" is not <chainId>=<0x address>`)
    const [, chainId = '', executor = ''] = match
    executors[chainId] = executor
  }
  return { smartAccount: { executors } }
}

const SOCIAL_ENV_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

/**
 * Apple's signing key from PORTICO_SOCIAL_APPLE_TEAM_ID, _KEY_ID and _PRIVATE_KEY (PEM text) or
 * _PRIVATE_KEY_FILE (its path), checked here so that a bad one stops the server at startup.
 */
function appleSigningKey(env: Record<string, string | undefined>): SocialProviderConfig['signingKey'] {
  const name = (field: string) => `PORTICO_SOCIAL_APPLE_${field}`
  const teamId = env[name('TEAM_ID')]?.trim()
  const keyId = env[name('KEY_ID')]?.trim()
  const pem = env[name('PRIVATE_KEY')]
  const file = env[name('PRIVATE_KEY_FILE')]?.trim()
  if (!teamId && !keyId && !pem && !file) return undefined
  if (pem && file) throw new Error(`${name('PRIVATE_KEY')} (the PEM text) and ${name('PRIVATE_KEY_FILE')} (its path): give one`)
  if (!teamId || !keyId || !(pem || file))
    throw new Error(`${name('TEAM_ID')}, ${name('KEY_ID')} and ${name('PRIVATE_KEY')} (or ${name('PRIVATE_KEY_FILE')}) go together`)
  let privateKey = pem ?? ''
  if (file) {
    try {
      privateKey = readFileSync(file, 'utf8')
    } catch (error) {
      throw new Error(`${name('PRIVATE_KEY_FILE')}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
    }
  }
  const signingKey = { teamId, keyId, privateKey }
  parseAppleSigningKey(signingKey, {
    teamId: name('TEAM_ID'),
    keyId: name('KEY_ID'),
    privateKey: file ? `${name('PRIVATE_KEY_FILE')} (${file})` : name('PRIVATE_KEY'),
  })
  return signingKey
}

/** auth.social from PORTICO_SOCIAL_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET (and a stand-in's endpoints). */
function socialOptions(env: Record<string, string | undefined>): { social?: SocialConfig } {
  const providers: SocialConfig['providers'] = {}
  for (const provider of SOCIAL_ENV_PROVIDERS) {
    const key = (name: string) => env[`PORTICO_SOCIAL_${provider.toUpperCase()}_${name}`]
    const clientId = key('CLIENT_ID')
    const clientSecret = key('CLIENT_SECRET')
    const signingKey = provider === 'apple' ? appleSigningKey(env) : undefined
    if (clientId === undefined && clientSecret === undefined && signingKey === undefined) continue
    if (signingKey !== undefined) {
      if (!clientId) throw new Error('PORTICO_SOCIAL_APPLE_CLIENT_ID (the Services ID) goes with the Apple signing key')
      if (clientSecret)
        throw new Error('PORTICO_SOCIAL_APPLE_CLIENT_SECRET or the Apple signing key (_TEAM_ID, _KEY_ID, _PRIVATE_KEY): give one')
    } else if (!clientId || !clientSecret) {
      throw new Error(`PORTICO_SOCIAL_${provider.toUpperCase()}_CLIENT_ID and _CLIENT_SECRET go together`)
    }
    const config: SocialProviderConfig =
      signingKey === undefined ? { clientId, clientSecret: clientSecret as string } : { clientId, signingKey }
    const authorizationEndpoint = key('AUTHORIZATION_ENDPOINT')
    const tokenEndpoint = key('TOKEN_ENDPOINT')
    const userinfoEndpoint = key('USERINFO_ENDPOINT')
    const emailsEndpoint = key('EMAILS_ENDPOINT')
    const scopes = key('SCOPES')
    const tokenAuth = key('TOKEN_AUTH')
    if (authorizationEndpoint) config.authorizationEndpoint = authorizationEndpoint
    if (tokenEndpoint) config.tokenEndpoint = tokenEndpoint
    if (userinfoEndpoint) config.userinfoEndpoint = userinfoEndpoint
    if (emailsEndpoint) config.emailsEndpoint = emailsEndpoint
    if (scopes) config.scopes = scopes.split(/\s+/).filter(Boolean)
    if (tokenAuth) {
      if (tokenAuth !== 'basic' && tokenAuth !== 'post')
        throw new Error(`PORTICO_SOCIAL_${provider.toUpperCase()}_TOKEN_AUTH must be basic or post`)
      config.tokenAuth = tokenAuth
    }
    providers[provider] = config
  }
  if (Object.keys(providers).length === 0) return {}
  const redirectBaseUrl = env.PORTICO_SOCIAL_REDIRECT_BASE_URL
  return { social: { providers, ...(redirectBaseUrl ? { redirectBaseUrl } : {}) } }
}

// ---- portico-api project … : the per-project config in the database ----------------------------

export const PROJECT_CLI_USAGE = `Usage: portico-api project <command> [--data-dir <dir>]   (env DATABASE_URL / PORTICO_DATA_DIR, as the server)
  project set-origins <projectId> <origin…>       the origins the project may be embedded on (replaces its list;
                                                  rules as --allowed-origins: https://app.example, https://*.example, http://localhost:*)
  project set-features <projectId> key=value…     set feature flags over the project's (others kept); keys:
                                                  ${Object.keys(remoteFeaturesSchema.shape).join(', ')};
                                                  values true/false, socials a comma list (google,github) or false
  project show <projectId>                        what is stored for the project (null / absent: the server's config)`

/** An origin rule: scheme and host (with `*` for one run of letters, digits and hyphens) and an optional port, nothing else. */
const ORIGIN_RULE = /^https?:\/\/[A-Za-z0-9*.-]+(:(\d{1,5}|\*))?$/

/** `https://a.example https://*.b.example` → the rules, checked. */
export function parseOriginRules(values: readonly string[]): string[] {
  if (values.length === 0) throw new Error('set-origins needs at least one origin, e.g. https://app.example')
  return values.map((value) => {
    const rule = value.trim().replace(/\/+$/, '')
    if (!ORIGIN_RULE.test(rule))
      throw new Error(`"${value}" is not an origin rule such as https://app.example, https://*.preview.example or http://localhost:*`)
    return rule
  })
}

/** `swaps=false socials=google,github` → the flags, validated against the remote features schema. */
export function parseFeatureAssignments(values: readonly string[]): ProjectFeatures {
  if (values.length === 0) throw new Error('set-features needs at least one key=value, e.g. swaps=false')
  const keys = Object.keys(remoteFeaturesSchema.shape)
  const raw: Record<string, unknown> = {}
  for (const assignment of values) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(assignment)
    if (!match) throw new Error(`"${assignment}" is not key=value`)
    const [, key, value] = match as unknown as [string, string, string]
    if (!keys.includes(key)) throw new Error(`Unknown feature "${key}"; one of ${keys.join(', ')}`)
    if (key === 'socials') {
      if (value === 'false') raw[key] = false
      else {
        const list = value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
        const unknown = list.find((p) => !(SOCIAL_PROVIDERS as readonly string[]).includes(p))
        if (unknown !== undefined)
          throw new Error(`socials: unknown provider "${unknown}"; a comma list of ${SOCIAL_PROVIDERS.join(', ')}, or false`)
        raw[key] = list
      }
    } else if (value === 'true' || value === 'false') raw[key] = value === 'true'
    else throw new Error(`${key} must be true or false, got "${value}"`)
  }
  const parsed = z.safeParse(projectFeaturesSchema, raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid ${issue?.path.join('.') || 'features'}: ${issue?.message}`)
  }
  return parsed.data
}

export type ProjectCommand =
  | { action: 'set-origins'; projectId: string; origins: string[] }
  | { action: 'set-features'; projectId: string; features: ProjectFeatures }
  | { action: 'show'; projectId: string }

/** `project …` arguments (after the word `project`) → the command and the database to run it on. Throws with a readable message. */
export function parseProjectCli(
  argv: string[],
  env: Record<string, string | undefined>,
): { command: ProjectCommand; dataDir?: string; databaseUrl?: string } {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  })
  const [action, rawId, ...rest] = positionals
  if (action !== 'set-origins' && action !== 'set-features' && action !== 'show')
    throw new Error(`Unknown project command "${action ?? ''}": set-origins, set-features or show`)
  const id = projectIdSchema.safeParse(rawId)
  if (!id.success) throw new Error(id.error.issues[0]?.message)
  const projectId = id.data
  if (action === 'show' && rest.length > 0) throw new Error('show takes only the project id')
  const command: ProjectCommand =
    action === 'set-origins'
      ? { action, projectId, origins: parseOriginRules(rest) }
      : action === 'set-features'
        ? { action, projectId, features: parseFeatureAssignments(rest) }
        : { action, projectId }
  const dataDir = values['data-dir'] ?? env.PORTICO_DATA_DIR
  const databaseUrl = env.DATABASE_URL
  if (!dataDir && !databaseUrl)
    throw new Error("The project commands write the server's database: give --data-dir (PGlite) or DATABASE_URL (Postgres)")
  return { command, ...(dataDir ? { dataDir } : {}), ...(databaseUrl ? { databaseUrl } : {}) }
}

const describeProject = (id: string, record: ProjectRecord | undefined) =>
  JSON.stringify(
    {
      projectId: id,
      allowedOrigins: record?.allowedOrigins ?? null,
      features: record?.features ?? {},
      updatedAt: record?.updatedAt.toISOString() ?? null,
    },
    null,
    2,
  )

/**
 * `portico-api project …`: run one command on the configured database (migrated first, as the
 * server does) and print the project as stored. Resolves with the exit code.
 */
export async function runProjectCli(
  argv: string[],
  env: Record<string, string | undefined>,
  out: { log(text: string): void; error(text: string): void } = console,
): Promise<number> {
  let parsed: ReturnType<typeof parseProjectCli>
  try {
    parsed = parseProjectCli(argv, env)
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error))
    out.error(PROJECT_CLI_USAGE)
    return 2
  }
  const db = await openDatabase({ dataDir: parsed.dataDir, databaseUrl: parsed.databaseUrl })
  try {
    const projects = createProjectsRepository(db)
    const { command } = parsed
    const record =
      command.action === 'set-origins'
        ? await projects.setOrigins(command.projectId, command.origins)
        : command.action === 'set-features'
          ? await projects.setFeatures(command.projectId, command.features)
          : await projects.get(command.projectId)
    out.log(describeProject(command.projectId, record))
    return 0
  } finally {
    await db.close()
  }
}
