import type { WalletsResponse } from '@portico/protocol/explorer'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Wallet } from '../catalogue/index.ts'
import { HttpError } from '../errors.ts'
import { DEV_WALLET_RDNS } from '../catalogue/generate.ts'
import { DEV_WALLET_SVG } from '../images/dev-wallet.ts'
import { walletSvg } from '../images/svg.ts'
import { web3Icon } from '../images/web3icons.ts'
import { caip2List, parseInput, plainList, queryInt, walletIdList } from '../validation.ts'
import type { RouteModule } from './context.ts'

const getWalletsQuery = z.object({
  page: queryInt('page', 1, 100_000, 1),
  entries: queryInt('entries', 1, 100, 40),
  include: walletIdList('include'),
  exclude: walletIdList('exclude'),
  search: z.string().max(100, { error: 'search must be at most 100 characters' }).optional(),
  badge_type: z.enum(['certified', 'none'], { error: "badge_type must be 'certified' or 'none'" }).optional(),
  chains: caip2List('chains'),
  names: plainList('names'),
  rdns: plainList('rdns'),
})

const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const imageParams = z.object({
  imageId: z.string().regex(IMAGE_ID, { error: 'Invalid image id' }),
})

/** The SVG of a catalogue `logo` ('wallets/metamask', 'exchanges/uniswap'), if the set has it. */
function logoOf(logo: string | null): string | undefined {
  const [kind, name] = logo?.split('/') ?? []
  return (kind === 'wallets' || kind === 'exchanges') && name !== undefined ? web3Icon(kind, name) : undefined
}

/** The wallet explorer: GET /getWallets (the catalogue, paged and filtered) and the wallets' logos. */
export const explorerRoutes: RouteModule = (ctx) =>
  new Hono()
    .get('/getWallets', async (c) => {
      const q = parseInput(getWalletsQuery, c.req.query())
      const page = await ctx.providers.wallets.query({
        page: q.page,
        entries: q.entries,
        include: q.include,
        exclude: q.exclude,
        search: q.search,
        badgeType: q.badge_type,
        chains: q.chains,
        names: q.names,
        rdns: q.rdns,
      })
      const data: Wallet[] = page.data.map(({ logo: _logo, ...w }) => ({ ...w, image_url: ctx.assetUrl(`/wallet-images/${w.image_id}`) }))
      return c.json({ count: page.count, data } satisfies WalletsResponse)
    })
    .get('/wallet-images/:imageId', async (c) => {
      const { imageId } = parseInput(imageParams, c.req.param())
      const wallet = await ctx.providers.wallets.findByImageId(imageId)
      if (wallet === undefined) throw new HttpError(404, `Unknown wallet image ${imageId}`)
      // The dev wallet's entry carries the icon the wallet announces itself with (same image in Connect and All wallets);
      // a wallet of @web3icons/core its logo there; any other its initials.
      if (wallet.rdns === DEV_WALLET_RDNS) return ctx.svg(c, DEV_WALLET_SVG)
      return ctx.svg(c, logoOf(wallet.logo) ?? walletSvg(wallet.name, wallet.id))
    })
