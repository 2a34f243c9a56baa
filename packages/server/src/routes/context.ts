import type { Context } from 'hono'
import type { ChainConfig, Features, SolanaChainConfig } from '../config.ts'
import type { Database } from '../db/types.ts'
import { etagOf } from '../images/svg.ts'
import type { BalanceProvider } from '../providers/balances.ts'
import type { SolanaBalanceProvider } from '../providers/solana.ts'

/** What every route module gets from createApp. */
export type AppContext = {
  chains: ChainConfig[]
  db: Database
  features: Features
  prices: Readonly<Record<string, number>>
  balances: BalanceProvider
  /** The configured Solana chain, if any. */
  solana?: SolanaChainConfig
  solanaBalances: SolanaBalanceProvider
  /** The origin patterns shown by /projects/v1/origins. */
  allowedOriginsList: string[]
  /** Absolute origin used in image URLs: the configured public URL or the request's own origin. */
  publicOrigin(requestUrl: string): string
  /** Answer with a cacheable SVG (ETag + If-None-Match → 304). */
  svg(c: Context, body: string): Response
}

export function svgResponder(): AppContext['svg'] {
  return (c, body) => {
    const etag = etagOf(body)
    const headers = {
      'Cache-Control': 'public, max-age=86400, immutable',
      ETag: etag,
    }
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
    return c.body(body, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' })
  }
}
