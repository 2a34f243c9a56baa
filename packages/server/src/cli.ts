/**
 * The server's command line: `portico-api [options]` (parseCli: arguments over the environment) and
 * `portico-api project …` (./cli-project.ts). The sections of the options are parsed in
 * ./cli-options.ts (JSON configs, port, frame, siwx, analytics, indexer) and ./cli-auth.ts (the auth
 * service).
 */
import { type ClientAddressConfig, clientAddressConfigSchema } from './client-address.ts'
import { isIP } from 'node:net'
import { parseArgs } from 'node:util'
import { authOptions } from './cli-auth.ts'
import {
  analyticsOptions,
  frameOptions,
  HOST_ERROR,
  indexerOptions,
  jsonConfig,
  maxBodyBytes,
  port,
  shutdownOptions,
  siwxOptions,
} from './cli-options.ts'
import {
  chainsConfigSchema,
  exchangesConfigSchema,
  nameZoneSchema,
  onrampConfigSchema,
  rpcProxyConfigSchema,
  solanaChainConfigSchema,
  type ChainConfigInput,
} from './config.ts'
import type { StartServerOptions } from './index.ts'

export {
  PROJECT_CLI_USAGE,
  parseFeatureAssignments,
  parseOriginRules,
  parseProjectCli,
  type ProjectCommand,
  runProjectCli,
} from './cli-project.ts'

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
  --log-level <level>      JSON request and error logs on stdout (pino), one line per request: fatal, error, warn,
                           info, debug (adds the /healthz and /readyz probes), trace or silent (env PORTICO_LOG_LEVEL;
                           default info)
  --metrics-port <n>       Prometheus metrics at GET /metrics on this port, a listener apart from the API's
                           (env PORTICO_METRICS_PORT; default: no metrics); --metrics-host <address> is where it
                           listens (env PORTICO_METRICS_HOST; default 127.0.0.1)
  --shutdown-delay <ms>    on SIGTERM, keep serving this long with GET /readyz at 503 so that load balancers stop
                           sending first (env PORTICO_SHUTDOWN_DELAY_MS; default 0); then the listener closes
  --shutdown-timeout <ms>  then wait this long for the requests in flight before cutting them, close the database
                           and exit 0 (env PORTICO_SHUTDOWN_TIMEOUT_MS; default 10000). A second signal cuts at once
  --restricted-timezones <a,b>
                           SPEC §6: IANA time zones (Europe/Paris) whose visitors get no swaps, on-ramp or
                           pay with exchange; never sent to clients (env PORTICO_RESTRICTED_TIMEZONES)
  --client-address <how>   where a client's address comes from, for the per-IP limits (env PORTICO_CLIENT_ADDRESS):
                           'direct' (the server faces its clients), or the load balancers' addresses and CIDRs,
                           comma-separated (the address is then read from X-Forwarded-For as they appended it).
                           Unset: per-IP limits are off
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
                           keys. Required with --data-dir or DATABASE_URL (no KEK: refused at start; it is
                           never written beside the database); its check value is stored at first start
                           and another KEK is refused. In memory only, a random one per process
  env PORTICO_MAIL_FROM    the From of login mail
  env PORTICO_AUTH_MAILS_PER_EMAIL, PORTICO_AUTH_DEVICE_MAILS_PER_EMAIL, PORTICO_AUTH_MAILS_PER_IP
                           code mails per email, new-device approval links per email (counted apart),
                           and mails per client IP, an hour (default 5 / 5 / 20)
  env PORTICO_AUTH_DEVICE_WAITS
                           device-approval asks one instance holds at once (each at most 20 s, then
                           pending); one more gets 503 with Retry-After (default 100)
  env PORTICO_FARCASTER_RELAY_URL, PORTICO_FARCASTER_ID_REGISTRY
                           Sign In With Farcaster: the relay, and the IdRegistry as
                           "<chainId>:<address>[:<rpc url>]" (e.g. 10:0x00000000Fc6c…:https://…)
  env PORTICO_KEY_CUSTODY  who holds new users' keys: shares (the default: the frame makes and splits them;
                           the API keeps an auth share and a recovery blob and never signs; users of
                           server migrate at their next login) or server (the API, sealed under the KEK)
  env PORTICO_RECOVERY_KEY server-assisted recovery (off by default): a P-256 private key as a JWK (JSON),
                           kept apart from the KEK; recovery shares are sealed to it too, and a new device
                           recovers at login. Whoever holds it and the database can recover, and so sign
  env PORTICO_PERMISSIONS_RELAYER_KEY
                           0x + 32 bytes: the account that relays permission executions of wallets with
                           key shares (ERC-7715, enforced on chain by the executor); it pays their gas
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
  env <SECRET>_FILE        DATABASE_URL, SMTP_URL, PORTICO_KEK, PORTICO_SIWX_SIGNING_KEY, PORTICO_PERMISSIONS_RELAYER_KEY
                           and PORTICO_SOCIAL_<PROVIDER>_CLIENT_SECRET read from a file (Docker/Kubernetes secrets)
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
      'log-level': { type: 'string' },
      'metrics-port': { type: 'string' },
      'metrics-host': { type: 'string' },
      'shutdown-delay': { type: 'string' },
      'shutdown-timeout': { type: 'string' },
      'name-zone': { type: 'string' },
      'restricted-timezones': { type: 'string' },
      'client-address': { type: 'string' },
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

  const chains = jsonConfig('chains', chainsConfigSchema, values.chains ?? env.PORTICO_CHAINS_FILE, env.PORTICO_CHAINS, DEFAULT_CLI_CHAINS)
  const solana = jsonConfig('solana', solanaChainConfigSchema, values.solana ?? env.PORTICO_SOLANA_FILE, env.PORTICO_SOLANA)
  const exchanges = jsonConfig('exchanges', exchangesConfigSchema, values.exchanges ?? env.PORTICO_EXCHANGES_FILE, env.PORTICO_EXCHANGES)
  const onramp = jsonConfig('onramp', onrampConfigSchema, values.onramp ?? env.PORTICO_ONRAMP_FILE, env.PORTICO_ONRAMP)
  const rpcProxy = jsonConfig('rpc-proxy', rpcProxyConfigSchema, values['rpc-proxy'] ?? env.PORTICO_RPC_PROXY_FILE, env.PORTICO_RPC_PROXY)

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
  const clientAddress = clientAddressOption(values['client-address'] ?? env.PORTICO_CLIENT_ADDRESS)
  const analytics = analyticsOptions(
    values.analytics ?? env.PORTICO_ANALYTICS,
    values['analytics-retention-days'] ?? env.PORTICO_ANALYTICS_RETENTION_DAYS,
  )
  const frame = frameOptions(
    values['frame-port'] ?? env.PORTICO_FRAME_PORT,
    values['frame-public-url'] ?? env.PORTICO_FRAME_PUBLIC_URL,
    host,
  )
  const logLevel = logLevelOption(values['log-level'] ?? env.PORTICO_LOG_LEVEL)
  const metrics = metricsOptions(values['metrics-port'] ?? env.PORTICO_METRICS_PORT, values['metrics-host'] ?? env.PORTICO_METRICS_HOST)
  const auth = authOptions(values['frame-origins'] ?? env.PORTICO_FRAME_ORIGINS ?? frame?.origin, env, dataDir)
  return {
    ...(frame ? { frame: { port: frame.port } } : {}),
    ...(logLevel ? { logLevel } : {}),
    ...(metrics ? { metrics } : {}),
    ...shutdownOptions(
      values['shutdown-delay'] ?? env.PORTICO_SHUTDOWN_DELAY_MS,
      values['shutdown-timeout'] ?? env.PORTICO_SHUTDOWN_TIMEOUT_MS,
    ),
    port: portResult.data,
    ...(host !== undefined ? { host } : {}),
    chains,
    ...(solana ? { solana } : {}),
    ...(exchanges ? { exchanges } : {}),
    ...(onramp ? { onramp } : {}),
    ...(rpcProxy ? { rpcProxy } : {}),
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
    ...(clientAddress ? { clientAddress } : {}),
    ...(analytics ? { analytics } : {}),
    ...indexerOptions(env),
    ...siwxOptions(values['siwx-session-ttl'] ?? env.PORTICO_SIWX_SESSION_TTL, env.PORTICO_SIWX_SIGNING_KEY),
  }
}

