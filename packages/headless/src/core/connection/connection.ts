/**
 * Connection flow (SPEC §4): connectors from the adapters, connect / reconnect / disconnect, wallet
 * events, per-connector state, the pairing URI and the last connection error.
 */
import { atom, computed, type ReadableAtom } from 'nanostores'
import type {
  AdapterContext,
  AuthRequest,
  ChainAdapter,
  ConnectorAnswer,
  ConnectorPrompt,
  ConnectResult,
  Connector,
  ConnectorState,
} from '../../adapters'
import { type AccountState, addressExplorerUrl, type Chain } from '../chain/chain'
import { ERRORS, isUserRejection, PorticoError, USER_REJECTED_CODE } from '../errors'
import type { PorticoStorage } from '../storage/storage'
import type { Router } from '../router/router'
import type { AccountType, CaipAddress, CaipNetwork, ChainNamespace, ConnectionStatus } from '../types'

/** One account of a connection (SPEC §3 "Connection"). */
export interface ConnectionAccount {
  address: string
  type: AccountType
  namespace: ChainNamespace
  publicKey?: string
  path?: string
}

/** A live connection in one namespace. */
export interface Connection {
  connectorId: string
  accounts: ConnectionAccount[]
  authName?: string
}

export interface ConnectionDeps {
  chain: Chain
  router: Router
  storage: PorticoStorage
  adapters: readonly ChainAdapter[]
  projectId: string
  featuredWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  /** A wallet moved to a chain the app does not support. */
  onUnsupportedChain: (namespace: ChainNamespace, chainId: number | string) => void
  /** Called after an account is set (connect, reconnect, account change): e.g. refresh balances. */
  onAccountReady?: (namespace: ChainNamespace) => void
  /** Called when a connect the user asked for succeeded (e.g. the explorer remembers the wallet as recent). */
  onConnected?: (connectorId: string) => void
  /** The app's metadata, for adapters (AdapterContext.metadata). */
  metadata?: AdapterContext['metadata']
  /** The theme, for adapters (AdapterContext.watchTheme). */
  watchTheme?: AdapterContext['watchTheme']
}

const TYPE_RANK: Record<Connector['type'], number> = { walletConnect: 0, injected: 2, announced: 2, external: 5, auth: 6 }

/**
 * SPEC §9 connector order: walletConnect, recent, injected (and announced), featured, external,
 * then the auth connector. Stable within a group.
 */
