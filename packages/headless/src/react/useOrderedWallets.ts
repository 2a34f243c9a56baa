import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { OrderedWallet } from '../core/explorer/explorer'
import { usePortico } from './usePortico'

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
  /** Choose an explorer wallet entry (routes to ConnectingWalletConnect; recent once it connects). */
  selectWallet: (entry: Extract<OrderedWallet, { kind: 'wallet' }>) => void
}

/** The ordered wallet list of the Connect view. */
export function useOrderedWallets(options: UseOrderedWalletsOptions = {}): UseOrderedWalletsReturn {
  const portico = usePortico()
  const explorer = portico.explorer
  const entries = useStore(explorer.$ordered)
  const loadOnMount = options.loadOnMount ?? true
  useEffect(() => {
    if (!loadOnMount) return
    void explorer.loadFeatured()
    void explorer.loadRecommended()
  }, [explorer, loadOnMount])
  return {
    entries,
    selectWallet: (entry) => {
      if (!portico.legal.isLocked()) explorer.select(entry.wallet)
    },
  }
}
