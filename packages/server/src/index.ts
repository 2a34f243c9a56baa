import { pruneRateBuckets } from './db/rate-limits.ts'
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { buildApp, resolveAnalyticsConfig, resolveSiwxConfig, type AppConfig } from './app.ts'
import { siwxTokens } from './routes/siwx.ts'
import { sweepAnalytics } from './db/analytics.ts'
import { checkKek } from './auth/kek.ts'
import { openDatabase } from './db/index.ts'
import type { Database } from './db/types.ts'
import { startIndexer, type Indexer } from './indexer/follower.ts'
import { consoleErrorSink, createErrorReporter, pinoErrorSink } from './log.ts'
import { createMetrics, instrumentDatabase, metricsApp, type PorticoMetrics } from './metrics.ts'
import { chainsConfigSchema } from './config.ts'

export {
  createApp,
  DEFAULT_ANALYTICS_RETENTION_DAYS,
  DEFAULT_MAX_BODY_BYTES,
  type AppConfig,
  type PorticoApp,
  type SiwxConfig,
} from './app.ts'
export { sweepAnalytics } from './db/analytics.ts'
export { createProjectsRepository, type ProjectRecord, type ProjectsRepository } from './db/projects.ts'
export {
  caipNetworkId,
  chainConfigSchema,
  chainsConfigSchema,
  type ChainConfig,
  type ChainConfigInput,
  type EnsConfig,
  ensConfigSchema,
  exchangeProviderConfigSchema,
  exchangesConfigSchema,
  type ExchangeProviderConfig,
  type ExchangeProviderConfigInput,
  SOLANA_NATIVE_CURRENCY,
  solanaChainConfigSchema,
  type SolanaChainConfig,
  type SolanaChainConfigInput,
  type SolanaTokenConfig,
  type SwapConfig,
  swapConfigSchema,
  type TokenConfig,
  onrampConfigSchema,
  type OnrampConfig,
  type OnrampConfigInput,
  onrampProviderConfigSchema,
  type OnrampProviderConfig,
  rpcProxyConfigSchema,
  type RpcProxyConfig,
  type RpcProxyConfigInput,
} from './config.ts'
export { RPC_PROXY_DEFAULTS, RPC_PROXY_ERRORS, RPC_PROXY_PATH } from './routes/rpc.ts'
export { EVM_METHODS as RPC_PROXY_EVM_METHODS, SOLANA_METHODS as RPC_PROXY_SOLANA_METHODS } from './rpc-proxy/methods.ts'
export { SWAP_CHAIN_IDS } from './routes/convert.ts'
export { EXCHANGE_AMOUNT_DECIMALS, EXCHANGE_RPC_ERRORS, EXCHANGE_RPC_PATH, roundExchangeAmount } from './routes/exchange.ts'
export { DEFAULT_ALLOWED_ORIGINS } from './cors.ts'
export type { AuthConfig } from './auth/config.ts'
export { checkKek, generateKek, KEK_MISMATCH, loadOrCreateKek } from './auth/kek.ts'
export { ChainRpcError, HttpError } from './errors.ts'
export {
  consoleErrorSink,
  createErrorReporter,
  DEFAULT_ERROR_LOG_LIMITS,
  type ErrorContext,
  type ErrorLogLimits,
  type ErrorSink,
  pinoErrorSink,
} from './log.ts'
export { countMail, createMetrics, instrumentDatabase, metricsApp, type PorticoMetrics } from './metrics.ts'
export { REQUEST_ID, REQUEST_ID_HEADER } from './observe.ts'
export { HEALTH_PATHS, READY_TIMEOUT_MS, type ReadyAnswer } from './routes/health.ts'
export * from './providers/index.ts'
export type { AppContext, RouteModule } from './routes/index.ts'
export type { CatalogueWallet, Wallet, WalletQuery } from './catalogue/index.ts'
export { DEV_WALLET_NAME, DEV_WALLET_RDNS, walletId } from './catalogue/generate.ts'
export * from './db/index.ts'
export { DEFAULT_INDEXER_OPTIONS, type Indexer, type IndexerOptions, startIndexer } from './indexer/follower.ts'

export type StartServerOptions = Omit<AppConfig, 'db' | 'metrics'> & {
  /**
   * Prometheus metrics at `GET /metrics` on a listener of their own (`port`, 0 = a free one; `host`,
   * default 127.0.0.1), never on the API's port: off unless given. RunningServer.metricsUrl is its URL.
   */
  metrics?: { port: number; host?: string }
  /** 0 (default) picks a free port. */
  port?: number
  /** The address to listen on (an IP address or localhost). @default '127.0.0.1' (loopback only) */
  host?: string
  /** A real Postgres (needs the `pg` package); otherwise embedded PGlite. */
  databaseUrl?: string
  /** PGlite data directory; in memory when absent. */
  dataDir?: string
  /** In memory only: where a snapshot of the migrated database is kept for later starts (openDatabase). */
  memoryTemplateDir?: string
  /**
   * An open, migrated database to serve from instead of opening one (the three options above are
   * then unused); the server closes it on stop. E.g. opened while the rest of a local stack starts.
   */
  database?: Promise<Database> | Database
  /**
   * RunningServer.shutdown's bound: how long requests in flight may take to finish once the listener is
   * closed; those still running then are cut. @default DEFAULT_SHUTDOWN_TIMEOUT_MS (10 s)
   */
  shutdownTimeoutMs?: number
}

