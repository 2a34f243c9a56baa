/** Wallet explorer host (SPEC §7): GET /getWallets, /appkit/v1/config, /projects/v1/origins, /getAnalyticsConfig. */
import { z } from 'zod/mini'
import { remoteFeaturesSchema } from './common.ts'

/** SPEC §3 "Wallet (from explorer)". */
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
  /** Where to get the wallet when it is not installed (explorers may send them; absent is fine). */
  homepage: z.nullish(z.string()),
  app_store: z.nullish(z.string()),
  play_store: z.nullish(z.string()),
  chrome_store: z.nullish(z.string()),
})
export type ExplorerWallet = z.infer<typeof walletSchema>

/** GET /getWallets → { count, data }. */
export const walletsResponseSchema = z.object({ count: z.number(), data: z.array(walletSchema) })
export type WalletsResponse = z.infer<typeof walletsResponseSchema>

/** GET /appkit/v1/config → { features }: a server may send only some flags. */
/** Features a region restriction (SPEC §6) can turn off. */
export const RESTRICTABLE_FEATURES = ['swaps', 'onramp', 'payWithExchange'] as const
export type RestrictableFeature = (typeof RESTRICTABLE_FEATURES)[number]

/**
 * GET /appkit/v1/config?tz=<IANA time zone> → the project's features. When the visitor's time zone is
 * in the server's restricted list (which is never sent), `restricted` names the features turned off
 * for that reason; they are also false in `features`.
 */
export const configResponseSchema = z.object({
  features: z.partial(remoteFeaturesSchema),
  restricted: z.optional(z.array(z.enum(RESTRICTABLE_FEATURES))),
})
export type ConfigResponse = z.infer<typeof configResponseSchema>

/** GET /projects/v1/origins → { allowedOrigins }. */
export const originsResponseSchema = z.object({ allowedOrigins: z.array(z.string()) })
export type OriginsResponse = z.infer<typeof originsResponseSchema>

/** GET /getAnalyticsConfig → { isAnalyticsEnabled }. */
export const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() })
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>
