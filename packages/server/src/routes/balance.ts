import { Hono } from 'hono'
import { formatUnits } from 'viem'
import { z } from 'zod'
import { caipNetworkId, SOLANA_NATIVE_CURRENCY, type ChainConfig } from '../config.ts'
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

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
/** SPEC §5: a Solana address is 32–44 base58 characters. */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const solanaAddressParams = z.object({
  address: z.string({ error: 'Invalid Solana address' }).regex(SOLANA_ADDRESS, { error: 'Invalid Solana address' }),
})

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

const CAIP10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/
/** The address that stands for a chain's native currency in price requests. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** Wrapped SOL's mint: the address that stands for SOL in price requests. */
export const SOL_MINT = 'So11111111111111111111111111111111111111112'

const priceBody = z.object({
  currency: z
    .string({ error: 'currency must be a string' })
    .optional()
    .refine((value) => value === undefined || value.toLowerCase() === 'usd', {
      error: (issue) => `Unsupported currency ${String(issue.input)}`,
    }),
  addresses: z
    .array(z.string({ error: 'addresses must be an array of CAIP-10 addresses' }), {
      error: 'addresses must be an array of CAIP-10 addresses',
    })
    .max(100, { error: 'addresses must hold at most 100 entries' })
    .superRefine((list, ctx) => {
      const bad = list.find((item) => !CAIP10.test(item))
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `Invalid CAIP address ${bad}` })
    }),
  projectId: z.string().optional(),
})

export type FungiblePrice = { name: string; symbol: string; price: number; address: string; iconUrl: string }

/** Round a USD amount to 1e-8 so float noise does not show. */
const usd = (n: number) => Math.round(n * 1e8) / 1e8

/** The toolkit API (SPEC §7): supported chains, identity, balances, token icons. */
export function toolkitRoutes(ctx: AppContext) {
  const app = new Hono()
  const names = createNamesRepository(ctx.db)
  const chainsById = new Map(ctx.chains.map((chain) => [caipNetworkId(chain), chain]))

  app.get('/v1/supported-chains', (c) =>
    c.json({
      http: [...ctx.chains.map(caipNetworkId), ...(ctx.solana ? [ctx.solana.caipNetworkId] : [])],
      ws: ctx.chains.filter((chain) => chain.wsUrl !== undefined).map(caipNetworkId),
    }),
  )

  app.get('/v1/identity/:address', async (c) => {
    const { address } = parseInput(addressParams, c.req.param())
    const [primary] = await names.findByAddress(address)
    return c.json({ name: primary?.name ?? null, avatar: primary?.attributes['avatar'] ?? null })
  })

  app.get('/v1/account/:address/balance', async (c) => {
    const rawAddress = c.req.param('address')
    const rawChainId = c.req.query('chainId')
    // Solana when the chainId says so, or when no chainId is given and the address is base58 (not EVM).
    const solanaChain = ctx.solana
    const isSolana =
      rawChainId?.startsWith('solana:') === true ||
      (rawChainId === undefined && solanaChain !== undefined && !EVM_ADDRESS.test(rawAddress) && SOLANA_ADDRESS.test(rawAddress))
    const origin = ctx.publicOrigin(c.req.url)
    const entry = (
      chainId: string,
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
        iconUrl: `${origin}/token-images/${encodeURIComponent(meta.symbol)}`,
        quantity: { decimals: String(meta.decimals), numeric },
      }
    }

    if (isSolana) {
      const { address } = parseInput(solanaAddressParams, c.req.param())
      const query = parseInput(balanceQuery, c.req.query())
      if (solanaChain === undefined || (query.chainId !== undefined && query.chainId !== solanaChain.caipNetworkId)) {
        throw new HttpError(400, `Unsupported chainId ${query.chainId}`)
      }
      const read = await ctx.solanaBalances.getBalances(solanaChain, address)
      const chainId = solanaChain.caipNetworkId
      const balances: TokenBalance[] = [entry(chainId, SOLANA_NATIVE_CURRENCY, read.native)]
      for (const { token, balance } of read.tokens) {
        if (token.decimals === 0 || balance === 0n) continue
        balances.push(entry(chainId, token, balance, token.mint))
      }
      return c.json({ balances })
    }

    const { address } = parseInput(addressParams, c.req.param())
    const query = parseInput(balanceQuery, c.req.query())
    let chains: ChainConfig[] = ctx.chains
    if (query.chainId !== undefined) {
      const chain = chainsById.get(query.chainId)
      if (chain === undefined) throw new HttpError(400, `Unsupported chainId ${query.chainId}`)
      chains = [chain]
    }
    const perChain = await Promise.all(
      chains.map(async (chain): Promise<TokenBalance[]> => {
        const read = await ctx.balances.getBalances(chain, address)
        const chainId = caipNetworkId(chain)
        const balances: TokenBalance[] = []
        // SPEC §5: tokens with decimals '0' are never returned.
        if (chain.nativeCurrency.decimals !== 0) balances.push(entry(chainId, chain.nativeCurrency, read.native))
        for (const { token, balance } of read.tokens) {
          if (token.decimals === 0 || balance === 0n) continue
          balances.push(entry(chainId, token, balance, token.address))
        }
        return balances
      }),
    )
    return c.json({ balances: perChain.flat() })
  })

  // Prices of the requested CAIP-10 assets from the price table; unknown assets are left out.
  app.post('/v1/fungible/price', async (c) => {
    const raw: unknown = await c.req.json().catch(() => {
      throw new HttpError(400, 'Invalid JSON body')
    })
    const body = parseInput(priceBody, raw)
    const origin = ctx.publicOrigin(c.req.url)
    const fungibles: FungiblePrice[] = []
    for (const caipAddress of body.addresses) {
      const [, namespace, reference, assetAddress] = CAIP10.exec(caipAddress) as RegExpExecArray
      let meta: { name: string; symbol: string } | undefined
      if (namespace === 'eip155') {
        const chain = chainsById.get(`eip155:${reference}`)
        const lower = (assetAddress as string).toLowerCase()
        meta =
          lower === NATIVE_TOKEN_ADDRESS
            ? chain?.nativeCurrency
            : chain?.tokens.find((token) => token.address.toLowerCase() === lower)
      } else if (namespace === 'solana' && assetAddress === SOL_MINT) {
        meta = { name: 'Solana', symbol: 'SOL' }
      }
      if (meta === undefined) continue
      fungibles.push({
        name: meta.name,
        symbol: meta.symbol,
        price: priceOf(meta.symbol, ctx.prices),
        address: caipAddress,
        iconUrl: `${origin}/token-images/${encodeURIComponent(meta.symbol)}`,
      })
    }
    return c.json({ fungibles })
  })

  app.get('/token-images/:symbol', (c) => {
    const { symbol } = parseInput(symbolParams, c.req.param())
    return ctx.svg(c, tokenSvg(symbol))
  })

  return app
}