/** How long a graceful shutdown waits for the requests in flight, by default. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000

/** What a graceful shutdown did. */
export type ShutdownResult = { finished: number; cut: number }

/** How often startServer runs the analytics retention sweep. */
export const ANALYTICS_SWEEP_INTERVAL_MS = 60 * 60 * 1000

export type RunningServer = {
  url: string
  port: number
  /** The server's open database (admin tasks, tests: e.g. reading what analytics stored). Closed by stop(). */
  db: Database
  /** The metrics listener's URL (`http://127.0.0.1:9464/metrics`), when `metrics` is on. */
  metricsUrl?: string
  /**
   * Mark the instance as going away: GET /readyz answers 503 `shutting down` (so a balancer stops
   * sending), answers carry `Connection: close`; requests are still served.
   */
  drain(): void
  /**
   * Graceful stop (SIGTERM): drain, close the listener (new connections are refused), let the
   * requests in flight finish within `timeoutMs` (default: the shutdownTimeoutMs option), cut those
   * still running, then stop the indexer and close the database. Resolves with how many requests
   * finished and how many were cut.
   */
  shutdown(options?: { timeoutMs?: number }): Promise<ShutdownResult>
  /** Stop at once: requests in flight are cut. */
  stop(): Promise<void>
}

/**
 * The URL that reaches a server listening on `host`: a wildcard address (0.0.0.0, ::) is reached on
 * loopback, an IPv6 address goes in brackets.
 */
