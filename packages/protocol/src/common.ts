/**
 * Names shared by every wire schema: the seven chain namespaces (SPEC §1), the social providers,
 * and the remote feature flags of GET /appkit/v1/config with their defaults.
 */
import { z } from 'zod/mini'

/** Chain families (namespaces) of SPEC §1. */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks'] as const
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** Social providers of SPEC §1, in their default display order. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** The feature flags a project's remote config carries (SPEC §1). */
export const remoteFeaturesSchema = z.object({
  swaps: z.boolean(),
  onramp: z.boolean(),
  email: z.boolean(),
  /** Enabled social providers in display order, or false when socials are off. */
  socials: z.union([z.array(z.enum(SOCIAL_PROVIDERS)), z.literal(false)]),
  activity: z.boolean(),
  multiWallet: z.boolean(),
  emailCapture: z.boolean(),
  payWithExchange: z.boolean(),
  payments: z.boolean(),
})
export type RemoteFeatures = z.infer<typeof remoteFeaturesSchema>

/** What a project gets when neither the app nor its remote config says otherwise. */
export const DEFAULT_REMOTE_FEATURES: RemoteFeatures = {
  swaps: true,
  onramp: true,
  email: true,
  socials: [...SOCIAL_PROVIDERS],
  activity: true,
  multiWallet: true,
  emailCapture: false,
  payWithExchange: true,
  payments: false,
}
