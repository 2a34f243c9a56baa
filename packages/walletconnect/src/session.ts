/**
 * The WalletConnect engine's session handling: the shared sign-client, pairing (connect), restoring a
 * stored session (reconnect), the wallet's session events, disconnect and network switches, and the
 * routing of a call to the session namespace and chain that hold the account. The wallet operations
 * (./operations) run on what createSession hands them. Part of the lazy engine chunk.
 */
import type { AdapterContext, CaipNetwork, ChainNamespace, ConnectResult, NamespaceAccounts } from '@portico/headless'
import {
  defaultTimers,
  ERRORS,
  isUserRejection,
  PAIRING_RETRY_MS,
  pairingExpiresAt,
  pairingRefreshDelay,
  PorticoError,
  USER_REJECTED_CODE,
  uriExpiresAt,
} from '@portico/headless'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { toHexQuantity } from './hex'
import { isLoopback } from './loopback'
import { optionalNamespaces, WC_NAMESPACES } from './namespaces'
import type { Client, WalletConnectAdapterOptions, WalletConnectEngine } from './options'
import { caipChainId, chainReference, evmChainId, eventAddresses, peerWallet, sessionAccounts, storedChains, walletEvent } from './schemas'

/** WalletConnect's own refusal codes: USER_REJECTED, USER_REJECTED_CHAINS, USER_REJECTED_METHODS. */
const WC_REJECTION_CODES = new Set([5000, 5001, 5002])

/** Wallet-side refusals: headless's check (4001, the message text) or a WalletConnect refusal code. */
function isRejection(error: unknown): boolean {
  if (isUserRejection(error)) return true
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined
  return typeof code === 'number' && WC_REJECTION_CODES.has(code)
}

const rejected = (cause: unknown) => new PorticoError(ERRORS.connectionRejected, { code: USER_REJECTED_CODE, cause })

/** Request errors: keep the wallet's refusal recognisable (code 4001). */
function requestError(error: unknown): unknown {
  if (!isRejection(error)) return error
  return new PorticoError(ERRORS.userRejected, { code: USER_REJECTED_CODE, cause: error })
}

interface SessionView {
  /** Accounts per namespace, grouped by chain: ns → chainId → addresses. */
  byNamespace: Map<string, Map<string, string[]>>
}

function viewOf(session: SessionTypes.Struct): SessionView {
  const byNamespace = new Map<string, Map<string, string[]>>()
  for (const ns of Object.values(session.namespaces)) {
    for (const account of sessionAccounts(ns.accounts)) {
      const chains = byNamespace.get(account.namespace) ?? new Map<string, string[]>()
      const list = chains.get(account.chainId) ?? []
      if (!list.includes(account.address)) list.push(account.address)
      chains.set(account.chainId, list)
      byNamespace.set(account.namespace, chains)
    }
  }
  return { byNamespace }
}

/** Hex addresses (eip155, sui) compare case-insensitively. */
const sameAddress = (a: string, b: string) => a === b || (a.startsWith('0x') && a.toLowerCase() === b.toLowerCase())

export const refOf = (chainId: string) => chainId.slice(chainId.indexOf(':') + 1)
const chainIdValue = (ns: string, chainId: string): number | string => (ns === 'eip155' ? Number(refOf(chainId)) : refOf(chainId))

/**
 * sign-client keeps one Core per storage prefix and JS realm (a second init with the prefix gets the
 * first one's Core, relay socket included). So there is one client per prefix here too: a Portico
 * instance created after another one was destroyed takes that client over and reopens its socket,
 * instead of initialising a second client on a Core whose socket the destroy closed (that client
 * received no wallet events: a wallet-side disconnect, account or chain change went unseen).
 */
const sharedClients = new Map<string, Promise<Client>>()
/** Clients whose relay socket and heartbeat a destroyed engine stopped. */
const released = new WeakSet<Client>()