export function orderConnectors(list: readonly Connector[], recentIds: readonly string[], featuredIds: readonly string[]): Connector[] {
  const rank = (c: Connector): number => {
    if (c.type === 'walletConnect') return 0
    if (recentIds.includes(c.id)) return 1
    if (c.explorerId && featuredIds.includes(c.explorerId) && c.type !== 'auth') return 3 + featuredIds.indexOf(c.explorerId) / 1000
    return TYPE_RANK[c.type]
  }
  return list
    .map((c, i) => ({ c, i, r: rank(c) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.c)
}

/** Options of one connect. */
export interface ConnectOptions {
  /** The network to connect on. @default the namespace's current network */
  network?: CaipNetwork
  /** Auth connectors: sign in with this email or social provider. */
  auth?: AuthRequest
}

export function createConnection(deps: ConnectionDeps) {
  const { chain, router, storage } = deps
  /** Connectors per adapter (index in deps.adapters): adapters may share a namespace. */
  const $byAdapter = atom<Record<number, Connector[]>>({})
  /** The adapter that registered a connector id. */
  const ownerOf = (connectorId: string | undefined): ChainAdapter | undefined => {
    if (connectorId === undefined) return undefined
    for (const [index, list] of Object.entries($byAdapter.get()))
      if (list.some((c) => c.id === connectorId)) return deps.adapters[Number(index)]
    return undefined
  }
  const serves = (a: ChainAdapter, ns: ChainNamespace) => a.namespace === ns || Boolean(a.namespaces?.includes(ns))
  /**
   * The adapter for a namespace: the one owning the connector connected there (or `connectorId`),
   * else the first adapter whose primary namespace it is, else one that also serves it.
   */
  const adapterFor = (ns: ChainNamespace, connectorId?: string): ChainAdapter | undefined => {
    const owner = ownerOf(connectorId ?? $connections.get()[ns]?.connectorId)
    if (owner && serves(owner, ns)) return owner
    return deps.adapters.find((a) => a.namespace === ns) ?? deps.adapters.find((a) => serves(a, ns))
  }

  const $connections = atom<Partial<Record<ChainNamespace, Connection>>>({})
  /** Connector ids authorised earlier (remembered or connected in this session). */
  const $known = atom<string[]>(storage.getConnections().map((c) => c.connectorId))
  const $error = atom<string | null>(null)
  /** The connector a connect is pending for (a row spinner), or null. */
  const $connecting = atom<string | null>(null)
  /** The last connect asked for, so a failed one can be retried. */
  let lastAttempt: { connectorId: string; opts: ConnectOptions } | undefined
  /** WalletConnect pairing URI while a pairing is pending. */
  const $wcUri = atom<string | undefined>(undefined)
  /** A step the pending connect waits for the user to take (an auth connector's code …). */
  const $prompt = atom<{ connectorId: string; prompt: ConnectorPrompt } | undefined>(undefined)

  const $connectors: ReadableAtom<Connector[]> = computed([$byAdapter, $known], (by, known) => {
    const excluded = new Set(deps.excludeWalletIds)
    const all = Object.values(by)
      .flat()
      .filter((c): c is Connector => Boolean(c) && !(c.explorerId && excluded.has(c.explorerId)) && !(c.rdns && excluded.has(c.rdns)))
    return orderConnectors(all, known, deps.featuredWalletIds)
  })

  /** The active namespace's connection status. */
  const $status: ReadableAtom<ConnectionStatus> = computed(chain.$account, (a) => a.status)

  /** SPEC §4 per-connector state: connected (in use), active (known), disconnected. */
  const $connectorStates: ReadableAtom<Record<string, ConnectorState>> = computed(
    [$connectors, $connections, $known],
    (connectors, connections, known) => {
      const inUse = new Set(Object.values(connections).map((c) => c?.connectorId))
      const out: Record<string, ConnectorState> = {}
      for (const c of connectors) out[c.id] = inUse.has(c.id) ? 'connected' : known.includes(c.id) ? 'active' : 'disconnected'
      return out
    },
  )

  const findConnector = (id: string) =>
    $connectors.get().find((c) => c.id === id) ??
    Object.values($byAdapter.get())
      .flat()
      .find((c) => c.id === id)

  function networkFor(ns: ChainNamespace, chainId: number | string): CaipNetwork | undefined {
    return chain.findNetwork(ns, chainId)
  }

  /**
   * The account's wallet: the one behind the connector when the adapter names it (ConnectResult.wallet,
   * a WalletConnect peer), kept through later account events of the same connection (they name no
   * wallet); else the connector itself.
   */
  function walletInfoOf(
    ns: ChainNamespace,
    result: ConnectResult,
    connectorId: string,
    connector: Connector | undefined,
  ): AccountState['connectedWalletInfo'] {
    const w = result.wallet
    if (w) return { name: w.name, ...(w.icon ? { icon: w.icon } : {}), ...(connector ? { type: connector.type, via: connector.name } : {}) }
    const kept = chain.getAccount(ns)?.connectedWalletInfo
    if (kept?.via && $connections.get()[ns]?.connectorId === connectorId) return kept
    return connector ? { name: connector.name, icon: connector.imageUrl, type: connector.type } : undefined
  }

  /** Stores the account; returns false when the wallet is on a chain the app does not support. */
  function applyAccount(ns: ChainNamespace, result: ConnectResult, connectorId: string, activate = true): boolean {
    const network = networkFor(ns, result.chainId)
    const activeBefore = chain.$activeChain.get()
    if (network) chain.setActiveNetwork(network)
    else chain.setActiveNamespace(ns)
    if (!activate && activeBefore && activeBefore !== ns) chain.setActiveNamespace(activeBefore)
    const current = network ?? chain.getActiveNetwork(ns)
    const caipNetworkId = network?.caipNetworkId ?? `${ns}:${result.chainId}`
    const connector = findConnector(connectorId)
    chain.setAccount(ns, {
      // Another address (the wallet switched accounts): the name and avatar were the previous one's.
      ...(chain.getAccount(ns)?.address !== result.address && { profileName: null, profileImage: null }),
      address: result.address,
      caipAddress: `${caipNetworkId}:${result.address}` as CaipAddress,
      status: 'connected',
      addressExplorerUrl: addressExplorerUrl(current, result.address),
      connectedWalletInfo: walletInfoOf(ns, result, connectorId, connector),
      ...(result.socialProvider ? { socialProvider: result.socialProvider } : {}),
    })
    const type = result.accountType ?? 'eoa'
    const accounts = (result.accounts.length ? result.accounts : [result.address]).map((address) => ({ address, type, namespace: ns }))
    $connections.set({ ...$connections.get(), [ns]: { connectorId, accounts, ...(result.authName ? { authName: result.authName } : {}) } })
    if (!$known.get().includes(connectorId)) $known.set([...$known.get(), connectorId])
    storage.rememberConnection({ connectorId, namespace: ns })
    if (network && activate) storage.set('activeCaipNetworkId', network.caipNetworkId)
    deps.onAccountReady?.(ns)
    if (!network && activate) deps.onUnsupportedChain(ns, result.chainId)
    return Boolean(network)
  }

  /** A multi-namespace session's further namespaces (those the app configured), active one unchanged. */
  function applyOtherNamespaces(
    primary: ChainNamespace,
    result: ConnectResult,
    connectorId: string,
    only?: ReadonlySet<ChainNamespace>,
  ): ChainNamespace[] {
    const applied: ChainNamespace[] = []
    for (const [ns, part] of Object.entries(result.namespaces ?? {}) as [ChainNamespace, ConnectResult | undefined][]) {
      if (!part || ns === primary || (only && !only.has(ns)) || chain.getNetworks(ns).length === 0 || !networkFor(ns, part.chainId))
        continue
      applyAccount(ns, { address: part.address, chainId: part.chainId, accounts: part.accounts, wallet: result.wallet }, connectorId, false)
      applied.push(ns)
    }
    return applied
  }

  /** The pending pairing's abort controller (a walletConnect-type connect in flight). */
  let pairing: AbortController | undefined
  /** Pairings replaced by a newer connect: their failure is not reported. */
  const superseded = new WeakSet<AbortController>()

  /** The user gave up (modal closed): a pending pairing rejects with 'Modal closed' and cleans up. */
  function cancelPairing(): void {
    const pending = pairing
    pairing = undefined
    pending?.abort(new PorticoError(ERRORS.modalClosed))
    $wcUri.set(undefined)
  }

  function clearNamespace(ns: ChainNamespace): void {
    chain.resetAccount(ns)
    const { [ns]: _gone, ...rest } = $connections.get()
    void _gone
    $connections.set(rest)
    storage.forgetConnection(ns)
  }

  /**
   * Connect with a connector: status connecting → adapter.connect → account set, status connected,
   * Account view (UnsupportedChain when the wallet is on an unknown chain), remembered for reconnect.
   * Rejects with the SPEC §8 texts and sets `$error` to the same text: 'Connection rejected' (the user
   * refused), 'Failed to connect' (anything else), 'Modal closed' (the pairing was given up; no
   * `$error` then). The status goes back to what it was.
   */
  async function connect(connectorId: string, opts: ConnectOptions = {}): Promise<ConnectResult> {
    lastAttempt = { connectorId, opts }
    const connector = findConnector(connectorId)
    const adapter = connector ? (ownerOf(connectorId) ?? adapterFor(connector.namespace)) : undefined
    if (!connector || !adapter) {
      $error.set(ERRORS.failedToConnect)
      throw new PorticoError(ERRORS.failedToConnect)
    }
    const ns = connector.namespace
    // A multi-namespace adapter is offered the namespace the app is on (it may answer in another one).
    const active = chain.$activeChain.get()
    const preferred = active && active !== ns && serves(adapter, active) ? chain.getActiveNetwork(active) : undefined
    const previous = chain.getAccount(ns)?.status ?? 'disconnected'
    $error.set(null)
    $connecting.set(connectorId)
    chain.setAccount(ns, { status: 'connecting' })
    // A pairing (walletConnect type) can be abandoned by closing the modal; a newer one supersedes it.
    const controller = connector.type === 'walletConnect' ? new AbortController() : undefined
    if (controller) {
      if (pairing) superseded.add(pairing)
      pairing?.abort(new PorticoError(ERRORS.modalClosed))
      pairing = controller
    }
    try {
      const network = opts.network ?? preferred ?? chain.getActiveNetwork(ns)
      const result = await adapter.connect({ connectorId, network, signal: controller?.signal, auth: opts.auth })
      if (controller && pairing === controller) pairing = undefined
      // The session's main account may be in another namespace than the connector's (no account there).
      const main = result.namespace ?? ns
      if (main !== ns) chain.setAccount(ns, { status: previous === 'connecting' ? 'disconnected' : previous })
      const prior = $connections.get()[main]
      if (prior && prior.connectorId !== connectorId) {
        await adapterFor(main)
          ?.disconnect({ connectorId: prior.connectorId })
          .catch(() => undefined)
      }
      const supported = applyAccount(main, result, connectorId)
      applyOtherNamespaces(main, result, connectorId)
      // SPEC §4: after an email login the email-used flag and the email are stored, the last-login time cleared.
      if (opts.auth?.kind === 'email') storage.markEmailLogin(opts.auth.email)
      if ($connecting.get() === connectorId) $connecting.set(null)
      deps.onConnected?.(connectorId)
      if (supported) router.reset('Account')
      return result
    } catch (error) {
      // A newer pairing is in flight (this one was replaced, or cancelled and started again): it owns the state.
      if (controller && (superseded.has(controller) || (pairing !== undefined && pairing !== controller)))
        throw new PorticoError(ERRORS.modalClosed, { cause: error })
      if (controller && pairing === controller) pairing = undefined
      if ($connecting.get() === connectorId) $connecting.set(null)
      const closed = controller?.signal.aborted === true
      const text = closed ? ERRORS.modalClosed : isUserRejection(error) ? ERRORS.connectionRejected : ERRORS.failedToConnect
      $error.set(closed ? null : text)
      chain.setAccount(ns, { status: previous === 'connecting' ? 'disconnected' : previous })
      throw new PorticoError(text, { cause: error, ...(text === ERRORS.connectionRejected ? { code: USER_REJECTED_CODE } : {}) })
    }
  }

  /** `connect` for views: never rejects; resolves undefined on failure (the text is in `$error`). */
  const tryConnect = (connectorId: string, opts: ConnectOptions = {}): Promise<ConnectResult | undefined> =>
    connect(connectorId, opts).catch(() => undefined)

  /**
   * Connect unless this connector is already connecting or was the last attempt and failed: a view
   * that mounts twice (React StrictMode) asks the wallet once. `retry` asks again.
   */
  function connectOnce(connectorId: string): void {
    if ($connecting.get() === connectorId) return
    if (lastAttempt?.connectorId === connectorId && $error.get() !== null) return
    void tryConnect(connectorId)
  }

  /** Run the last connect again (after 'Connection rejected' …); resolves undefined when there was none or it failed. */
  const retry = (): Promise<ConnectResult | undefined> =>
    lastAttempt ? tryConnect(lastAttempt.connectorId, lastAttempt.opts) : Promise.resolve(undefined)

  /** The walletConnect-type connector, if an adapter registered one. */
  const pairingConnector = (): Connector | undefined => $connectors.get().find((c) => c.type === 'walletConnect')

  /**
   * Start a WalletConnect pairing (the QR code views): the URI appears in `$wcUri` and is refreshed
   * before it expires (SPEC §4). Never rejects; false when no adapter offers pairing.
   */
  function startPairing(): boolean {
    const connector = pairingConnector()
    if (!connector) return false
    $error.set(null)
    void tryConnect(connector.id)
    return true
  }

  /** The user's answer to an auth connector's prompt (`$prompt`): a code, a resend, a cancel. */
  async function answerPrompt(answer: ConnectorAnswer): Promise<void> {
    const pending = $prompt.get()
    if (!pending) throw new PorticoError(ERRORS.noAuthConnector)
    const adapter = ownerOf(pending.connectorId)
    if (!adapter?.respond) throw new PorticoError(ERRORS.noAuthConnector)
    await adapter.respond({ connectorId: pending.connectorId, answer })
  }

  /** Restore remembered sessions without a prompt (adapter.reconnect). Forgets sessions that are gone. */
  async function reconnect(): Promise<void> {
    const restored = new Set<ChainNamespace>()
    // The namespace the visitor was on (each restored account makes its own active on the way).
    const lastNamespace = storage.get('activeCaipNetworkId')?.split(':')[0] as ChainNamespace | undefined
    for (const remembered of storage.getConnections()) {
      if (restored.has(remembered.namespace)) continue
      const adapter = ownerOf(remembered.connectorId) ?? adapterFor(remembered.namespace)
      if (!adapter) {
        storage.forgetConnection(remembered.namespace)
        continue
      }
      chain.setAccount(remembered.namespace, { status: 'connecting' })
      try {
        const result = await adapter.reconnect({
          connectorId: remembered.connectorId,
          network: chain.getActiveNetwork(remembered.namespace),
        })
        const ns = remembered.namespace
        const main = result?.namespace ?? adapter.namespace
        const part = !result ? undefined : ns === main ? result : result.namespaces?.[ns]
        if (result && part && ns === main) {
          applyAccount(ns, result, remembered.connectorId)
          // The same session's other remembered namespaces come back with it.
          const wanted = new Set(
            storage
              .getConnections()
              .filter((c) => c.connectorId === remembered.connectorId)
              .map((c) => c.namespace),
          )
          for (const other of applyOtherNamespaces(ns, result, remembered.connectorId, wanted)) restored.add(other)
        } else if (part)
          applyAccount(
            ns,
            { address: part.address, chainId: part.chainId, accounts: part.accounts, wallet: result?.wallet },
            remembered.connectorId,
            false,
          )
        else clearNamespace(ns)
      } catch {
        clearNamespace(remembered.namespace)
      }
    }
    if (lastNamespace && lastNamespace !== chain.$activeChain.get() && chain.isConnected(lastNamespace)) {
      chain.setActiveNamespace(lastNamespace)
      const network = chain.getActiveNetwork(lastNamespace)
      if (network) storage.set('activeCaipNetworkId', network.caipNetworkId)
    }
  }

  /** Disconnect one namespace, or every connected one. Local state is cleared even if the wallet errs. */
  async function disconnect(opts: { namespace?: ChainNamespace } = {}): Promise<void> {
    const targets = opts.namespace ? [opts.namespace] : (Object.keys($connections.get()) as ChainNamespace[])
    for (const ns of targets) {
      const connection = $connections.get()[ns]
      if (!connection) {
        clearNamespace(ns)
        continue
      }
      // One wallet session may span namespaces: end it once, clear every namespace it served.
      const shared = (Object.keys($connections.get()) as ChainNamespace[]).filter(
        (n) => $connections.get()[n]?.connectorId === connection.connectorId,
      )
      const together = opts.namespace ? [ns] : shared
      if (!opts.namespace || shared.length === 1)
        await adapterFor(ns)
          ?.disconnect({ connectorId: connection.connectorId })
          .catch(() => undefined)
      for (const n of together) clearNamespace(n)
    }
    $error.set(null)
    if (!chain.isConnected()) router.reset('Connect')
  }

  /** The connected wallet of a namespace (the active one by default), or a catalogue error. */
  function connectedWallet(namespace?: ChainNamespace) {
    const ns = namespace ?? chain.$activeChain.get()
    const connection = ns ? $connections.get()[ns] : undefined
    const address = ns ? chain.getAccount(ns)?.address : undefined
    if (!ns || !connection || !address) throw new PorticoError(ERRORS.noAccount)
    const adapter = adapterFor(ns)
    if (!adapter) throw new PorticoError(ERRORS.chainAdapterNotFound)
    return { adapter, address, connectorId: connection.connectorId, namespace: ns }
  }

  /** Builds the context handed to one adapter's setup. */
  function contextFor(adapter: ChainAdapter): AdapterContext {
    const primary = adapter.namespace
    const index = deps.adapters.indexOf(adapter)
    /** The namespace an event is about must be one this adapter serves and holds the connection of. */
    const mine = (ns: ChainNamespace) => {
      const connection = $connections.get()[ns]
      return connection && ownerOf(connection.connectorId) === adapter ? connection : undefined
    }
    return {
      networks: chain.getNetworks(primary),
      allNetworks: chain.getNetworks(),
      projectId: deps.projectId,
      ...(deps.metadata ? { metadata: deps.metadata } : {}),
      ...(deps.watchTheme ? { watchTheme: deps.watchTheme } : {}),
      getActiveNetwork: () => chain.getActiveNetwork(primary),
      setConnectors(list) {
        $byAdapter.set({ ...$byAdapter.get(), [index]: list.map((c) => ({ ...c, namespace: c.namespace ?? primary })) })
      },
      onAccountsChanged(accounts, namespace = primary) {
        const ns = namespace
        const connection = $connections.get()[ns]
        if (!connection || (ownerOf(connection.connectorId) && !mine(ns))) return
        const [first] = accounts
        if (!first) {
          clearNamespace(ns)
          return
        }
        const network = chain.getActiveNetwork(ns)
        applyAccount(ns, { address: first, accounts, chainId: network?.id ?? '' }, connection.connectorId, chain.$activeChain.get() === ns)
      },
      onChainChanged(chainId, namespace = primary) {
        const ns = namespace
        const connection = $connections.get()[ns]
        if (connection && ownerOf(connection.connectorId) && !mine(ns)) return
        const network = networkFor(ns, chainId)
        if (network) {
          const active = chain.$activeChain.get()
          chain.setActiveNetwork(network)
          if (active && active !== ns) chain.setActiveNamespace(active)
          else storage.set('activeCaipNetworkId', network.caipNetworkId)
          if (connection) deps.onAccountReady?.(ns)
        } else if (connection) deps.onUnsupportedChain(ns, chainId)
      },
      onDisconnect(namespace) {
        const all = Object.keys($connections.get()) as ChainNamespace[]
        const targets = namespace ? [namespace] : all.filter((ns) => mine(ns))
        if (!namespace && targets.length === 0) targets.push(primary)
        for (const ns of targets) clearNamespace(ns)
        const active = chain.$activeChain.get()
        if (active && targets.includes(active)) router.reset('Connect')
      },
      emit(connectorId, event) {
        if (event.kind === 'pairingUri') $wcUri.set(event.uri)
        else if (event.prompt) $prompt.set({ connectorId, prompt: event.prompt })
        else if ($prompt.get()?.connectorId === connectorId) $prompt.set(undefined)
        // SPEC §3 account state `farcasterUrl`: the Farcaster sign-in channel's URL while it is shown.
        if (event.kind === 'prompt') {
          const farcasterUrl = event.prompt?.kind === 'farcaster' ? event.prompt.url : undefined
          if (farcasterUrl !== chain.getAccount(primary)?.farcasterUrl) chain.setAccount(primary, { farcasterUrl })
        }
      },
    }
  }

  return {
    $connectors,
    $connectorStates,
    $connections,
    $status,
    $error,
    $wcUri,
    $prompt,
    $connecting,
    connect,
    tryConnect,
    connectOnce,
    retry,
    startPairing,
    answerPrompt,
    reconnect,
    disconnect,
    connectedWallet,
    contextFor,
    getConnector: findConnector,
    getConnection: (ns?: ChainNamespace) => $connections.get()[ns ?? chain.$activeChain.get() ?? 'eip155'],
    cancelPairing,
    /** The adapter serving a namespace: the owner of its connected connector, else its primary adapter. */
    adapterFor,
    /** The adapter that registered `connectorId` (internal: the embedded account flow acts through it). */
    ownerOf,
    /** Replace some namespaces' connections (internal: the embedded account flow patches authName and account types). */
    patchConnections: (patch: Partial<Record<ChainNamespace, Connection>>) => $connections.set({ ...$connections.get(), ...patch }),
    clearError: () => $error.set(null),
  }
}

export type ConnectionFlow = ReturnType<typeof createConnection>
/** Members only other flows call: not part of the public `Portico` type. */
export type ConnectionInternal = 'contextFor' | 'connectedWallet' | 'adapterFor' | 'ownerOf' | 'patchConnections'
