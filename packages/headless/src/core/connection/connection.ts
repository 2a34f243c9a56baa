/**
 * Connection flow (SPEC §4): connectors from the adapters, connect / reconnect / disconnect, wallet
 * events, per-connector state, the pairing URI and the last connection error.
 */
import { atom, computed, type ReadableAtom } from 'nanostores'
import type { AdapterContext, ChainAdapter, ConnectResult, Connector, ConnectorState, SendTransactionParams } from '../../adapters'
import type { Chain } from '../chain/chain'
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

export function createConnection(deps: ConnectionDeps) {
  const { chain, router, storage } = deps
  const adapterFor = (ns: ChainNamespace) => deps.adapters.find((a) => a.namespace === ns)

  const $byNamespace = atom<Partial<Record<ChainNamespace, Connector[]>>>({})
  const $connections = atom<Partial<Record<ChainNamespace, Connection>>>({})
  /** Connector ids authorised earlier (remembered or connected in this session). */
  const $known = atom<string[]>(storage.getConnections().map((c) => c.connectorId))
  const $error = atom<string | null>(null)
  /** WalletConnect pairing URI while a pairing is pending. */
  const $wcUri = atom<string | undefined>(undefined)

  const $connectors: ReadableAtom<Connector[]> = computed([$byNamespace, $known], (by, known) => {
    const excluded = new Set(deps.excludeWalletIds)
    const all = Object.values(by)
      .flat()
      .filter((c): c is Connector => Boolean(c) && !(c!.explorerId && excluded.has(c!.explorerId)) && !(c!.rdns && excluded.has(c!.rdns)))
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

  const findConnector = (id: string) => $connectors.get().find((c) => c.id === id) ?? Object.values($byNamespace.get()).flat().find((c) => c?.id === id)

  function networkFor(ns: ChainNamespace, chainId: number | string): CaipNetwork | undefined {
    return chain.findNetwork(ns, chainId)
  }

  /** Stores the account; returns false when the wallet is on a chain the app does not support. */
  function applyAccount(ns: ChainNamespace, result: ConnectResult, connectorId: string): boolean {
    const network = networkFor(ns, result.chainId)
    if (network) chain.setActiveNetwork(network)
    else chain.setActiveNamespace(ns)
    const current = network ?? chain.getActiveNetwork(ns)
    const caipNetworkId = network?.caipNetworkId ?? `${ns}:${result.chainId}`
    const explorer = current?.blockExplorers?.default.url
    const connector = findConnector(connectorId)
    chain.setAccount(ns, {
      address: result.address,
      caipAddress: `${caipNetworkId}:${result.address}` as CaipAddress,
      status: 'connected',
      addressExplorerUrl: explorer ? `${explorer.replace(/\/+$/, '')}/address/${result.address}` : undefined,
      connectedWalletInfo: connector ? { name: connector.name, icon: connector.imageUrl, type: connector.type } : undefined,
    })
    const accounts = (result.accounts.length ? result.accounts : [result.address]).map((address) => ({ address, type: 'eoa' as const, namespace: ns }))
    $connections.set({ ...$connections.get(), [ns]: { connectorId, accounts } })
    if (!$known.get().includes(connectorId)) $known.set([...$known.get(), connectorId])
    storage.rememberConnection({ connectorId, namespace: ns })
    if (network) storage.set('activeCaipNetworkId', network.caipNetworkId)
    deps.onAccountReady?.(ns)
    if (!network) deps.onUnsupportedChain(ns, result.chainId)
    return Boolean(network)
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
   * Account view (UnsupportedChain when the wallet is on an unknown chain), remembered for reconnect. A refusal shows 'Connection rejected' in $error, other
   * failures 'Failed to connect'; the status goes back. Never throws: resolves undefined on failure.
   */
  async function connect(connectorId: string, opts: { network?: CaipNetwork } = {}): Promise<ConnectResult | undefined> {
    const connector = findConnector(connectorId)
    const adapter = connector ? adapterFor(connector.namespace) : undefined
    if (!connector || !adapter) {
      $error.set(ERRORS.failedToConnect)
      return undefined
    }
    const ns = connector.namespace
    const previous = chain.getAccount(ns)?.status ?? 'disconnected'
    $error.set(null)
    chain.setAccount(ns, { status: 'connecting' })
    try {
      const network = opts.network ?? chain.getActiveNetwork(ns)
      const result = await adapter.connect({ connectorId, network })
      const prior = $connections.get()[ns]
      if (prior && prior.connectorId !== connectorId) {
        await adapterFor(ns)?.disconnect({ connectorId: prior.connectorId }).catch(() => undefined)
      }
      if (applyAccount(ns, result, connectorId)) router.reset('Account')
      return result
    } catch (error) {
      $error.set(isUserRejection(error) ? ERRORS.connectionRejected : ERRORS.failedToConnect)
      chain.setAccount(ns, { status: previous === 'connecting' ? 'disconnected' : previous })
      return undefined
    }
  }

  /** Restore remembered sessions without a prompt (adapter.reconnect). Forgets sessions that are gone. */
  async function reconnect(): Promise<void> {
    for (const remembered of storage.getConnections()) {
      const adapter = adapterFor(remembered.namespace)
      if (!adapter) {
        storage.forgetConnection(remembered.namespace)
        continue
      }
      chain.setAccount(remembered.namespace, { status: 'connecting' })
      try {
        const result = await adapter.reconnect({ connectorId: remembered.connectorId, network: chain.getActiveNetwork(remembered.namespace) })
        if (result) applyAccount(remembered.namespace, result, remembered.connectorId)
        else clearNamespace(remembered.namespace)
      } catch {
        clearNamespace(remembered.namespace)
      }
    }
  }

  /** Disconnect one namespace, or every connected one. Local state is cleared even if the wallet errs. */
  async function disconnect(opts: { namespace?: ChainNamespace } = {}): Promise<void> {
    const targets = opts.namespace ? [opts.namespace] : (Object.keys($connections.get()) as ChainNamespace[])
    for (const ns of targets) {
      const connection = $connections.get()[ns]
      if (connection) await adapterFor(ns)?.disconnect({ connectorId: connection.connectorId }).catch(() => undefined)
      clearNamespace(ns)
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
    return { adapter, address, connectorId: connection.connectorId }
  }

  /** A refusal in the wallet becomes 'User rejected the request' (code 4001); other errors pass through. */
  function normaliseWalletError(error: unknown): unknown {
    return isUserRejection(error) ? new PorticoError(ERRORS.userRejected, { code: USER_REJECTED_CODE, cause: error }) : error
  }

  /** Sign `message` with the connected wallet (personal_sign on EVM). Rejects with 'No account connected' when none. */
  async function signMessage(message: string, opts: { namespace?: ChainNamespace } = {}): Promise<string> {
    const { adapter, address, connectorId } = connectedWallet(opts.namespace)
    try {
      return await adapter.signMessage({ message, address, connectorId })
    } catch (error) {
      throw normaliseWalletError(error)
    }
  }

  /** Send a transaction from the connected account; resolves with its hash. */
  async function sendTransaction(params: SendTransactionParams, opts: { namespace?: ChainNamespace } = {}): Promise<string> {
    const { adapter, address, connectorId } = connectedWallet(opts.namespace)
    try {
      return await adapter.sendTransaction({ ...params, address, connectorId })
    } catch (error) {
      throw normaliseWalletError(error)
    }
  }

  /** Builds the context handed to one adapter's setup. */
  function contextFor(adapter: ChainAdapter): AdapterContext {
    const ns = adapter.namespace
    return {
      networks: chain.getNetworks(ns),
      projectId: deps.projectId,
      getActiveNetwork: () => chain.getActiveNetwork(ns),
      setConnectors(list) {
        $byNamespace.set({ ...$byNamespace.get(), [ns]: list.map((c) => ({ ...c, namespace: c.namespace ?? ns })) })
      },
      onAccountsChanged(accounts) {
        const [first] = accounts
        if (!first) {
          if ($connections.get()[ns]) clearNamespace(ns)
          return
        }
        const connection = $connections.get()[ns]
        if (!connection) return
        const network = chain.getActiveNetwork(ns)
        applyAccount(ns, { address: first, accounts, chainId: network?.id ?? '' }, connection.connectorId)
      },
      onChainChanged(chainId) {
        const network = networkFor(ns, chainId)
        if (network) {
          chain.setActiveNetwork(network)
          storage.set('activeCaipNetworkId', network.caipNetworkId)
          if ($connections.get()[ns]) deps.onAccountReady?.(ns)
        } else if ($connections.get()[ns]) deps.onUnsupportedChain(ns, chainId)
      },
      onDisconnect() {
        clearNamespace(ns)
        if (chain.$activeChain.get() === ns) router.reset('Connect')
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
    connect,
    reconnect,
    disconnect,
    signMessage,
    sendTransaction,
    contextFor,
    getConnector: findConnector,
    getConnection: (ns?: ChainNamespace) => $connections.get()[ns ?? chain.$activeChain.get() ?? 'eip155'],
    setWcUri: (uri: string | undefined) => $wcUri.set(uri),
    resetUri: () => $wcUri.set(undefined),
    clearError: () => $error.set(null),
  }
}

export type ConnectionFlow = ReturnType<typeof createConnection>
