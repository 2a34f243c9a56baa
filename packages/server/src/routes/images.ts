import { Hono } from 'hono'
import { z } from 'zod'
import { tokenSvg } from '../images/svg.ts'
import { parseInput } from '../validation.ts'
import type { RouteModule } from './context.ts'

const SYMBOL = /^[A-Za-z0-9.\-_]{1,16}$/
const symbolParams = z.object({ symbol: z.string().regex(SYMBOL, { error: 'Invalid token symbol' }) })

/** The path of a token's icon, as served by GET /token-images/{symbol}. */
export const tokenImagePath = (symbol: string) => `/token-images/${encodeURIComponent(symbol)}`

/** GET /token-images/{symbol}: a token icon (SVG), drawn from the symbol. */
export const imageRoutes: RouteModule = (ctx) =>
  new Hono().get('/token-images/:symbol', (c) => {
    const { symbol } = parseInput(symbolParams, c.req.param())
    return ctx.svg(c, tokenSvg(symbol))
  })
