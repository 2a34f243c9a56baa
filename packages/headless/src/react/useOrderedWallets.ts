import { useStore } from '@nanostores/react'
import { useEffect, useMemo } from 'react'
import { orderWallets, type OrderedWallet } from '../core/explorer/lists'
import { IDLE, useLoadedFlow } from './lazy'
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
  const explorer = useLoadedFlow(portico, 'explorer')
  const loaded = useStore(explorer?.$ordered ?? IDLE.ordered)
  const connectors = useStore(portico.connection.$connectors)
  // Until the explorer module is in, the connectors alone, in the same order.
  const entries = useMemo(() => (explorer ? loaded : orderWallets({ connectors })), [explorer, loaded, connectors])
  const loadOnMount = options.loadOnMount ?? true
  useEffect(() => {
    if (!loadOnMount || !explorer) return
    void explorer.loadFeatured()
    void explorer.loadRecommended()
  }, [explorer, loadOnMount])
  return {
    entries,
    selectWallet: (entry) => {
      if (!portico.legal.isLocked()) explorer?.select(entry.wallet)
    },
  }
}