function sharedClient(
  options: WalletConnectAdapterOptions,
  context: () => AdapterContext | undefined,
  metadata: () => SignClientTypes.Metadata,
): Promise<Client> {
  const prefix = options.customStoragePrefix ?? 'portico'
  const known = sharedClients.get(prefix)
  if (known) return known
  const created = (async () => {
    const SignClient = options.loadSignClient ? await options.loadSignClient() : (await import('@walletconnect/sign-client')).SignClient
    const c = await SignClient.init({
      projectId: options.projectId ?? context()?.projectId ?? '',
      relayUrl: options.relayUrl,
      metadata: metadata(),
      customStoragePrefix: prefix,
      ...(options.storageOptions ? { storageOptions: options.storageOptions } : {}),
      telemetryEnabled: false,
      logger: 'silent',
    })
    if (!(options.verify ?? !isLoopback(options.relayUrl))) {
      // No attestation: sign-client would otherwise load verify.walletconnect.org in an iframe.
      c.core.verify.register = async () => ''
    }
    return c
  })()
  sharedClients.set(prefix, created)
  created.catch(() => {
    if (sharedClients.get(prefix) === created) sharedClients.delete(prefix)
  })
  return created
}

/** How many early session events (see onEvent) are kept per topic. */
const EARLY_EVENTS_KEPT = 50

/** A wallet event of the seven namespaces as an account or chain change (anything else: undefined). */
function eventChange(
  params: SignClientTypes.EventArguments['session_event']['params'],
): { kind: 'accounts'; ns: ChainNamespace; addresses: string[] } | { kind: 'chain'; ns: ChainNamespace; id: number | string } | undefined {
  // Only the seven namespaces: an event on 'hedera:mainnet' … is dropped here.
  const chain = caipChainId.safeParse(params.chainId)
  const event = walletEvent.safeParse(params.event)
  if (!chain.success || !event.success) return undefined
  const ns = chain.data.split(':')[0] as ChainNamespace
  const { name, data } = event.data
  if (name === 'accountsChanged' || name === 'bip122_addressesChanged') {
    const addresses = eventAddresses(data)
    return addresses ? { kind: 'accounts', ns, addresses } : undefined
  }
  if (name === 'chainChanged') {
    const id = ns === 'eip155' ? (evmChainId(data) ?? evmChainId(chain.data)) : (chainReference(data) ?? refOf(chain.data))
    return id === undefined ? undefined : { kind: 'chain', ns, id }
  }
  return undefined
}

/** The engine's methods that manage the session itself. */
export type SessionLifecycle = Pick<WalletConnectEngine, 'destroy' | 'connect' | 'reconnect' | 'disconnect' | 'switchNetwork'>

/** The session as the wallet operations see it: its lifecycle, and how a call reaches the wallet. */
export interface Session {
  lifecycle: SessionLifecycle
  /** The app's networks in the namespaces this adapter serves. */
  networks(): readonly CaipNetwork[]
  /** The sign-client and the session; 'No account connected' without one. */
  need(): { c: Client; s: SessionTypes.Struct }
  /** The session namespace holding `address` and the chain to use there. */
  locate(s: SessionTypes.Struct, address: string): { ns: ChainNamespace; chainId: string }
  /** The chain for a call from `address`: its namespace's, or `network` when it is of that namespace. */
  route(address: string, network?: CaipNetwork): { ns: ChainNamespace; chainId: string }
  /** The eip155 chain of `address`, or 'Requested RPC call is not allowed'. */
  evmRoute(address: string, network?: CaipNetwork, what?: string): string
  /** A request the session approved (refused before it is sent otherwise). */
  call(chainId: string, method: string, params: unknown): Promise<unknown>
  /** Whether the session approved `method` in namespace `ns`. */
  approved(s: SessionTypes.Struct, ns: string, method: string): boolean
  /** The app's network for a CAIP-2 chain ('Network not found' otherwise). */
  networkOf(chainId: string): CaipNetwork
  /** The network whose RPC answers for a receipt: the one given, else the session's or the app's current eip155 one. */
  receiptNetwork(network?: CaipNetwork): CaipNetwork
}

