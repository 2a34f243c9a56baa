import { Hono } from 'hono'
import { z } from 'zod'
import { HttpError } from '../errors.ts'
import { tokenSvg } from '../images/svg.ts'
import { web3Icon } from '../images/web3icons.ts'
import { parseInput } from '../validation.ts'
import type { RouteModule } from './context.ts'

const SYMBOL = /^[A-Za-z0-9.\-_]{1,16}$/
const symbolParams = z.object({ symbol: z.string().regex(SYMBOL, { error: 'Invalid token symbol' }) })

/** Network image ids: lower-case letters, digits and '-' ('ethereum', 'polygon-zkevm'), at most 32. */
const NETWORK_IMAGE_ID = /^[a-z0-9-]{1,32}$/
const networkImageParams = z.object({ imageId: z.string().regex(NETWORK_IMAGE_ID, { error: 'Invalid network image id' }) })

/** The path of a token's icon, as served by GET /token-images/{symbol}. */
export const tokenImagePath = (symbol: string) => `/token-images/${encodeURIComponent(symbol)}`

/**
 * GET /token-images/{symbol}: a token's logo (SVG) from @web3icons/core, or one drawn from the
 * symbol's letters when the set has none.
 * GET /network-images/{imageId}: a network's logo (SVG) by its `assets.imageId` (the presets of
 * @portico/headless/networks); 404 for an id with no logo, 400 for one that cannot be an id.
 */
export const imageRoutes: RouteModule = (ctx) =>
  new Hono()
    .get('/token-images/:symbol', (c) => {
      const { symbol } = parseInput(symbolParams, c.req.param())
      return ctx.svg(c, web3Icon('tokens', symbol) ?? tokenSvg(symbol))
    })
    .get('/network-images/:imageId', async (c) => {
      const { imageId } = parseInput(networkImageParams, c.req.param())
      const svg = await ctx.providers.networkImages.svg(imageId)
      if (svg === undefined) throw new HttpError(404, `Unknown network image ${imageId}`)
      return ctx.svg(c, svg)
    })
