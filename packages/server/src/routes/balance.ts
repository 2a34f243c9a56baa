import type { BalanceResponse, TokenBalance } from '@portico/protocol/account'
import { address as solanaAddressOf } from '@solana/kit'
import { Hono } from 'hono'
import { formatUnits } from 'viem'
import { z } from 'zod'
import { caipNetworkId, SOLANA_NATIVE_CURRENCY, type ChainConfig } from '../config.ts'
import { HttpError, preview } from '../errors.ts'
import { checkedUsdPrices } from '../providers/prices.ts'
import { caip2, EVM_ADDRESS, evmAddress, parseInput, SOLANA_ADDRESS, solanaAddress, usdCurrency } from '../validation.ts'
import type { AppContext, RouteModule } from './context.ts'
import { tokenImagePath } from './images.ts'

const evmParams = z.object({ address: evmAddress })
const solanaParams = z.object({ address: solanaAddress })

const balanceQuery = z.object({
  currency: usdCurrency,
  chainId: caip2.optional(),
  forceUpdate: z.enum(['', 'true', 'false', '1', '0'], { error: 'forceUpdate must be true or false' }).optional(),
})

/** One balance read from a chain, before pricing. */
type Holding = {
  chainId: string
  meta: { name: string; symbol: string; decimals: number }
  amount: bigint
  /** The token's address or mint; absent for the native currency. */
  tokenAddress?: string
}

/** Round a USD amount to 1e-8 so float noise does not show. */
export const usd = (n: number) => Math.round(n * 1e8) / 1e8

async function priced(ctx: AppContext, holdings: readonly Holding[]): Promise<TokenBalance[]> {
  const prices = await checkedUsdPrices(
    ctx.providers.prices,
    holdings.map((h) => ({
      chainId: h.chainId,
      symbol: h.meta.symbol,
      ...(h.tokenAddress === undefined ? {} : { address: h.tokenAddress }),
    })),
  )
  return holdings.map((h, i) => {
    const numeric = formatUnits(h.amount, h.meta.decimals)
    const price = prices[i] as number
    return {
      name: h.meta.name,
      symbol: h.meta.symbol,
      chainId: h.chainId,
      ...(h.tokenAddress === undefined ? {} : { address: `${h.chainId}:${h.tokenAddress}` }),
      value: usd(Number(numeric) * price),
      price,
      iconUrl: ctx.assetUrl(tokenImagePath(h.meta.symbol)),
      quantity: { decimals: String(h.meta.decimals), numeric },
    }
  })
}

/**
 * GET /v1/account/{address}/balance?currency&chainId&forceUpdate (SPEC §7): the native currency
 * (even at zero) and every configured token with a balance. No chainId → every EVM chain; a
 * `solana:` chainId, or none with a base58 (non-EVM) address, → the Solana chain. Tokens with
 * decimals 0 are never listed (SPEC §5).
 */
export const balanceRoutes: RouteModule = (ctx) =>
  new Hono().get('/v1/account/:address/balance', async (c) => {
    const rawAddress = c.req.param('address')
    const rawChainId = c.req.query('chainId')
    const solana = ctx.solana
    const isSolana =
      rawChainId?.startsWith('solana:') === true ||
      (rawChainId === undefined && solana !== undefined && !EVM_ADDRESS.test(rawAddress) && SOLANA_ADDRESS.test(rawAddress))

    if (isSolana) {
      const { address } = parseInput(solanaParams, c.req.param())
      const query = parseInput(balanceQuery, c.req.query())
      if (solana === undefined || (query.chainId !== undefined && query.chainId !== solana.caipNetworkId)) {
        throw new HttpError(400, `Unsupported chainId ${preview(query.chainId)}`)
      }
      const read = await ctx.providers.solanaBalances.getBalances(solana, solanaAddressOf(address))
      const chainId = solana.caipNetworkId
      const holdings: Holding[] = [{ chainId, meta: SOLANA_NATIVE_CURRENCY, amount: read.native }]
      for (const { token, balance } of read.tokens) {
        if (token.decimals === 0 || balance === 0n) continue
        holdings.push({ chainId, meta: token, amount: balance, tokenAddress: token.mint })
      }
      return c.json({ balances: await priced(ctx, holdings) } satisfies BalanceResponse)
    }

    const { address } = parseInput(evmParams, c.req.param())
    const query = parseInput(balanceQuery, c.req.query())
    let chains: readonly ChainConfig[] = ctx.chains
    if (query.chainId !== undefined) {
      const chain = ctx.chainsById.get(query.chainId)
      if (chain === undefined) throw new HttpError(400, `Unsupported chainId ${preview(query.chainId)}`)
      chains = [chain]
    }
    const perChain = await Promise.all(
      chains.map(async (chain): Promise<Holding[]> => {
        const read = await ctx.providers.evmBalances.getBalances(chain, address)
        const chainId = caipNetworkId(chain)
        const holdings: Holding[] = []
        if (chain.nativeCurrency.decimals !== 0) holdings.push({ chainId, meta: chain.nativeCurrency, amount: read.native })
        for (const { token, balance } of read.tokens) {
          if (token.decimals === 0 || balance === 0n) continue
          holdings.push({ chainId, meta: token, amount: balance, tokenAddress: token.address })
        }
        return holdings
      }),
    )
    return c.json({ balances: await priced(ctx, perChain.flat()) } satisfies BalanceResponse)
  })
