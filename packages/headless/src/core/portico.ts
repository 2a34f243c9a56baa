/** createPortico: one independent instance, its flows registered one way (host.ts, flows.ts). */
import { computed, type ReadableAtom } from 'nanostores'
import { createApiClient } from '../api/client'
import type { IdentityFlow } from './account/identity'
import type { BalanceFlow } from './balance/balance'
import type { Banner } from './banner/banner'
import type { Chain, ChainInternal } from './chain/chain'
import type { ConnectionFlow, ConnectionInternal } from './connection/connection'
import type { EmbeddedFacade } from './embedded/account'
import { FLOWS, LAZY_FLOWS } from './flows'
import { createHost, type LazyFlowName, type LazyFlows, type PublicFlow } from './host'
import type { Legal } from './legal/legal'
import type { Modal } from './modal/modal'
import { providerShell } from './provider/shell'
import type { Eip1193Provider, ProviderNamespace, ProviderOptions } from './provider/types'
import type { NetworkFlow } from './network/network'
import type { FeaturesFlow } from './options/features'
import { connectMethodsOrder, resolveOptions, SDK_TYPE, SDK_VERSION, type PorticoOptions, type ResolvedOptions } from './options/options'
import type { Router } from './router/router'
import { createStorage, type PorticoStorage } from './storage/storage'
import type { Theme } from './theme/theme'
import type { Tooltip } from './tooltip/tooltip'
import type { ConnectMethod } from './types'
import { lazyMethods } from './lazy'
import type { WalletFlow } from './wallet/wallet'

/** One Portico instance. Every store is read-only; state changes through the named actions. */
export interface Portico {
  readonly options: ResolvedOptions
  readonly storage: PorticoStorage
  readonly router: PublicFlow<Router>
  readonly modal: PublicFlow<Modal>
  readonly chain: PublicFlow<Chain, ChainInternal>
  readonly connection: PublicFlow<ConnectionFlow, ConnectionInternal> & {
    /** SPEC §2 connect-method order for the current connectors and the merged features. */
    readonly $methodsOrder: ReadableAtom<ConnectMethod[]>
  }
  readonly network: PublicFlow<NetworkFlow>
  readonly wallet: PublicFlow<WalletFlow>
  /**
   * The embedded wallet's account (email and social logins, SPEC §3/§4): update the email, switch the
   * preferred account type. Each call loads the embedded account flow on first use (its code is a lazy
   * chunk); rejects with 'Not connected to email or social' when no auth connector is connected.
   */
  readonly embedded: EmbeddedFacade
  readonly balance: PublicFlow<BalanceFlow>
  readonly identity: PublicFlow<IdentityFlow>
  readonly features: PublicFlow<FeaturesFlow>
  readonly banner: PublicFlow<Banner>
  readonly tooltip: PublicFlow<Tooltip>
  readonly legal: PublicFlow<Legal>
  readonly theme: PublicFlow<Theme>
  /**
   * A flow whose module is imported on the first call (later calls share it): `explorer` (the wallet
   * lists, loaded with the default modal) and the flows only some apps use (`activity`, `send` …). Hooks
   * call this for you.
   */
  load<K extends LazyFlowName>(name: K): Promise<PublicFlow<LazyFlows[K]>>
  /** The lazy flow if it is loaded already, else undefined (never loads). */
  peek<K extends LazyFlowName>(name: K): PublicFlow<LazyFlows[K]> | undefined
  /**
   * A standard EIP-1193 provider over Portico's connection in `namespace` (eip155), whatever wallet
   * is connected: for ethers' BrowserProvider, viem's `custom()` or a wagmi connector. One object per
   * instance, namespace and option value; its code loads on first use. `options.preview`: the user
   * reviews each request a wallet they brought would sign in the modal first (ProviderOptions).
   */
  getProvider(namespace: ProviderNamespace, options?: ProviderOptions): Eip1193Provider
  /** Resolves when every adapter's setup finished. */
  readonly ready: Promise<void>
  /** Restore remembered sessions without prompting (call once on start, client side; a call while one runs shares it). */
  reconnect(): Promise<void>
  /** Remove adapter listeners. */
  destroy(): void
}

export function createPortico(input: PorticoOptions): Portico {
  const options = resolveOptions(input)
  const timers = options.timers
  const storage = createStorage(options.storage)
  const api = createApiClient({
    baseUrl: options.apiUrl,
    explorerUrl: options.explorerUrl,
    projectId: options.projectId,
    sdkType: SDK_TYPE,
    sdkVersion: SDK_VERSION,
    fetch: options.fetch,
    now: () => timers.now(),
  })
  const host = createHost({ options, timers, storage, api }, FLOWS, LAZY_FLOWS)
  const flow = host.get
  const connection = flow('connection')
  const features = flow('features')

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
  // The modal's first open (never before: no request until then) loads the project's remote config:
  // allowed origins, feature flags, region restrictions (core/project).
  flow('modal').$modal.listen((m) => {
    if (m.open) host.load('project').catch(() => undefined)
  })
  const providers: Record<string, Eip1193Provider> = {}
  let reconnecting: Promise<void> | undefined
  // Sign in with the wallet: its flow watches the account from the start (a chunk only apps with `siwx` load).
  if (options.siwx) host.load('siwx').catch(console.error)

  return {
    options,
    storage,
    router: flow('router'),
    modal: flow('modal'),
    chain: flow('chain'),
    connection: { ...connection, $methodsOrder },
    network: flow('network'),
    wallet: flow('wallet'),
    embedded: lazyMethods(
      () => host.load('embeddedAccount'),
      ['updateEmail', 'confirmEmailUpdate', 'setPreferredAccountType'],
      {},
      () => host.peek('embeddedAccount'),
    ),
    balance: flow('balance'),
    identity: flow('identity'),
    features,
    banner: flow('banner'),
    tooltip: flow('tooltip'),
    legal: flow('legal'),
    theme: flow('theme'),
    // The host's own functions (they close over the host, no `this`): the public type shows the flows read-only.
    load: host.load as Portico['load'],
    peek: host.peek as Portico['peek'],
    getProvider(ns, opts) {
      const since = flow('chain').$chains.get()
      // One per namespace and option value (createProviders keys them the same way).
      const key = opts?.preview ? `${ns}+preview` : ns
      let provider = providers[key]
      if (!provider) {
        provider = providerShell(() => host.load('provider').then((f) => f.get(ns, since, opts)))
        providers[key] = provider
      }
      return provider
    },
    ready,
    reconnect: () =>
      (reconnecting ??= ready
        .then(() => connection.reconnect())
        .finally(() => {
          reconnecting = undefined
        })),
    destroy(): void {
      for (const c of cleanups.splice(0)) c()
    },
  }
}
