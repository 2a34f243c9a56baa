import { Hono } from 'hono'
import { cors } from 'hono/cors'
import {
  chainsConfigSchema,
  DEFAULT_FEATURES,
  featuresSchema,
  solanaChainConfigSchema,
  type ChainConfigInput,
  type Features,
  type SolanaChainConfigInput,
} from './config.ts'
import { DEFAULT_ALLOWED_ORIGINS, originMatcher } from './cors.ts'
import type { Database } from './db/types.ts'
import { HttpError } from './errors.ts'
import { USD_PRICES } from './prices.ts'
import { createRpcBalanceProvider, type BalanceProvider } from './providers/balances.ts'
import { createSolanaBalanceProvider, type SolanaBalanceProvider } from './providers/solana.ts'
import { svgResponder, type AppContext } from './routes/context.ts'
import { explorerRoutes } from './routes/explorer.ts'
import { toolkitRoutes } from './routes/toolkit.ts'

export type AppConfig = {
  chains: ChainConfigInput[]
  /** An optional Solana chain: its accounts get SOL and the configured SPL token balances. */
  solana?: SolanaChainConfigInput
  /** An open, migrated database (see openDatabase). */
  db: Database
  /** Overrides of the remote feature flags (GET /appkit/v1/config). */
  features?: Partial<Features>
  /** CORS origin rules; `*` matches any port/host run. Default: 127.0.0.1 and localhost on any port. */
  allowedOrigins?: string[]
  /** Absolute base for image URLs in responses (default: the request's origin). */
  publicUrl?: string
  /** USD prices per symbol (default: USD_PRICES). */
  prices?: Record<string, number>
  /** Source of on-chain balances (default: JSON-RPC reads with viem). */
  balanceProvider?: BalanceProvider
  /** Source of Solana balances (default: JSON-RPC reads with @solana/kit). */
  solanaBalanceProvider?: SolanaBalanceProvider
  /** Per-request RPC timeout of the default balance provider. */
  rpcTimeoutMs?: number
  /** Called with unexpected errors (default: console.error). */
  onError?: (error: unknown) => void
}

/** The Portico API as a Hono app. Validates `config` and throws on a bad one. */
export function createApp(config: AppConfig) {
  const chains = chainsConfigSchema.parse(config.chains)
  const solana = config.solana === undefined ? undefined : solanaChainConfigSchema.parse(config.solana)
  const features = featuresSchema.parse({ ...DEFAULT_FEATURES, ...config.features })
  const allowedOriginsList = config.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS
  const isAllowed = originMatcher(allowedOriginsList)
  const publicUrl = config.publicUrl?.replace(/\/+$/, '')
  const onError = config.onError ?? ((error: unknown) => console.error('[portico-server]', error))

  const ctx: AppContext = {
    chains,
    db: config.db,
    features,
    prices: config.prices ?? USD_PRICES,
    balances: config.balanceProvider ?? createRpcBalanceProvider({ timeoutMs: config.rpcTimeoutMs }),
    solana,
    solanaBalances: config.solanaBalanceProvider ?? createSolanaBalanceProvider(),
    allowedOriginsList,
    publicOrigin: (requestUrl) => publicUrl ?? new URL(requestUrl).origin,
    svg: svgResponder(),
  }

  const app = new Hono()
  app.use(
    '*',
    cors({
      origin: (origin) => (isAllowed(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      maxAge: 600,
    }),
  )
  app.route('/', explorerRoutes(ctx))
  app.route('/', toolkitRoutes(ctx))

  app.notFound((c) => c.json({ error: `Not found: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404))
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      if (error.status === 502) onError(error)
      return c.json({ error: error.message }, error.status)
    }
    onError(error)
    return c.json({ error: 'Internal server error' }, 500)
  })
  return app
}

export type PorticoApp = ReturnType<typeof createApp>
