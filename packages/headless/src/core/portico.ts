/** createPortico: one independent instance with every flow wired together. */
import { createApiClient } from '../api/client'
import { createBalance } from './balance/balance'
import { createBanner } from './banner/banner'
import { createChain } from './chain/chain'
import { createConnection } from './connection/connection'
import { createLegal } from './legal/legal'
import { createModal } from './modal/modal'
import { createNetwork } from './network/network'
import { computed, type ReadableAtom } from 'nanostores'
import { connectMethodsOrder, detectMobile, resolveOptions, SDK_TYPE, SDK_VERSION, type PorticoOptions } from './options/options'
import { createFeatures } from './options/features'
import { createIdentity } from './account/identity'
import { createRouter } from './router/router'
import { createStorage } from './storage/storage'
import { createTheme } from './theme/theme'
import { createTooltip } from './tooltip/tooltip'
import type { ConnectMethod } from './types'

export function createPortico(input: PorticoOptions) {
  const options = resolveOptions(input)
  const timers = options.timers
  const storage = createStorage(options.storage)

  // Start on the last used network when it is still one of the app's networks.
  const lastId = storage.get('activeCaipNetworkId')
  const last = lastId ? options.networks.find((n) => n.caipNetworkId === lastId) : undefined
  const chain = createChain({ networks: options.networks, defaultNetwork: last ?? options.defaultNetwork, noAdapters: options.adapters.length === 0 })

  let closeModal = () => {}
  const router = createRouter({ isConnected: () => chain.isConnected(), closeModal: () => closeModal() })
  const banner = createBanner(timers)
  const api = createApiClient({
    baseUrl: options.apiUrl,
    explorerUrl: options.explorerUrl,
    projectId: options.projectId,
    sdkType: SDK_TYPE,
    sdkVersion: SDK_VERSION,
    fetch: options.fetch,
    now: () => timers.now(),
  })
  const balance = createBalance({ chain, api, banner, timers, adapters: options.adapters, adapterFor: (ns) => connection.adapterFor(ns) })
  const identity = createIdentity({ chain, api })
  const features = createFeatures(input.features)

  let openModal: (o: { view: 'UnsupportedChain' }) => Promise<void> = async () => {}
  const connection = createConnection({
    chain,
    router,
    storage,
    adapters: options.adapters,
    projectId: options.projectId,
    featuredWalletIds: options.featuredWalletIds,
    excludeWalletIds: options.excludeWalletIds,
    onUnsupportedChain: () => void openModal({ view: 'UnsupportedChain' }),
    // Native and token balances come from the Portico API (30 s cache, 30 s retry block on failure).
    onAccountReady: (ns) => void balance.fetchTokenBalances({ namespace: ns }),
  })
  const network = createNetwork({ chain, router, connection, storage, adapters: options.adapters })
  const modal = createModal({
    router,
    chain,
    timers,
    manualControl: options.manualControl,
    embedded: options.embedded,
    isMobile: () => detectMobile(options.isMobile),
    switchNetwork: (n) => network.switchNetwork(n),
    resetConnectionUri: () => connection.cancelPairing(),
  })
  closeModal = modal.close
  openModal = modal.open

  const tooltip = createTooltip()
  const legal = createLegal()
  const theme = createTheme({ themeMode: options.themeMode, themeVariables: options.themeVariables })

  /** SPEC §2 connect-method order for the current connectors. */
  const $methodsOrder: ReadableAtom<ConnectMethod[]> = computed([connection.$connectors, features.$features], (connectors, flags) =>
    connectMethodsOrder({ configured: options.connectMethodsOrder, connectors, features: flags }),
  )

  // Adapters register their connectors and events now; setup must not prompt or fetch.
  const cleanups: (() => void)[] = []
  const ready = Promise.all(
    options.adapters.map(async (adapter) => {
      const cleanup = await adapter.setup(connection.contextFor(adapter))
      if (typeof cleanup === 'function') cleanups.push(cleanup)
    }),
  ).then(() => undefined)

  return {
    options,
    storage,
    api,
    router,
    modal,
    chain,
    connection: { ...connection, $methodsOrder },
    network,
    balance,
    identity,
    /** Feature flags: $features (local options over defaults), loadRemote() merges GET /appkit/v1/config. */
    features: {
      $features: features.$features,
      applyRemote: features.applyRemote,
      async loadRemote(): Promise<void> {
        features.applyRemote(await api.getConfig())
      },
    },
    banner,
    tooltip,
    legal,
    theme,
    /** Resolves when every adapter's setup finished. */
    ready,
    /** Restore remembered sessions without prompting (call once on start, client side). */
    async reconnect(): Promise<void> {
      await ready
      await connection.reconnect()
    },
    /** Remove adapter listeners. */
    destroy(): void {
      for (const c of cleanups.splice(0)) c()
    },
  }
}

export type Portico = ReturnType<typeof createPortico>
