import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { OrderedWallet } from '../core/explorer/explorer'
import { explorerFor } from '../core/explorer/instance'
import { usePortico } from './usePortico'
import { selectWallet } from './useWallets'

export interface UseOrderedWalletsOptions {
  /** Fetch the featured and recommended wallets when mounted. @default true */
  loadOnMount?: boolean
}

export interface UseOrderedWalletsReturn {
  /**
   * Connectors and explorer wallets in the SPEC §9 order: walletConnect, recent, injected, featured,
   * custom, external, recommended (the auth connector last). @default connectors only
   */
  entries: OrderedWallet[]
  /** Choose an explorer wallet entry (remembered as recent; routes to ConnectingWalletConnect). */
  selectWallet: (entry: Extract<OrderedWallet, { kind: 'wallet' }>) => void
}

/** The ordered wallet list of the Connect view. */
export function useOrderedWallets(options: UseOrderedWalletsOptions = {}): UseOrderedWalletsReturn {
  const portico = usePortico()
  const explorer = explorerFor(portico)
  const entries = useStore(explorer.$ordered)
  const loadOnMount = options.loadOnMount ?? true
  useEffect(() => {
    if (!loadOnMount) return
    void explorer.loadFeatured()
    void explorer.loadRecommended()
  }, [explorer, loadOnMount])
  return { entries, selectWallet: (entry) => selectWallet(portico, entry.wallet) }
}