export function listenUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`
}

/** Close a listener and its open connections. */
function closeServer(server: ReturnType<typeof serve>): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve())
    if ('closeAllConnections' in server) server.closeAllConnections()
  })
}

/** The metrics listener (GET /metrics only); a failure to listen stops the API it was started with. */
async function listenMetrics(
  metrics: PorticoMetrics,
  where: { port: number; host?: string },
  api: ReturnType<typeof serve>,
  db: Database,
): Promise<{ server: ReturnType<typeof serve>; url: string }> {
  const host = where.host ?? '127.0.0.1'
  const app = metricsApp(metrics)
  return new Promise<{ server: ReturnType<typeof serve>; url: string }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: where.port, hostname: host }, (info) => {
      resolve({ server, url: `${listenUrl(host, info.port)}/metrics` })
    })
    server.once('error', reject)
  }).catch(async (error: unknown) => {
    await closeServer(api)
    await db.close()
    throw error
  })
}

/** The indexer's progress as the portico_indexer_* gauges, by CAIP-2 chain id. */
function indexerGauges(metrics: PorticoMetrics) {
  return (chain: string, head: bigint, indexed: bigint | undefined) => {
    metrics.indexerHead.set({ chain }, Number(head))
    if (indexed === undefined) return
    metrics.indexerIndexed.set({ chain }, Number(indexed))
    metrics.indexerLag.set({ chain }, Math.max(0, Number(head - indexed)))
  }
}

/** Open (and migrate) the database, then serve the Portico API over HTTP (on 127.0.0.1 unless `host` says otherwise). */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const {
    port = 0,
    host = '127.0.0.1',
    databaseUrl,
    dataDir,
    memoryTemplateDir,
    database,
    metrics: metricsListen,
    shutdownTimeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS,
    ...appConfig
  } = options
  if (!Number.isInteger(shutdownTimeoutMs) || shutdownTimeoutMs < 0)
    throw new Error('shutdownTimeoutMs must be a whole number of ms, 0 or more')
  const db = database ? await database : await openDatabase({ databaseUrl, dataDir, memoryTemplateDir })
  // The auth service starts only with the database's own KEK (its check value, stored at first start).
  if (appConfig.auth) {
    try {
      await checkKek(db, appConfig.auth.kek)
    } catch (error) {
      await db.close()
      throw error
    }
  }
  // The SIWX token key is loaded (or made) before the server listens: a configured key whose kid
  // names another stored key stops the start here.
  try {
    await siwxTokens(db, resolveSiwxConfig(appConfig), { issuer: () => '', now: appConfig.now ?? (() => Date.now()) }).ready()
  } catch (error) {
    await db.close()
    throw error
  }
  // Image URLs name this server by its listening URL unless a public URL is configured.
  let url = ''
  let app: ReturnType<typeof buildApp>
  // Set by drain(): /readyz answers 503 and answers close their connections.
  let draining = false
  // One rate-limited log for the routes and the indexer.
  const logger = appConfig.logger || undefined
  const report = createErrorReporter(appConfig.onError ?? (logger ? pinoErrorSink(logger) : consoleErrorSink), appConfig.errorLog)
  const metrics: PorticoMetrics | undefined = metricsListen ? createMetrics({ processMetrics: true }) : undefined
  // The indexer's and the sweep's statements count in portico_db_errors_total as the routes' do.
  const work = metrics ? instrumentDatabase(db, metrics) : db
  try {
    app = buildApp({ ...appConfig, db, ...(metrics ? { metrics } : {}) }, () => url, report, { draining: () => draining })
  } catch (error) {
    await db.close()
    throw error
  }
  const { server, address } = await new Promise<{ server: ReturnType<typeof serve>; address: AddressInfo }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
      url = listenUrl(host, info.port)
      resolve({ server, address: info })
    })
    server.once('error', reject)
  }).catch(async (error: unknown) => {
    await db.close()
    throw error
  })
  // Requests in flight (answered or not), for the graceful shutdown.
  let inFlight = 0
  let finished = 0
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1
    if (draining) res.setHeader('connection', 'close')
    res.once('finish', () => {
      if (draining) finished += 1
    })
    res.once('close', () => {
      inFlight -= 1
    })
  })
  const metricsServer = metrics && metricsListen ? await listenMetrics(metrics, metricsListen, server, db) : undefined
  // The history indexer follows the EVM chains while the server runs (indexer.enabled: false turns it off).
  const chains = chainsConfigSchema.parse(appConfig.chains)
  const indexer: Indexer | undefined =
    appConfig.indexer?.enabled !== false && chains.length > 0
      ? startIndexer({
          chains,
          db: work,
          report,
          indexer: appConfig.indexer,
          ...(metrics ? { progress: indexerGauges(metrics) } : {}),
        })
      : undefined
  // Analytics retention: rows older than retentionDays go at start, then every hour; so do the rate
  // buckets untouched for an hour (every limit's bucket is full again well before).
  const { retentionDays } = resolveAnalyticsConfig(appConfig.analytics)
  const clock = appConfig.now ?? (() => Date.now())
  let sweeping: Promise<unknown> = Promise.resolve()
  const sweep = () => {
    sweeping = sweeping
      .then(() => sweepAnalytics(work, retentionDays, clock()))
      .then(() => pruneRateBuckets(work, 60 * 60_000, clock))
      .catch((error: unknown) => report(error, { method: 'SWEEP', path: 'analytics retention', status: 500 }))
  }
  sweep()
  const sweepTimer = setInterval(sweep, ANALYTICS_SWEEP_INTERVAL_MS)
  sweepTimer.unref()
  let stopped: Promise<ShutdownResult> | undefined
  // Ends a graceful wait early (stop() during shutdown()).
  const cutNow = { now: () => {} }
  const halt = (timeoutMs: number) => {
    draining = true
    stopped ??= (async () => {
      const cut = await closeGracefully(server, timeoutMs, () => inFlight, cutNow)
      if (metricsServer) await closeServer(metricsServer.server)
      clearInterval(sweepTimer)
      await sweeping
      await indexer?.stop()
      await db.close()
      return { finished, cut }
    })()
    return stopped
  }
  return {
    url,
    port: address.port,
    db,
    ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
    drain() {
      draining = true
    },
    shutdown(shutdownOptions = {}) {
      return halt(shutdownOptions.timeoutMs ?? shutdownTimeoutMs)
    },
    async stop() {
      cutNow.now()
      await halt(0)
    },
  }
}

/**
 * Stop accepting, close idle connections as they become idle, wait up to `timeoutMs` (or until
 * `cutNow.now()`) for the rest, then cut them. Resolves with how many requests were cut.
 */
async function closeGracefully(
  server: ReturnType<typeof serve>,
  timeoutMs: number,
  inFlight: () => number,
  cutNow: { now: () => void },
): Promise<number> {
  const http = server as HttpServer
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  let cut = 0
  if (timeoutMs > 0) {
    // A keep-alive connection whose answer just went out is idle: closed here, not after keepAliveTimeout.
    const idle = setInterval(() => http.closeIdleConnections?.(), 50)
    let timer: ReturnType<typeof setTimeout> | undefined
    const timedOut = new Promise<true>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs)
      cutNow.now = () => resolve(true)
    })
    http.closeIdleConnections?.()
    const late = await Promise.race([closed.then(() => false), timedOut])
    clearInterval(idle)
    clearTimeout(timer)
    if (!late) return 0
  }
  cut = inFlight()
  http.closeAllConnections?.()
  await closed
  return cut
}