/** The session side of the engine behind walletConnectAdapter; `context()` is the adapter's current setup context. */
export function createSession(options: WalletConnectAdapterOptions, context: () => AdapterContext | undefined): Session {
  const timers = options.timers ?? defaultTimers
  const attempts = Math.max(1, options.pairingAttempts ?? 3)
  const ctxRef = {
    get current() {
      return context()
    },
  }
  let clientPromise: Promise<Client> | undefined
  let client: Client | undefined
  /** Detaches this engine's session listeners from the (shared) client. */
  let stopListening: (() => void) | undefined
  let session: SessionTypes.Struct | undefined
  /** The chain each namespace of the session is on (CAIP-2). */
  const current = new Map<string, string>()
  /** Accounts a wallet reported through events since the session (or its last update) arrived. */
  const reported = new Map<string, string[]>()
  /** Session events that arrived before a session was picked, by topic (see onEvent). */
  const early = new Map<string, SignClientTypes.EventArguments['session_event']['params'][]>()
  /** Restores under way or being applied by the app (events meanwhile are kept in `early`). */
  let restoring = 0
  /** A session_update arrived while the app was applying a restored session. */
  let updatedWhileRestoring = false
  /** Cancels the pairing in progress (a newer connect supersedes it). */
  let cancelPending: ((reason: unknown) => void) | undefined

  const networks = (): readonly CaipNetwork[] => {
    const all = context()?.allNetworks ?? context()?.networks ?? []
    const only = options.namespaces
    return only ? all.filter((n) => only.includes(n.chainNamespace)) : all
  }

  /** What the wallet shows of the dapp: the adapter's metadata, else the app's (createPortico's `metadata`), else 'Portico'. */
  const metadata = (): SignClientTypes.Metadata => {
    if (options.metadata) return options.metadata
    const app = context()?.metadata
    if (app) return { name: app.name, description: app.description, url: app.url, icons: [...app.icons] }
    return {
      name: 'Portico',
      description: 'Portico',
      url: typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1',
      icons: [],
    }
  }

  function loadClient(): Promise<Client> {
    clientPromise ??= (async () => {
      const c = await sharedClient(options, context, metadata)
      // A destroyed instance closed the relay socket and stopped the heartbeat: this one reopens them
      // (the socket resubscribes to the stored sessions' topics).
      if (released.has(c)) {
        await c.core.relayer.transportOpen()
        await c.core.heartbeat.init()
        released.delete(c)
      }
      stopListening = listen(c)
      client = c
      return c
    })().catch((error: unknown) => {
      clientPromise = undefined
      throw error
    })
    return clientPromise
  }

  /** Follows the client's session events; returns the function that stops. */
  function listen(c: Client): () => void {
    const ended = ({ topic }: { topic: string }) => {
      if (topic !== session?.topic) return
      forget()
      ctxRef.current?.onDisconnect()
    }
    const onUpdate = ({ topic, params }: SignClientTypes.EventArguments['session_update']) => {
      if (topic !== session?.topic) return
      const updated: SessionTypes.Struct = { ...session, namespaces: params.namespaces }
      session = updated
      reported.clear()
      // A restored session the app is still applying: announced after it (see reconnect).
      if (restoring > 0) updatedWhileRestoring = true
      else announceAccounts()
    }
    const onEvent = ({ topic, params }: SignClientTypes.EventArguments['session_event']) => {
      // No session picked yet, or a restored one the app is still applying (a reload): the relay may be
      // delivering what the wallet sent while the page was closed. Kept for reconnect, which folds it
      // in, or replays it once the app has applied the restored session.
      if (!session || restoring > 0) {
        const list = early.get(topic) ?? []
        list.push(params)
        early.set(topic, list.slice(-EARLY_EVENTS_KEPT))
        return
      }
      handleEvent(topic, params)
    }
    c.on('session_delete', ended)
    c.on('session_expire', ended)
    c.on('session_update', onUpdate)
    c.on('session_event', onEvent)
    return () => {
      c.off('session_delete', ended)
      c.off('session_expire', ended)
      c.off('session_update', onUpdate)
      c.off('session_event', onEvent)
    }
  }

  /** The session's accounts (after a session_update) on each namespace's current chain reach headless. */
  function announceAccounts(): void {
    if (!session) return
    // Accounts of namespaces outside the seven never reach the view (sessionAccounts drops them).
    for (const [ns, chains] of viewOf(session).byNamespace) {
      const chain = current.get(ns) ?? [...chains.keys()][0]
      ctxRef.current?.onAccountsChanged(chain ? (chains.get(chain) ?? []) : [], ns as ChainNamespace)
    }
  }

  /** A wallet event of the current session: the account or chain change reaches headless. */
  function handleEvent(topic: string, params: SignClientTypes.EventArguments['session_event']['params']): void {
    if (topic !== session?.topic) return
    const change = eventChange(params)
    if (change?.kind === 'accounts') {
      reported.set(change.ns, change.addresses)
      ctxRef.current?.onAccountsChanged(change.addresses, change.ns)
    } else if (change?.kind === 'chain') {
      current.set(change.ns, `${change.ns}:${change.id}`)
      saveChains()
      ctxRef.current?.onChainChanged(change.id, change.ns)
    }
  }

  function forget(): void {
    session = undefined
    current.clear()
    reported.clear()
    saveChains()
  }

  /**
   * The session's chain per namespace, kept beside the session in sign-client's storage: after a reload
   * the app comes back on the chain the wallet last moved to (a chainChanged may arrive while the app
   * is on another namespace, and the app's own last network is then not that chain).
   */
  const chainsKey = `portico@wc:${options.customStoragePrefix ?? 'portico'}:chains`
  function saveChains(): void {
    const c = client
    if (!c) return
    const value = session ? { topic: session.topic, chains: Object.fromEntries(current) } : null
    void c.core.storage.setItem(chainsKey, value).catch(() => undefined)
  }
  async function loadChains(c: Client, topic: string): Promise<void> {
    const saved = storedChains.safeParse(await c.core.storage.getItem(chainsKey).catch(() => undefined))
    if (!saved.success || saved.data?.topic !== topic) return
    for (const [ns, chainId] of Object.entries(saved.data.chains)) if (chainId.startsWith(`${ns}:`)) current.set(ns, chainId)
  }

  /** The namespaces the app has networks for. */
  const configured = (): Set<string> => new Set(networks().map((n) => n.chainNamespace))

  /**
   * The session as a ConnectResult. Its main account is in `preferred`'s namespace when the session
   * has an account there, else in the first approved namespace the app has networks for (eip155
   * first); every other namespace comes back in `namespaces`.
   */
  function resultOf(s: SessionTypes.Struct, preferred?: CaipNetwork, restored = false): ConnectResult {
    const view = viewOf(s)
    const parts: Partial<Record<ChainNamespace, NamespaceAccounts>> = {}
    for (const ns of WC_NAMESPACES) {
      const chains = view.byNamespace.get(ns)
      if (!chains?.size) continue
      const last = current.get(ns)
      const kept = last && chains.has(last) ? last : undefined
      const asked = preferred?.chainNamespace === ns && chains.has(preferred.caipNetworkId) ? preferred.caipNetworkId : undefined
      // A restored session stays on the chain it was on (the wallet's last chainChanged, the last switch);
      // a new one starts on the chain the app asks for.
      const pick = (restored ? (kept ?? asked) : (asked ?? kept)) ?? chains.keys().next().value
      if (pick === undefined) continue
      current.set(ns, pick)
      // Accounts the wallet reported by event since (a reload's backlog) come before the stored ones.
      const reportedAccounts = reported.get(ns)
      const accounts = reportedAccounts?.length ? reportedAccounts : (chains.get(pick) ?? [])
      const [address] = accounts
      if (address === undefined) continue
      parts[ns] = { address, chainId: chainIdValue(ns, pick), accounts }
    }
    const usable = WC_NAMESPACES.filter((ns) => parts[ns] && configured().has(ns))
    const main =
      preferred && usable.includes(preferred.chainNamespace as (typeof WC_NAMESPACES)[number]) ? preferred.chainNamespace : usable[0]
    if (!main) throw new PorticoError(ERRORS.failedToConnect)
    const { [main]: top, ...others } = parts
    if (!top) throw new PorticoError(ERRORS.failedToConnect)
    // The wallet's own name and icon (session metadata), shown instead of 'WalletConnect'.
    const wallet = peerWallet(s.peer?.metadata)
    return { ...top, ...(main === 'eip155' ? {} : { namespace: main }), namespaces: others, ...(wallet ? { wallet } : {}) }
  }

  /** Whether a stored session has an account in a namespace the app configured. */
  const usableSession = (s: SessionTypes.Struct): boolean => {
    const wanted = configured()
    return [...viewOf(s).byNamespace.keys()].some((ns) => wanted.has(ns))
  }

  function need(): { c: Client; s: SessionTypes.Struct } {
    if (!client || !session) throw new PorticoError(ERRORS.noAccount)
    return { c: client, s: session }
  }

  async function request<T>(chainId: string, method: string, params: unknown): Promise<T> {
    const { c, s } = need()
    try {
      return await c.request<T>({ topic: s.topic, chainId, request: { method, params } })
    } catch (error) {
      throw requestError(error)
    }
  }

  /**
   * The session namespace holding `address` (the account headless asks for) and the chain to use
   * there: the namespace's current chain, else the first chain listing the address.
   */
  function locate(s: SessionTypes.Struct, address: string): { ns: ChainNamespace; chainId: string } {
    const view = viewOf(s)
    const chainFor = (ns: string, chains?: Map<string, string[]>) => current.get(ns) ?? [...(chains?.keys() ?? [])][0]
    for (const [ns, list] of reported) {
      const chainId = chainFor(ns, view.byNamespace.get(ns))
      if (chainId && list.some((a) => sameAddress(a, address))) return { ns: ns as ChainNamespace, chainId }
    }
    for (const [ns, chains] of view.byNamespace) {
      for (const [chainId, list] of chains) {
        if (list.some((a) => sameAddress(a, address))) return { ns: ns as ChainNamespace, chainId: current.get(ns) ?? chainId }
      }
    }
    throw new PorticoError(ERRORS.noAccount)
  }

  /** Whether the session approved `method` in namespace `ns` (keys 'ns' or 'ns:reference'). */
  const approved = (s: SessionTypes.Struct, ns: string, method: string): boolean =>
    Object.entries(s.namespaces).some(([key, value]) => (key === ns || key.startsWith(`${ns}:`)) && (value.methods ?? []).includes(method))

  /** A request in one namespace; a method the wallet did not approve is refused before it is sent. */
  async function call(chainId: string, method: string, params: unknown): Promise<unknown> {
    const { s } = need()
    const [ns = ''] = chainId.split(':')
    if (!approved(s, ns, method))
      throw new PorticoError(ERRORS.rpcNotAllowed, { cause: new Error(`${method} is not approved for ${ns} in this session`) })
    return request<unknown>(chainId, method, params)
  }

  /** The app's network for a CAIP-2 chain (its RPC URL is needed to build Solana transactions). */
  const networkOf = (chainId: string): CaipNetwork => {
    const found = networks().find((n) => n.caipNetworkId === chainId)
    if (!found) throw new PorticoError(ERRORS.networkNotFound)
    return found
  }

  /** The chain to use for a call from `address`: the session namespace holding it; `network` when it is of that namespace. */
  function route(address: string, network?: CaipNetwork): { ns: ChainNamespace; chainId: string } {
    const { s } = need()
    const located = locate(s, address)
    return { ns: located.ns, chainId: network?.chainNamespace === located.ns ? network.caipNetworkId : located.chainId }
  }

  /** The eip155 chain of `address`, or 'Requested RPC call is not allowed' for an account of another namespace. */
  function evmRoute(address: string, network?: CaipNetwork, what = 'this call'): string {
    const { ns, chainId } = route(address, network)
    if (ns !== 'eip155') throw new PorticoError(ERRORS.rpcNotAllowed, { cause: new Error(`${what} exists on eip155 only, not on ${ns}`) })
    return chainId
  }

  /** The network whose RPC answers for a receipt: the one given, else the session's or the app's current eip155 one. */
  function receiptNetwork(network?: CaipNetwork): CaipNetwork {
    if (network) return network
    const chain = current.get('eip155') ?? ctxRef.current?.getActiveNetwork()?.caipNetworkId
    const found = chain ? networks().find((n) => n.caipNetworkId === chain) : undefined
    if (!found) throw new PorticoError(ERRORS.networkNotFound)
    return found
  }

  /** Drops an unused pairing from sign-client (best effort). */
  const dropPairing = (c: Client, uri: string | undefined) => {
    const topic = uri ? /^wc:([0-9a-f]+)@/i.exec(uri)?.[1] : undefined
    if (topic) void c.core.pairing.disconnect({ topic }).catch(() => undefined)
  }

  /** reconnect's work: the newest live stored session the app can use, with its chains and the relay's backlog. */
  async function restore(network?: CaipNetwork): Promise<ConnectResult | null> {
    const c = await loadClient()
    const now = Math.floor(timers.now() / 1000)
    const live = c.session
      .getAll()
      .filter((s) => s.acknowledged && s.expiry > now)
      .sort((a, b) => b.expiry - a.expiry)
    const found = live.find(usableSession)
    if (!found) {
      early.clear()
      return null
    }
    current.clear()
    reported.clear()
    // Still no session while the stored chains load: events arriving meanwhile are kept as early.
    await loadChains(c, found.topic)
    // Re-read: a session_update from the backlog may have changed the stored namespaces meanwhile.
    const picked = c.session.getAll().find((s) => s.topic === found.topic) ?? found
    session = picked
    // What the wallet sent while the page was closed (and the relay delivered before now) is newer
    // than the stored session: its chain and account changes win.
    for (const params of early.get(picked.topic) ?? []) {
      const change = eventChange(params)
      if (change?.kind === 'chain') current.set(change.ns, `${change.ns}:${change.id}`)
      else if (change?.kind === 'accounts') reported.set(change.ns, change.addresses)
    }
    early.clear()
    const result = resultOf(picked, network, true)
    saveChains()
    return result
  }

  const lifecycle: SessionLifecycle = {
    destroy() {
      cancelPending?.(new PorticoError(ERRORS.modalClosed))
      // Close the relay socket; the stored session stays for the next instance (which reopens the
      // socket of this same client, see sharedClient) or page load.
      const c = client
      client = undefined
      clientPromise = undefined
      stopListening?.()
      stopListening = undefined
      if (c) {
        released.add(c)
        c.core.heartbeat.stop()
        void c.core.relayer.transportClose().catch(() => undefined)
      }
    },

    async connect({ connectorId, network, signal }) {
      cancelPending?.(new PorticoError(ERRORS.modalClosed))
      if (signal?.aborted) throw signal.reason
      const c = await loadClient()
      if (signal?.aborted) throw signal.reason
      const requested = optionalNamespaces(networks(), network)
      if (!Object.keys(requested).length) throw new PorticoError(ERRORS.failedToConnect)

      return new Promise<ConnectResult>((resolve, reject) => {
        let generation = 0
        let done = false
        let timer: unknown
        let uri: string | undefined

        const finish = () => {
          done = true
          generation++
          if (timer !== undefined) timers.clearTimeout(timer as never)
          timer = undefined
          signal?.removeEventListener('abort', onAbort)
          if (cancelPending === cancel) cancelPending = undefined
          ctxRef.current?.emit(connectorId, { kind: 'pairingUri', uri: undefined })
        }
        const cancel = (reason: unknown) => {
          if (done) return
          const last = uri
          finish()
          dropPairing(c, last)
          reject(reason)
        }
        const onAbort = () => cancel(signal?.reason ?? new PorticoError(ERRORS.modalClosed))
        signal?.addEventListener('abort', onAbort)
        cancelPending = cancel

        const attempt = async (tries: number): Promise<void> => {
          const mine = ++generation
          const previous = uri
          try {
            const pairing = await c.connect({ optionalNamespaces: requested })
            if (done || mine !== generation) return
            if (!pairing.uri) throw new PorticoError(ERRORS.failedToConnect)
            uri = pairing.uri
            if (previous) dropPairing(c, previous)
            ctxRef.current?.emit(connectorId, { kind: 'pairingUri', uri })
            // Refresh with a new URI once this one counts as expired (≤ 10 s of its 4 min left).
            const now = timers.now()
            const expiresAt = pairingExpiresAt(now, uriExpiresAt(uri))
            timer = timers.setTimeout(
              () => {
                timer = undefined
                if (!done && mine === generation) void attempt(0)
              },
              pairingRefreshDelay(expiresAt, now),
            )
            pairing.approval().then(
              async (s) => {
                if (done || mine !== generation) return
                finish()
                const previous = session
                session = s
                current.clear()
                reported.clear()
                early.clear()
                let result: ConnectResult
                try {
                  result = resultOf(s, network)
                } catch (error) {
                  reject(error)
                  return
                }
                saveChains()
                // Another wallet (or a new pairing) replaced the session: end the old one, or its wallet
                // would still show the app as connected while the app only follows the new session.
                if (previous && previous.topic !== s.topic)
                  await c
                    .disconnect({ topic: previous.topic, reason: { code: 6000, message: 'User disconnected.' } })
                    .catch(() => undefined)
                resolve(result)
              },
              (error: unknown) => {
                if (done || mine !== generation) return
                finish()
                reject(isRejection(error) ? rejected(error) : new PorticoError(ERRORS.failedToConnect, { cause: error }))
              },
            )
          } catch (error) {
            if (done || mine !== generation) return
            if (tries + 1 < attempts) {
              timer = timers.setTimeout(() => {
                timer = undefined
                if (!done) void attempt(tries + 1)
              }, PAIRING_RETRY_MS)
            } else {
              finish()
              reject(new PorticoError(ERRORS.failedToConnect, { cause: error }))
            }
          }
        }
        void attempt(0)
      })
    },

    async reconnect({ network }) {
      restoring++
      try {
        return await restore(network)
      } finally {
        // Headless applies the result in the promise callbacks of this turn; events that came meanwhile
        // (they would have been overwritten by the result) are replayed after it, on the next task.
        setTimeout(() => {
          restoring--
          if (restoring > 0) return
          const topic = session?.topic
          const backlog = topic ? (early.get(topic) ?? []) : []
          early.clear()
          if (updatedWhileRestoring) announceAccounts()
          updatedWhileRestoring = false
          for (const params of backlog) if (topic) handleEvent(topic, params)
        }, 0)
      }
    },

    async disconnect() {
      cancelPending?.(new PorticoError(ERRORS.modalClosed))
      const s = session
      forget()
      if (client && s)
        await client.disconnect({ topic: s.topic, reason: { code: 6000, message: 'User disconnected.' } }).catch(() => undefined)
    },

    async switchNetwork({ network }) {
      const { s } = need()
      const ns = network.chainNamespace
      const chains = viewOf(s).byNamespace.get(ns)
      if (ns === 'eip155') {
        const from = current.get('eip155') ?? network.caipNetworkId
        await request(from, 'wallet_switchEthereumChain', [{ chainId: toHexQuantity(Number(network.id)) }])
        current.set('eip155', network.caipNetworkId)
        saveChains()
        return
      }
      if (!chains?.has(network.caipNetworkId)) throw new PorticoError(ERRORS.unsupportedChain)
      current.set(ns, network.caipNetworkId)
      saveChains()
    },
  }

  return { lifecycle, networks, need, locate, route, evmRoute, call, approved, networkOf, receiptNetwork }
}
