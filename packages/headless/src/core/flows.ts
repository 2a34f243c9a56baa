/**
 * The one registration table of createPortico: how each flow is wired to the others (see host.ts).
 * Eager flows are created on first use through `host.get`; lazy flows are separate chunks that
 * `host.load` imports the first time a hook or an action needs them.
 */
import { createIdentity } from './account/identity'
import { createBalance } from './balance/balance'
import { createBanner } from './banner/banner'
import { createChain } from './chain/chain'
import { createConnection } from './connection/connection'
import type { FlowTable, LazyFlowTable } from './host'
import { createLegal } from './legal/legal'
import { createModal } from './modal/modal'
import { createNetwork } from './network/network'
import { createFeatures } from './options/features'
import { detectMobile } from './options/mobile'
import { createRouter } from './router/router'
import { createTheme } from './theme/theme'
import { createTooltip } from './tooltip/tooltip'
import { createWalletFacade } from './wallet/facade'

export const FLOWS: FlowTable = {
  chain: ({ options, storage }) => {
    // Start on the last used network when it is still one of the app's networks.
    const lastId = storage.get('activeCaipNetworkId')
    const last = lastId ? options.networks.find((n) => n.caipNetworkId === lastId) : undefined
    return createChain({
      networks: options.networks,
      defaultNetwork: last ?? options.defaultNetwork,
      noAdapters: options.adapters.length === 0,
    })
  },
  router: (host) => createRouter({ isConnected: () => host.get('chain').isConnected(), closeModal: () => host.get('modal').close() }),
  modal: (host) =>
    createModal({
      router: host.get('router'),
      chain: host.get('chain'),
      timers: host.timers,
      manualControl: host.options.manualControl,
      embedded: host.options.embedded,
      isMobile: () => detectMobile(host.options.isMobile),
      switchNetwork: (n) => host.get('network').switchNetwork(n),
      resetConnectionUri: () => host.get('connection').cancelPairing(),
      hideBanner: () => host.get('banner').hide(),
    }),
  banner: (host) => createBanner(host.timers),
  tooltip: () => createTooltip(),
  legal: (host) =>
    createLegal({
      enabled: () => host.get('features').$features.get().legalCheckbox,
      links: { termsConditionsUrl: host.options.termsConditionsUrl, privacyPolicyUrl: host.options.privacyPolicyUrl },
    }),
  theme: ({ options }) => createTheme({ themeMode: options.themeMode, themeVariables: options.themeVariables }),
  // The visitor's time zone goes with the config call (SPEC §6 region restrictions); the app may force one.
  features: (host) =>
    createFeatures(host.options.features, host.options.appFeatures, () =>
      host.api.explorer.getConfig({ tz: host.options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone }),
    ),
  connection: (host) =>
    createConnection({
      chain: host.get('chain'),
      router: host.get('router'),
      storage: host.storage,
      adapters: host.options.adapters,
      projectId: host.options.projectId,
      featuredWalletIds: host.options.featuredWalletIds,
      excludeWalletIds: host.options.excludeWalletIds,
      onUnsupportedChain: () => void host.get('modal').open({ view: 'UnsupportedChain' }),
      // Native and token balances come from the Portico API (30 s cache, 30 s retry block on failure).
      // A connected account's balance and (EVM) its name and avatar, for the connect button and Account.
      onAccountReady: (ns) => {
        void host.get('balance').fetchTokenBalances({ namespace: ns })
        if (host.options.apiUrl) void host.get('identity').fetchIdentity(ns)
      },
      // A wallet chosen from the explorer's lists becomes recent once it connects (no list loaded: nothing was chosen).
      onConnected: (connectorId) => host.peek('explorer')?.connected(connectorId, host.get('connection').getConnector(connectorId)?.type),
      ...(host.options.metadata ? { metadata: host.options.metadata } : {}),
      // Only auth connectors (the embedded wallet) watch the theme: the watching loads with the embedded account flow.
      watchTheme: (listener) => {
        let off: (() => void) | false | undefined
        void host.load('embeddedAccount').then((f) => {
          if (off !== false) off = f.watchTheme(listener)
        })
        return () => {
          if (off) off()
          off = false
        }
      },
    }),
  network: (host) =>
    createNetwork({
      chain: host.get('chain'),
      router: host.get('router'),
      connection: host.get('connection'),
      storage: host.storage,
      closeModal: () => host.get('modal').close(),
    }),
  wallet: (host) =>
    createWalletFacade({
      load: () => host.load('walletOperations'),
      capabilities: (ns) => {
        const namespace = ns ?? host.get('chain').$activeChain.get()
        return (namespace && host.get('connection').adapterFor(namespace)?.capabilities) || []
      },
    }),
  balance: (host) =>
    createBalance({
      chain: host.get('chain'),
      // Without an API (no apiUrl): the native balance through the adapter, i.e. the network's RPC.
      api: host.options.apiUrl ? host.api : undefined,
      banner: host.get('banner'),
      timers: host.timers,
      adapters: host.options.adapters,
      adapterFor: (ns) => host.get('connection').adapterFor(ns),
    }),
  identity: (host) => createIdentity({ chain: host.get('chain'), api: host.api }),
}

