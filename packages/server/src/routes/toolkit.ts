import { Hono } from 'hono'
import { formatUnits } from 'viem'
import { z } from 'zod'
import { caipNetworkId, type ChainConfig } from '../config.ts'
import { createNamesRepository } from '../db/names.ts'
import { HttpError } from '../errors.ts'
import { tokenSvg } from '../images/svg.ts'
import { priceOf } from '../prices.ts'
import { caip2, evmAddress, parseInput } from '../validation.ts'
import type { AppContext } from './context.ts'

/** SPEC §3 token balance. */
export type TokenBalance = {
  name: string
  symbol: string
  /** CAIP-2 */
  chainId: string
  /** CAIP-10; absent for the native currency. */
  address?: string
  /** USD value of the quantity. */
  value: number
  /** USD price of one token. */
  price: number
  iconUrl: string
  quantity: { decimals: string; numeric: string }
}

const addressParams = z.object({ address: evmAddress })

const balanceQuery = z.object({
  currency: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.toLowerCase() === 'usd', {
      error: (issue) => `Unsupported currency ${String(issue.input)}`,
    }),
  chainId: caip2.optional(),
  forceUpdate: z.string().optional(),
})

const SYMBOL = /^[A-Za-z0-9.\-_]{1,16}$/
const symbolParams = z.object({ symbol: z.string().regex(SYMBOL, { error: 'Invalid token symbol' }) })

/** Round a USD amount to 1e-8 so float noise does not show. */
const usd = (n: number) => Math.round(n * 1e8) / 1e8

/** The toolkit API (SPEC §7): supported chains, identity, balances, token icons. */
export function toolkitRoutes(ctx: AppContext) {
  const app = new Hono()
  const names = createNamesRepository(ctx.db)
  const chainsById = new Map(ctx.chains.map((chain) => [caipNetworkId(chain), chain]))

  app.get('/v1/supported-chains', (c) =>
    c.json({
      http: ctx.chains.map(caipNetworkId),
      ws: ctx.chains.filter((chain) => chain.wsUrl !== undefined).map(caipNetworkId),
    }),
  )

  app.get('/v1/identity/:address', async (c) => {
    const { address } = parseInput(addressParams, c.req.param())
    const [primary] = await names.findByAddress(address)
    return c.json({ name: primary?.name ?? null, avatar: primary?.attributes['avatar'] ?? null })
  })

  app.get('/v1/account/:address/balance', async (c) => {
    const { address } = parseInput(addressParams, c.req.param())
    const query = parseInput(balanceQuery, c.req.query())
    let chains: ChainConfig[] = ctx.chains
    if (query.chainId !== undefined) {
      const chain = chainsById.get(query.chainId)
      if (chain === undefined) throw new HttpError(400, `Unsupported chainId ${query.chainId}`)
      chains = [chain]
    }
    const origin = ctx.publicOrigin(c.req.url)
    const iconUrl = (symbol: string) => `${origin}/token-images/${encodeURIComponent(symbol)}`
    const perChain = await Promise.all(
      chains.map(async (chain): Promise<TokenBalance[]> => {
        const read = await ctx.balances.getBalances(chain, address)
        const chainId = caipNetworkId(chain)
        const entry = (
          meta: { name: string; symbol: string; decimals: number },
          amount: bigint,
          tokenAddress?: string,
        ): TokenBalance => {
          const numeric = formatUnits(amount, meta.decimals)
          const price = priceOf(meta.symbol, ctx.prices)
          return {
            name: meta.name,
            symbol: meta.symbol,
            chainId,
            ...(tokenAddress === undefined ? {} : { address: `${chainId}:${tokenAddress}` }),
            value: usd(Number(numeric) * price),
            price,
            iconUrl: iconUrl(meta.symbol),
            quantity: { decimals: String(meta.decimals), numeric },
          }
        }
        const balances: TokenBalance[] = []
        // SPEC §5: tokens with decimals '0' are never returned.
        if (chain.nativeCurrency.decimals !== 0) balances.push(entry(chain.nativeCurrency, read.native))
        for (const { token, balance } of read.tokens) {
          if (token.decimals === 0 || balance === 0n) continue
          balances.push(entry(token, balance, token.address))
        }
        return balances
      }),
    )
    return c.json({ balances: perChain.flat() })
  })

  app.get('/token-images/:symbol', (c) => {
    const { symbol } = parseInput(symbolParams, c.req.param())
    return ctx.svg(c, tokenSvg(symbol))
  })

  return app
}