/** What the API says at start when it cannot tell its clients' addresses. */
export const CLIENT_ADDRESS_UNSET =
  'Per-IP limits are off: set --client-address (PORTICO_CLIENT_ADDRESS) to direct, or to the addresses of the load balancers in front'

/** `direct`, or the trusted proxies' addresses and CIDRs, comma-separated. */
function clientAddressOption(raw: string | undefined): ClientAddressConfig | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  if (raw.trim() === 'direct') return 'direct'
  const config = {
    trustedProxies: raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  }
  const checked = clientAddressConfigSchema.safeParse(config)
  if (!checked.success) throw new Error(`--client-address: ${checked.error.issues[0]?.message ?? 'direct, or addresses and CIDRs'}`)
  return config
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** --log-level / PORTICO_LOG_LEVEL: one of LOG_LEVELS (main.ts: info when not given). */
function logLevelOption(raw: string | undefined): LogLevel | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  const level = raw.trim().toLowerCase()
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`log level must be one of ${LOG_LEVELS.join(', ')}`)
  return level as LogLevel
}

/** --metrics-port / PORTICO_METRICS_PORT and --metrics-host / PORTICO_METRICS_HOST. */
function metricsOptions(rawPort: string | undefined, host: string | undefined): { port: number; host?: string } | undefined {
  if (rawPort === undefined || rawPort.trim() === '') {
    if (host !== undefined) throw new Error('--metrics-host needs --metrics-port')
    return undefined
  }
  const parsed = port.safeParse(rawPort.trim())
  if (!parsed.success) throw new Error(`metrics port: ${parsed.error.issues[0]?.message}`)
  if (host !== undefined && host !== 'localhost' && isIP(host) === 0) throw new Error(`metrics host: ${HOST_ERROR}`)
  return { port: parsed.data, ...(host === undefined ? {} : { host }) }
}

/**
 * What the CLI starts: the API (its log at `logLevel`, see main.ts), and with --frame-port the
 * embedded wallet's frame on its own port (origin).
 */
export type CliOptions = StartServerOptions & { frame?: { port: number }; logLevel?: LogLevel; shutdownDelayMs?: number }
