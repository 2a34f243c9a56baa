import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createApp, type AppConfig } from './app.ts'
import { openDatabase } from './db/index.ts'

export { createApp, type AppConfig, type PorticoApp } from './app.ts'
export {
  caipNetworkId,
  chainConfigSchema,
  chainsConfigSchema,
  DEFAULT_FEATURES,
  SOCIAL_PROVIDERS,
  type ChainConfig,
  type ChainConfigInput,
  type Features,
  SOLANA_NATIVE_CURRENCY,
  solanaChainConfigSchema,
  type SolanaChainConfig,
  type SolanaChainConfigInput,
  type SolanaTokenConfig,
  type SocialProvider,
  type TokenConfig,
} from './config.ts'
export { DEFAULT_ALLOWED_ORIGINS } from './cors.ts'
export { USD_PRICES, priceOf } from './prices.ts'
export { createRpcBalanceProvider, type BalanceProvider, type ChainBalances } from './providers/balances.ts'
export { createSolanaBalanceProvider, type SolanaBalanceProvider, type SolanaBalances } from './providers/solana.ts'
export type { TokenBalance } from './routes/toolkit.ts'
export type { Wallet } from './catalogue/index.ts'
export { DEV_WALLET_NAME, DEV_WALLET_RDNS, walletId } from './catalogue/generate.ts'
export * from './db/index.ts'

export type StartServerOptions = Omit<AppConfig, 'db'> & {
  /** 0 (default) picks a free port. */
  port?: number
  /** Only loopback is served. */
  host?: '127.0.0.1'
  /** A real Postgres (needs the `pg` package); otherwise embedded PGlite. */
  databaseUrl?: string
  /** PGlite data directory; in memory when absent. */
  dataDir?: string
}

export type RunningServer = {
  url: string
  port: number
  stop(): Promise<void>
}

/** Open (and migrate) the database, then serve the Portico API over HTTP on 127.0.0.1. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', databaseUrl, dataDir, ...appConfig } = options
  const db = await openDatabase({ databaseUrl, dataDir })
  let app
  try {
    app = createApp({ ...appConfig, db })
  } catch (error) {
    await db.close()
    throw error
  }
  const { server, address } = await new Promise<{ server: ReturnType<typeof serve>; address: AddressInfo }>(
    (resolve, reject) => {
      const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => resolve({ server, address: info }))
      server.once('error', reject)
    },
  ).catch(async (error: unknown) => {
    await db.close()
    throw error
  })
  let stopped: Promise<void> | undefined
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ('closeAllConnections' in server) server.closeAllConnections()
      }).then(() => db.close())
      return stopped
    },
  }
}
