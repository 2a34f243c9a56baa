import { Hono } from 'hono'
import { z } from 'zod'
import { loadCatalogue, queryWallets } from '../catalogue/index.ts'
import { HttpError } from '../errors.ts'
import { walletSvg } from '../images/svg.ts'
import { caip2List, parseInput, plainList, queryInt, walletIdList } from '../validation.ts'
import type { AppContext } from './context.ts'

const getWalletsQuery = z.object({
  page: queryInt('page', 1, 100_000, 1),
  entries: queryInt('entries', 1, 100, 40),
  include: walletIdList,
  exclude: walletIdList,
  search: z.string().max(100, { error: 'search must be at most 100 characters' }).optional(),
  badge_type: z.enum(['certified', 'none'], { error: "badge_type must be 'certified' or 'none'" }).optional(),
  chains: caip2List,
  names: plainList,
  rdns: plainList,
})

const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const imageParams = z.object({
  imageId: z.string().regex(IMAGE_ID, { error: 'Invalid image id' }),
})

/** The wallet explorer: catalogue, images, remote config, origins, analytics config. */
export function explorerRoutes(ctx: AppContext) {
  const app = new Hono()
  const catalogue = loadCatalogue()
  const byImageId = new Map(catalogue.map((w) => [w.image_id, w]))

  app.get('/getWallets', (c) => {
    const q = parseInput(getWalletsQuery, c.req.query())
    const origin = ctx.publicOrigin(c.req.url)
    return c.json(
      queryWallets(
        catalogue,
        {
          page: q.page,
          entries: q.entries,
          include: q.include,
          exclude: q.exclude,
          search: q.search,
          badgeType: q.badge_type,
          chains: q.chains,
          names: q.names,
          rdns: q.rdns,
        },
        (imageId) => `${origin}/wallet-images/${imageId}`,
      ),
    )
  })

  app.get('/wallet-images/:imageId', (c) => {
    const { imageId } = parseInput(imageParams, c.req.param())
    const wallet = byImageId.get(imageId)
    if (wallet === undefined) throw new HttpError(404, `Unknown wallet image ${imageId}`)
    return ctx.svg(c, walletSvg(wallet.name, wallet.id))
  })

  app.get('/appkit/v1/config', (c) => c.json({ features: ctx.features }))
  app.get('/projects/v1/origins', (c) => c.json({ allowedOrigins: ctx.allowedOriginsList }))
  app.get('/getAnalyticsConfig', (c) => c.json({ isAnalyticsEnabled: false }))

  return app
}
