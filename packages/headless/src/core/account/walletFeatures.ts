/**
 * The wallet features of the Account view (SPEC §9 "Default wallet-feature order: onramp, swaps,
 * receive, send"): which of them an account gets, and in what order. Pure functions, no store: the
 * inputs are the merged feature flags (SPEC §1), the account's namespace, and the features this
 * version can open.
 */
import type { Features } from '../options/options'
import type { ChainNamespace, RouteView } from '../types'

/** SPEC §9's default order. */
export const WALLET_FEATURES = ['onramp', 'swaps', 'receive', 'send'] as const
export type WalletFeature = (typeof WALLET_FEATURES)[number]

/**
 * Platform support (SPEC §1 / §9): on-ramp and send on EVM and Solana, swaps on EVM (its 12 chains;
 * the swap flow itself refuses an unsupported EVM chain with 'Network not supported for Swaps'),
 * receive wherever there is an address ('all').
 */
export const WALLET_FEATURE_NAMESPACES: Record<WalletFeature, readonly ChainNamespace[] | 'all'> = {
  onramp: ['eip155', 'solana'],
  swaps: ['eip155'],
  receive: 'all',
  send: ['eip155', 'solana'],
}

/**
 * The feature flag that turns a wallet feature on or off (SPEC §1 lists swaps and onramp among the
 * remote flags). Receive and send have no flag of their own: they are always on where supported.
 */
export const WALLET_FEATURE_FLAGS: Record<WalletFeature, keyof Features | undefined> = {
  onramp: 'onramp',
  swaps: 'swaps',
  receive: undefined,
  send: undefined,
}

/**
 * The view each wallet feature opens. A feature whose flow is not built yet has no view here and is
 * never offered (hidden, not a dead button); the flows add themselves as they land.
 */
export const WALLET_FEATURE_VIEWS: Partial<Record<WalletFeature, RouteView>> = {
  onramp: 'OnRampProviders',
  swaps: 'Swap',
  receive: 'WalletReceive',
  send: 'WalletSend',
}

export interface WalletFeaturesInput {
  /** The merged feature flags (`$features`). */
  features: Pick<Features, 'onramp' | 'swaps'>
  /** The account's namespace; none (not connected) offers nothing. */
  namespace?: ChainNamespace
  /** Features that can be opened. @default the keys of WALLET_FEATURE_VIEWS */
  available?: readonly WalletFeature[]
  /** Display order. @default WALLET_FEATURES (SPEC §9) */
  order?: readonly WalletFeature[]
}

const supports = (feature: WalletFeature, namespace: ChainNamespace): boolean => {
  const namespaces = WALLET_FEATURE_NAMESPACES[feature]
  return namespaces === 'all' || namespaces.includes(namespace)
}

/** The wallet features the account's row shows, in order: flag on, namespace supported, flow available. */
export function walletFeatures({
  features,
  namespace,
  available = Object.keys(WALLET_FEATURE_VIEWS) as WalletFeature[],
  order = WALLET_FEATURES,
}: WalletFeaturesInput): WalletFeature[] {
  if (!namespace) return []
  return order.filter((feature, i) => {
    if (order.indexOf(feature) !== i) return false
    const flag = WALLET_FEATURE_FLAGS[feature]
    if (flag && features[flag as 'onramp' | 'swaps'] !== true) return false
    return supports(feature, namespace) && available.includes(feature)
  })
}
