/** zod/mini schemas for every Portico API response the client reads (DESIGN: parse at the boundary). */
import { z } from 'zod/mini'
import { SOCIAL_PROVIDERS } from '../core/types'

export const supportedChainsSchema = z.object({ http: z.array(z.string()), ws: z.optional(z.array(z.string())) })
export type SupportedChains = z.infer<typeof supportedChainsSchema>

export const identitySchema = z.object({ name: z.nullish(z.string()), avatar: z.nullish(z.string()) })
export type Identity = { name: string | null; avatar: string | null }

export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.string()),
  value: z.number(),
  price: z.number(),
  iconUrl: z.string(),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
})
export const balanceResponseSchema = z.object({ balances: z.array(tokenBalanceSchema) })

export const walletSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_id: z.optional(z.string()),
  image_url: z.optional(z.string()),
  mobile_link: z.nullish(z.string()),
  desktop_link: z.nullish(z.string()),
  webapp_link: z.nullish(z.string()),
  rdns: z.nullish(z.string()),
  chains: z.optional(z.array(z.string())),
  order: z.optional(z.number()),
  badge_type: z.optional(z.string()),
})
export type ExplorerWallet = z.infer<typeof walletSchema>
export const walletsResponseSchema = z.object({ count: z.number(), data: z.array(walletSchema) })
export type WalletsResponse = z.infer<typeof walletsResponseSchema>

export const featuresSchema = z.object({
  swaps: z.optional(z.boolean()),
  onramp: z.optional(z.boolean()),
  email: z.optional(z.boolean()),
  socials: z.optional(z.union([z.array(z.enum(SOCIAL_PROVIDERS)), z.literal(false)])),
  activity: z.optional(z.boolean()),
  multiWallet: z.optional(z.boolean()),
  emailCapture: z.optional(z.boolean()),
  payWithExchange: z.optional(z.boolean()),
  payments: z.optional(z.boolean()),
})
export const configResponseSchema = z.object({ features: featuresSchema })
export const originsResponseSchema = z.object({ allowedOrigins: z.array(z.string()) })
export const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() })

const transferSchema = z.object({
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string() }),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
  fungible_info: z.optional(
    z.object({ name: z.optional(z.string()), symbol: z.optional(z.string()), icon: z.optional(z.object({ url: z.string() })) }),
  ),
  nft_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      content: z.optional(z.object({ preview: z.optional(z.object({ url: z.string() })) })),
      flags: z.optional(z.object({ is_spam: z.boolean() })),
    }),
  ),
})
export const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    minedAt: z.string(),
    chain: z.string(),
    operationType: z.string(),
    status: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
  }),
  transfers: z.array(transferSchema),
})
export type Transaction = z.infer<typeof transactionSchema>
export const historyResponseSchema = z.object({ data: z.array(transactionSchema), next: z.nullish(z.string()) })
export type HistoryResponse = z.infer<typeof historyResponseSchema>

export const priceResponseSchema = z.object({
  fungibles: z.array(z.object({ name: z.optional(z.string()), symbol: z.string(), price: z.number(), address: z.string(), iconUrl: z.optional(z.string()) })),
})
export type TokenPrices = z.infer<typeof priceResponseSchema>
