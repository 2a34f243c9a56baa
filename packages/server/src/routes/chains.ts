import type { SupportedChains } from '@portico/protocol/account'
import { Hono } from 'hono'
import { caipNetworkId } from '../config.ts'
import type { RouteModule } from './context.ts'

/** GET /v1/supported-chains: every chain over HTTP (the Solana chain too), chains with a websocket under ws. */
export const chainsRoutes: RouteModule = (ctx) =>
  new Hono().get('/v1/supported-chains', (c) =>
    c.json({
      http: [...ctx.chains.map(caipNetworkId), ...(ctx.solana ? [ctx.solana.caipNetworkId] : [])],
      ws: ctx.chains.filter((chain) => chain.wsUrl !== undefined).map(caipNetworkId),
    } satisfies SupportedChains),
  )
