import { useStore } from '@nanostores/react'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import { useEffect, useMemo } from 'react'
import { entriesForNamespace, orderWallets, walletListEntries, type WalletListEntry } from '../core/explorer/lists'
import type { ChainNamespace } from '../core/types'
import { IDLE, useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseWalletListOptions {
  /** The namespace whose wallets are listed (plus multi-namespace ones such as WalletConnect). @default the active namespace */
  namespace?: ChainNamespace
  /** Fetch the featured and recommended wallets when mounted. @default true */
  loadOnMount?: boolean
  /**
   * 'ordered': connectors of the namespace and explorer wallets (the Connect view); 'connectors': every
   * connector of every namespace, no explorer wallet (ConnectWallets). @default 'ordered'
   */
  source?: 'ordered' | 'connectors'
}

export interface UseWalletListReturn {
  /**
   * The Connect view's rows in SPEC §9 order: connectors of the namespace and explorer wallets, each
   * wallet once, tagged installed / recent. The auth connector is not a row. @default []
   */
  entries: WalletListEntry[]
  /**
   * Choose a row: an explorer wallet opens its pairing view, the WalletConnect connector the QR view,
   * any other connector its "Continue in <wallet>" view (ConnectingExternal), which asks the wallet.
   * Nothing happens while the legal checkbox locks connecting.
   */
  select: (id: string) => void
  /** The row whose connect is pending. @default null */
  connecting: string | null
  /** @deprecated the English text; read `errorCode`. The last connect's error ('Connection rejected', 'Failed to connect'), or null. @default null */
  error: string | null
  /** The last connect's error, coded: connectionRejected, failedToConnect, otherError { detail } …; or null. @default null */
  errorCode: CodedMessage | null
  /** Run the failed connect again. */
  retry: () => void
  /** The explorer's wallet count once its first page is in, else undefined. */
  total?: number
  /**
   * Explorer wallets (featured, recommended) are still to come: the explorer module or its first
   * answer is on its way. A view shows placeholders where they will go. Never true when
   * `loadOnMount` is off or for `source: 'connectors'`. @default false
   */
  loading: boolean
  /** @deprecated the English text; read `listErrorCode`. Text of the failed featured / recommended request ('HTTP status code: 503' …), or null. @default null */
  listError: string | null
  /** The failed featured / recommended request, coded: httpStatus { status: '503' } …; or null. @default null */
  listErrorCode: CodedMessage | null
  /** Ask the explorer again after `listError`. */
  retryList: () => void
  /**
   * The instance has an explorer host (`explorerUrl`, by default `apiUrl`): explorer wallets, their
   * total and the full list ("All wallets"). Without one the list is the connectors alone. @default true
   */
  explorer: boolean
}

/** The wallet list of the Connect view: shaping, order and what a click does, for any UI. */
export function useWalletList(options: UseWalletListOptions = {}): UseWalletListReturn {
  const portico = usePortico()
  const { connection, chain, router, legal } = portico
  const explorer = useLoadedFlow(portico, 'explorer')
  const active = useStore(chain.$activeChain)
  const loaded = useStore(explorer?.$ordered ?? IDLE.ordered)
  const states = useStore(connection.$connectorStates)
  const list = useStore(explorer?.$list ?? IDLE.list)
  const featured = useStore(explorer?.$featured ?? IDLE.featured)
  const connecting = useStore(connection.$connecting)
  const error = useStore(connection.$error)
  const connectors = useStore(connection.$connectors)
  const suggested = useStore(explorer?.$suggested ?? IDLE.suggested)
  // Until the explorer module is in, the connectors alone, in the same order.
  const ordered = useMemo(() => (explorer ? loaded : orderWallets({ connectors })), [explorer, loaded, connectors])
  const namespace = options.namespace ?? active
  const source = options.source ?? 'ordered'
  const hasExplorer = Boolean(portico.options.explorerUrl)
  const loadOnMount = (options.loadOnMount ?? true) && source === 'ordered' && hasExplorer
  useEffect(() => {
    if (!loadOnMount || !explorer) return
    void explorer.loadFeatured()
    void explorer.loadRecommended()
  }, [explorer, loadOnMount])
  const scoped = useMemo(
    () =>
      source === 'connectors'
        ? connectors.map((connector) => ({ kind: 'connector' as const, connector, recent: false, installed: false }))
        : entriesForNamespace(ordered, namespace),
    [source, connectors, ordered, namespace],
  )
  const entries = useMemo(() => walletListEntries(scoped, states), [scoped, states])
  return {
    entries,
    select(id) {
      if (legal.isLocked()) return
      const entry = entries.find((e) => e.id === id)
      if (!entry) return
      if (entry.kind === 'wallet' && entry.wallet) explorer?.select(entry.wallet)
      else if (entry.connectorType === 'walletConnect') router.push('ConnectingWalletConnect', {})
      else router.push('ConnectingExternal', { connectorId: id })
    },
    connecting,
    error,
    errorCode: codeOf(error),
    retry: () => void connection.retry(),
    // Pages leave the featured wallets out (they lead the list), so they are added to the total.
    total: list.page > 0 ? list.count + featured.length : undefined,
    loading: loadOnMount && (!explorer || suggested.status === 'idle' || suggested.status === 'loading'),
    listError: loadOnMount ? suggested.error : null,
    listErrorCode: loadOnMount ? codeOf(suggested.error) : null,
    retryList: () => void explorer?.retrySuggested(),
    explorer: hasExplorer,
  }
}
