import { priceRequestSchema, type TokenPrices } from '@portico/protocol/account'
import { Hono } from 'hono'
import { z } from 'zod'
import { HttpError, preview } from '../errors.ts'
import { checkedUsdPrices } from '../providers/prices.ts'
import { parseInput, usdCurrency } from '../validation.ts'
import type { RouteModule } from './context.ts'
import { tokenImagePath } from './images.ts'
import { INVALID_CAIP_ADDRESS } from '@portico/protocol/errors'

/** CAIP-10: namespace, reference, address. */
const CAIP10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/
/** The address that stands for a chain's native currency in price requests. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** Wrapped SOL's mint: the address that stands for SOL in price requests. */
export const SOL_MINT = 'So11111111111111111111111111111111111111112'
/** Most assets priced by one request. */
export const MAX_PRICE_ADDRESSES = 100

const contentType = z
  .string({ error: 'Content-Type must be application/json' })
  .regex(/^application\/json\s*(;|$)/i, { error: 'Content-Type must be application/json' })

/** What a field of the shared request schema must be, for the 400's message. */
const priceRequestMessages = {
  '': 'The body must be a JSON object with currency, addresses and projectId',
  currency: 'currency must be a string',
  addresses: 'addresses must be an array of CAIP-10 addresses',
  projectId: 'projectId must be a string',
}

/** The server's own rules on top of the shared schema. */
const priceRequestRules = z.object({
  currency: usdCurrency,
  addresses: z
    .array(z.string())
    .max(MAX_PRICE_ADDRESSES, { error: `addresses must hold at most ${MAX_PRICE_ADDRESSES} entries` })
    .superRefine((list, issues) => {
      const bad = list.find((item) => !CAIP10.test(item))
      if (bad !== undefined) issues.addIssue({ code: 'custom', message: `${INVALID_CAIP_ADDRESS} ${preview(bad)}` })
    }),
})

/**
 * POST /v1/fungible/price `{ currency, addresses: CAIP-10[], projectId }` (SPEC §7): the prices of
 * the native currencies, configured tokens and swap routers' WETH (priced as the native currency)
 * among `addresses`; unknown assets are left out.
 */
export const priceRoutes: RouteModule = (ctx) =>
  new Hono().post('/v1/fungible/price', async (c) => {
    if (!contentType.safeParse(c.req.header('content-type')).success) {
      throw new HttpError(415, 'Content-Type must be application/json')
    }
    let raw: unknown
    try {
      raw = JSON.parse(await c.req.text())
    } catch {
      throw new HttpError(400, 'Invalid JSON body')
    }
    const body = parseInput(priceRequestSchema, raw, priceRequestMessages)
    parseInput(priceRequestRules, body)

    const found: { address: string; name: string; symbol: string; chainId: string; tokenAddress?: string; priceSymbol?: string }[] = []
    for (const caipAddress of body.addresses) {
      const [, namespace, reference, assetAddress] = CAIP10.exec(caipAddress) as unknown as [string, string, string, string]
      const chainId = `${namespace}:${reference}`
      if (namespace === 'eip155') {
        const chain = ctx.chainsById.get(chainId)
        const lower = assetAddress.toLowerCase()
        if (lower === NATIVE_TOKEN_ADDRESS && chain !== undefined) {
          found.push({ address: caipAddress, chainId, name: chain.nativeCurrency.name, symbol: chain.nativeCurrency.symbol })
          continue
        }
        const token = chain?.tokens.find((t) => t.address.toLowerCase() === lower)
        if (token !== undefined) {
          found.push({ address: caipAddress, chainId, name: token.name, symbol: token.symbol, tokenAddress: token.address })
          continue
        }
        // The swap router's wrapped native token (chains[].swap.weth) is worth one native unit.
        if (chain?.swap !== undefined && chain.swap.weth.toLowerCase() === lower) {
          found.push({
            address: caipAddress,
            chainId,
            name: `Wrapped ${chain.nativeCurrency.name}`,
            symbol: `W${chain.nativeCurrency.symbol}`,
            tokenAddress: chain.swap.weth,
            priceSymbol: chain.nativeCurrency.symbol,
          })
        }
      } else if (namespace === 'solana' && assetAddress === SOL_MINT) {
        found.push({ address: caipAddress, chainId, name: 'Solana', symbol: 'SOL' })
      }
    }
    const prices = await checkedUsdPrices(
      ctx.providers.prices,
      found.map((f) => ({
        chainId: f.chainId,
        symbol: f.priceSymbol ?? f.symbol,
        ...(f.tokenAddress === undefined ? {} : { address: f.tokenAddress }),
      })),
    )
    const fungibles = found.map((f, i) => ({
      name: f.name,
      symbol: f.symbol,
      price: prices[i] as number,
      address: f.address,
      iconUrl: ctx.assetUrl(tokenImagePath(f.symbol)),
    }))
    return c.json({ fungibles } satisfies TokenPrices)
  })
