import type { IdentityResponse } from '@portico/protocol/account'
import { Hono } from 'hono'
import { z } from 'zod'
import { evmAddress, parseInput } from '../validation.ts'
import type { RouteModule } from './context.ts'

const identityParams = z.object({ address: evmAddress })

/** GET /v1/identity/{address}: the address's name and avatar (SPEC §7), null when it has none. */
export const identityRoutes: RouteModule = (ctx) =>
  new Hono().get('/v1/identity/:address', async (c) => {
    const { address } = parseInput(identityParams, c.req.param())
    const identity = await ctx.providers.identity.getIdentity(address)
    return c.json({ name: identity.name, avatar: identity.avatar } satisfies IdentityResponse)
  })
