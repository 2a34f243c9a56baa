import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { WALLET_FEATURE_VIEWS, walletFeatures, type WalletFeature } from '../core/account/walletFeatures'
import type { ChainNamespace } from '../core/types'
import { usePortico } from './usePortico'

export interface UseWalletFeaturesOptions {
  /** The namespace whose account the features are for. @default the active namespace */
  namespace?: ChainNamespace
}

export interface UseWalletFeaturesReturn {
  /**
   * The wallet features to offer under the balance, in SPEC §9's order (onramp, swaps, receive,
   * send): each one's flag on, supported on the namespace, and built in this version (receive only
   * in an instance without an API). @default []
   */
  walletFeatures: WalletFeature[]
  /**
   * The wallet features the account would have but that are turned off for the visitor's region
   * (SPEC §6): a view says why they are missing. @default []
   */
  restricted: WalletFeature[]
  /** Opens a feature's view (pushes it on the modal's history); a feature not offered does nothing. */
  open: (feature: WalletFeature) => void
}

/** The Account view's wallet features (on-ramp, swaps, receive, send): which show, in what order, and opening one. */
export function useWalletFeatures(options: UseWalletFeaturesOptions = {}): UseWalletFeaturesReturn {
  const portico = usePortico()
  const flags = useStore(portico.features.$features)
  const regional = useStore(portico.features.$restricted)
  const activeChain = useStore(portico.chain.$activeChain)
  const chains = useStore(portico.chain.$chains)
  const namespace = options.namespace ?? activeChain
  // Only a connected account (one with an address) has wallet features.
  const connected = namespace ? Boolean(chains[namespace]?.accountState.address) : false
  // Without an API there is no token list to send from: receive only (the other two have flags).
  const available = portico.options.apiUrl ? undefined : (['receive'] as const)
  const list = useMemo(
    () => walletFeatures({ features: flags, namespace: connected ? namespace : undefined, ...(available && { available }) }),
    [flags, namespace, connected, available],
  )
  const restricted = useMemo(() => {
    const off = regional.filter((f): f is 'onramp' | 'swaps' => f === 'onramp' || f === 'swaps')
    if (!off.length || !connected) return []
    const unrestricted = { ...flags, onramp: flags.onramp || off.includes('onramp'), swaps: flags.swaps || off.includes('swaps') }
    return walletFeatures({ features: unrestricted, namespace }).filter((f) => (off as string[]).includes(f))
  }, [regional, flags, namespace, connected])
  return {
    walletFeatures: list,
    restricted,
    open: (feature) => {
      const view = WALLET_FEATURE_VIEWS[feature]
      if (view && list.includes(feature)) portico.router.push(view)
    },
  }
}