export const LAZY_FLOWS: LazyFlowTable = {
  switching: async (host) => {
    const { createSwitching } = await import('./switching/switching')
    const connection = host.get('connection')
    const network = host.get('network')
    return createSwitching({
      chain: host.get('chain'),
      router: host.get('router'),
      $connections: connection.$connections,
      $connectors: connection.$connectors,
      switchNetwork: (n) => network.switchNetwork(n),
      switchActiveNamespace: (ns) => network.switchActiveNamespace(ns),
      disconnect: (opts) => connection.disconnect(opts),
      closeModal: () => host.get('modal').close(),
    })
  },
  walletOperations: (host) => import('./wallet/wire').then((m) => m.wireWallet(host)),
  explorer: (host) => import('./explorer/wire').then((m) => m.wireExplorer(host)),
  provider: (host) => import('./provider/wire').then((m) => m.wireProviders(host)),
  embeddedAccount: async (host) => {
    const { createEmbeddedAccount } = await import('./embedded/account')
    // `options`: the instance's, whose locale (useLocale's) is synced to the frame with the theme.
    return createEmbeddedAccount({
      chain: host.get('chain'),
      connection: host.get('connection'),
      theme: host.get('theme'),
      options: host.options,
    })
  },
  names: async (host) => (await import('./names/wire')).wireNames(host),
  send: (host) => import('./send/wire').then((m) => m.wireSend(host)),
  swap: (host) => import('./swap/wire').then((m) => m.wireSwap(host)),
  exchange: (host) => import('./exchange/wire').then((m) => m.wireExchange(host)),
  onramp: (host) => import('./onramp/wire').then((m) => m.wireOnRamp(host)),
  project: (host) => import('./project/wire').then((m) => m.wireProject(host)),
  capture: (host) => import('./capture/wire').then((m) => m.wireCapture(host)),
  siwx: (host) => import('./siwx/wire').then((m) => m.wireSiwx(host)),
  preview: (host) => import('./preview/wire').then((m) => m.wirePreview(host)),
  requestPreview: (host) => import('./preview/wire').then((m) => m.wireRequestPreview(host)),
  activity: async (host) => {
    const { createActivity } = await import('./activity/activity')
    const chain = host.get('chain')
    const banner = host.get('banner')
    return createActivity({
      getHistory: (address, query) => host.api.account.getHistory(address, query),
      account: (namespace) => {
        const ns = namespace ?? chain.$activeChain.get()
        return {
          namespace: ns,
          address: ns ? chain.getAccount(ns)?.address : undefined,
          network: ns ? chain.getActiveNetwork(ns) : undefined,
        }
      },
      showError: (message) => banner.showError(message),
      now: () => host.timers.now(),
    })
  },
}
