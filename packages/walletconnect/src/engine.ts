/**
 * The WalletConnect engine: pairing, session, events and requests over @walletconnect/sign-client.
 * This module is loaded with import() by the adapter the first time it is needed, and it loads
 * sign-client itself (another import()) only when a pairing starts or a stored session is restored.
 */
import type { AdapterContext, CaipNetwork, ChainAdapter, ChainNamespace, ConnectResult, NamespaceAccounts, Timers } from '@portico/headless'
import { ERRORS, PAIRING_RETRY_MS, pairingExpiresAt, pairingRefreshDelay, PorticoError, USER_REJECTED_CODE, uriExpiresAt } from '@portico/headless'
import type { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import type { WalletConnectAdapterOptions } from './adapter'
import { isLoopback } from './loopback'
import { base58Encode, base64Encode, solanaTransferTransaction, utf8 } from './codec'
import { formatUnits, parseEvmChainId, toHexQuantity, utf8ToHex } from './hex'
import { optionalNamespaces, parseCaipAccount, WC_NAMESPACES } from './namespaces'

type Client = InstanceType<typeof SignClient>

const defaultTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as never),
}

/** Wallet-side refusals (WalletConnect 5000–5002 'User rejected…', EIP-1193 4001). */
function isRejection(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (code === USER_REJECTED_CODE || code === 5000 || code === 5001 || code === 5002) return true
  return typeof message === 'string' && /rejected/i.test(message)
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
    for (const raw of ns.accounts) {
      const account = parseCaipAccount(raw)
      if (!account) continue
      const chains = byNamespace.get(account.namespace) ?? new Map<string, string[]>()
      const list = chains.get(account.chainId) ?? []
      if (!list.includes(account.address)) list.push(account.address)
      chains.set(account.chainId, list)
      byNamespace.set(account.namespace, chains)
    }
  }
  return { byNamespace }
}

/**
 * Addresses in an accountsChanged / bip122_addressesChanged payload: CAIP-10 or plain strings, or
 * objects with `address` (WalletConnect Bitcoin) or `pubkey` (Solana).
 */
function addressesOf(data: readonly unknown[]): string[] {
  const out: string[] = []
  for (const item of data) {
    const raw =
      typeof item === 'string'
        ? item
        : item && typeof item === 'object'
          ? ((item as { address?: unknown }).address ?? (item as { pubkey?: unknown }).pubkey)
          : undefined
    if (typeof raw !== 'string' || !raw) continue
    const address = parseCaipAccount(raw)?.address ?? raw
    if (!out.includes(address)) out.push(address)
  }
  return out
}

/** Hex addresses (eip155, sui) compare case-insensitively. */
const sameAddress = (a: string, b: string) => a === b || (a.startsWith('0x') && a.toLowerCase() === b.toLowerCase())

/** A string field of a wallet's JSON-RPC result (`path` empty: the result itself). */
function stringField(result: unknown, ...path: string[]): string {
  let value: unknown = result
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  if (typeof value !== 'string' || !value) throw new PorticoError(ERRORS.frameGeneric, { cause: result })
  return value
}

/**
 * The ADR-036 sign doc Cosmos wallets sign for an arbitrary message (Keplr's signArbitrary, sent as
 * cosmos_signAmino): no chain id, account number 0, one MsgSignData with the base64 data.
 */
export function adr036SignDoc(signer: string, message: string) {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] as never[] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: base64Encode(utf8(message)) } }],
    memo: '',
  }
}

const refOf = (chainId: string) => chainId.slice(chainId.indexOf(':') + 1)
const chainIdValue = (ns: string, chainId: string): number | string => (ns === 'eip155' ? Number(refOf(chainId)) : refOf(chainId))

/** What the adapter forwards to once loaded: the ChainAdapter methods plus clean-up. */
export type WalletConnectEngine = Omit<ChainAdapter, 'namespace' | 'namespaces' | 'setup'> & { destroy(): void }

/** The engine behind walletConnectAdapter; `context()` is the adapter's current setup context. */
export function createEngine(options: WalletConnectAdapterOptions, context: () => AdapterContext | undefined): WalletConnectEngine {
  const timers = options.timers ?? defaultTimers
  const attempts = Math.max(1, options.pairingAttempts ?? 3)
  const ctxRef = { get current() { return context() } }
  let clientPromise: Promise<Client> | undefined
  let client: Client | undefined
  let session: SessionTypes.Struct | undefined
  /** The chain each namespace of the session is on (CAIP-2). */
  const current = new Map<string, string>()
  /** Accounts a wallet reported through events since the session (or its last update) arrived. */
  const reported = new Map<string, string[]>()
  /** Cancels the pairing in progress (a newer connect supersedes it). */
  let cancelPending: ((reason: unknown) => void) | undefined

  const networks = (): readonly CaipNetwork[] => {
    const all = context()?.allNetworks ?? context()?.networks ?? []
    return options.namespaces ? all.filter((n) => options.namespaces!.includes(n.chainNamespace)) : all
  }

  const metadata = (): SignClientTypes.Metadata =>
    options.metadata ?? {
      name: 'Portico',
      description: 'Portico',
      url: typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1',
      icons: [],
    }

  function loadClient(): Promise<Client> {
    clientPromise ??= (async () => {
      const SignClient = options.loadSignClient ? await options.loadSignClient() : (await import('@walletconnect/sign-client')).SignClient
      const c = await SignClient.init({
        projectId: options.projectId ?? context()?.projectId ?? '',
        relayUrl: options.relayUrl,
        metadata: metadata(),
        customStoragePrefix: options.customStoragePrefix ?? 'portico',
        ...(options.storageOptions ? { storageOptions: options.storageOptions } : {}),
        telemetryEnabled: false,
        logger: 'silent',
      })
      if (!(options.verify ?? !isLoopback(options.relayUrl))) {
        // No attestation: sign-client would otherwise load verify.walletconnect.org in an iframe.
        c.core.verify.register = async () => ''
      }
      listen(c)
      client = c
      return c
    })().catch((error: unknown) => {
      clientPromise = undefined
      throw error
    })
    return clientPromise
  }

  function listen(c: Client): void {
    const ended = ({ topic }: { topic: string }) => {
      if (topic !== session?.topic) return
      forget()
      ctxRef.current?.onDisconnect()
    }
    c.on('session_delete', ended)
    c.on('session_expire', ended)
    c.on('session_update', ({ topic, params }) => {
      if (topic !== session?.topic) return
      const updated: SessionTypes.Struct = { ...session, namespaces: params.namespaces }
      session = updated
      reported.clear()
      const view = viewOf(updated)
      for (const [ns, chains] of view.byNamespace) {
        const chain = current.get(ns) ?? [...chains.keys()][0]
        ctxRef.current?.onAccountsChanged(chain ? chains.get(chain) ?? [] : [], ns as ChainNamespace)
      }
    })
    c.on('session_event', ({ topic, params }) => {
      if (topic !== session?.topic) return
      const ns = params.chainId.split(':')[0] as ChainNamespace
      const { name, data } = params.event as { name: string; data: unknown }
      if ((name === 'accountsChanged' || name === 'bip122_addressesChanged') && Array.isArray(data)) {
        const addresses = addressesOf(data)
        reported.set(ns, addresses)
        ctxRef.current?.onAccountsChanged(addresses, ns)
      } else if (name === 'chainChanged') {
        const id = ns === 'eip155' ? parseEvmChainId(data) ?? parseEvmChainId(params.chainId) : typeof data === 'string' ? refOf(data) : refOf(params.chainId)
        if (id === undefined) return
        current.set(ns, `${ns}:${id}`)
        ctxRef.current?.onChainChanged(id, ns)
      }
    })
  }

  function forget(): void {
    session = undefined
    current.clear()
    reported.clear()
  }

  /** The namespaces the app has networks for. */
  const configured = (): Set<string> => new Set(networks().map((n) => n.chainNamespace))

  /**
   * The session as a ConnectResult. Its main account is in `preferred`'s namespace when the session
   * has an account there, else in the first approved namespace the app has networks for (eip155
   * first); every other namespace comes back in `namespaces`.
   */
  function resultOf(s: SessionTypes.Struct, preferred?: CaipNetwork): ConnectResult {
    const view = viewOf(s)
    const parts: Partial<Record<ChainNamespace, NamespaceAccounts>> = {}
    for (const ns of WC_NAMESPACES) {
      const chains = view.byNamespace.get(ns)
      if (!chains?.size) continue
      const pick = preferred?.chainNamespace === ns && chains.has(preferred.caipNetworkId) ? preferred.caipNetworkId : current.get(ns) && chains.has(current.get(ns)!) ? current.get(ns)! : [...chains.keys()][0]!
      current.set(ns, pick)
      const accounts = chains.get(pick) ?? []
      parts[ns] = { address: accounts[0]!, chainId: chainIdValue(ns, pick), accounts }
    }
    const usable = WC_NAMESPACES.filter((ns) => parts[ns] && configured().has(ns))
    const main = preferred && usable.includes(preferred.chainNamespace as (typeof WC_NAMESPACES)[number]) ? preferred.chainNamespace : usable[0]
    if (!main) throw new PorticoError(ERRORS.failedToConnect)
    const { [main]: top, ...others } = parts
    return { ...top!, ...(main === 'eip155' ? {} : { namespace: main }), namespaces: others }
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
    const ns = chainId.split(':')[0]!
    if (!approved(s, ns, method)) throw new PorticoError(ERRORS.rpcNotAllowed, { cause: new Error(`${method} is not approved for ${ns} in this session`) })
    return request<unknown>(chainId, method, params)
  }

  /** The app's network for a CAIP-2 chain (its RPC URL is needed to build Solana transactions). */
  const networkOf = (chainId: string): CaipNetwork => {
    const found = networks().find((n) => n.caipNetworkId === chainId)
    if (!found) throw new PorticoError(ERRORS.networkNotFound)
    return found
  }

  async function latestBlockhash(network: CaipNetwork): Promise<string> {
    const url = network.rpcUrls.default.http[0]
    if (!url) throw new PorticoError(ERRORS.networkNotFound)
    const res = await (options.fetch ?? globalThis.fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] }),
    })
    const json = (await res.json().catch(() => undefined)) as unknown
    const blockhash = (json as { result?: { value?: { blockhash?: unknown } } } | undefined)?.result?.value?.blockhash
    if (!res.ok || typeof blockhash !== 'string') throw new PorticoError(ERRORS.createTransaction, { cause: json })
    return blockhash
  }

  /** Drops an unused pairing from sign-client (best effort). */
  const dropPairing = (c: Client, uri: string | undefined) => {
    const topic = uri ? /^wc:([0-9a-f]+)@/i.exec(uri)?.[1] : undefined
    if (topic) void c.core.pairing.disconnect({ topic }).catch(() => undefined)
  }

  return {
    destroy() {
      cancelPending?.(new PorticoError(ERRORS.modalClosed))
      // Close the relay socket; the stored session stays for the next instance / page load.
      const c = client
      client = undefined
      clientPromise = undefined
      if (c) {
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
            timer = timers.setTimeout(() => {
              timer = undefined
              if (!done && mine === generation) void attempt(0)
            }, pairingRefreshDelay(expiresAt, now))
            pairing.approval().then(
              (s) => {
                if (done || mine !== generation) return
                finish()
                session = s
                current.clear()
                try {
                  resolve(resultOf(s, network))
                } catch (error) {
                  reject(error)
                }
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
      const c = await loadClient()
      const now = Math.floor(timers.now() / 1000)
      const live = c.session
        .getAll()
        .filter((s) => s.acknowledged && s.expiry > now)
        .sort((a, b) => b.expiry - a.expiry)
      const found = live.find(usableSession)
      if (!found) return null
      session = found
      current.clear()
      return resultOf(found, network)
    },

    async disconnect() {
      cancelPending?.(new PorticoError(ERRORS.modalClosed))
      const s = session
      forget()
      if (client && s) await client.disconnect({ topic: s.topic, reason: { code: 6000, message: 'User disconnected.' } }).catch(() => undefined)
    },

    async switchNetwork({ network }) {
      const { s } = need()
      const ns = network.chainNamespace
      const chains = viewOf(s).byNamespace.get(ns)
      if (ns === 'eip155') {
        const from = current.get('eip155') ?? network.caipNetworkId
        await request(from, 'wallet_switchEthereumChain', [{ chainId: toHexQuantity(Number(network.id)) }])
        current.set('eip155', network.caipNetworkId)
        return
      }
      if (!chains?.has(network.caipNetworkId)) throw new PorticoError(ERRORS.unsupportedChain)
      current.set(ns, network.caipNetworkId)
    },

    async getBalance({ address, network }) {
      const url = network.rpcUrls.default.http[0]
      if (!url) throw new PorticoError(ERRORS.networkNotFound)
      const body =
        network.chainNamespace === 'eip155'
          ? { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }
          : network.chainNamespace === 'solana'
            ? { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }
            : undefined
      if (!body) throw new PorticoError(ERRORS.tokenBalanceUnavailable)
      const res = await (options.fetch ?? globalThis.fetch)(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      const json = (await res.json()) as { result?: unknown }
      const raw = network.chainNamespace === 'solana' ? (json.result as { value?: unknown } | undefined)?.value : json.result
      let value: bigint
      try {
        if (typeof raw !== 'string' && typeof raw !== 'number') throw new Error('no balance')
        value = BigInt(raw)
      } catch {
        throw new PorticoError(ERRORS.tokenBalanceUnavailable)
      }
      return { balance: formatUnits(value, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },

    async signMessage({ message, address }) {
      const { s } = need()
      const { ns, chainId } = locate(s, address)
      switch (ns) {
        case 'eip155':
          return stringField(await call(chainId, 'personal_sign', [utf8ToHex(message), address]))
        case 'solana':
          return stringField(await call(chainId, 'solana_signMessage', { message: base58Encode(utf8(message)), pubkey: address }), 'signature')
        case 'polkadot':
          return stringField(await call(chainId, 'polkadot_signMessage', { address, message: utf8ToHex(message) }), 'signature')
        case 'sui':
          return stringField(await call(chainId, 'sui_signPersonalMessage', { message: base64Encode(utf8(message)), address }), 'signature')
        case 'bip122':
          return stringField(await call(chainId, 'signMessage', { account: address, address, message, protocol: 'ecdsa' }), 'signature')
        case 'cosmos':
          return stringField(await call(chainId, 'cosmos_signAmino', { signerAddress: address, signDoc: adr036SignDoc(address, message) }), 'signature', 'signature')
        case 'stacks':
          return stringField(await call(chainId, 'stx_signMessage', { address, message }), 'signature')
        default:
          throw new PorticoError(ERRORS.rpcNotAllowed)
      }
    },

    async sendTransaction({ address, to, value, data, gas, gasPrice, network }) {
      const { s } = need()
      const located = locate(s, address)
      const chainId = network?.chainNamespace === located.ns ? network.caipNetworkId : located.chainId
      switch (located.ns) {
        case 'eip155': {
          const tx: Record<string, string> = { from: address, to }
          if (value !== undefined) tx.value = toHexQuantity(value)
          if (data) tx.data = data
          if (gas !== undefined) tx.gas = toHexQuantity(gas)
          if (gasPrice !== undefined) tx.gasPrice = toHexQuantity(gasPrice)
          const hash = await call(chainId, 'eth_sendTransaction', [tx])
          if (typeof hash !== 'string') throw new PorticoError(ERRORS.transactionError)
          return hash
        }
        case 'solana': {
          // A native SOL transfer; the wallet signs it and submits it to its cluster.
          if (data) throw new PorticoError(ERRORS.createTransaction)
          if (!approved(s, 'solana', 'solana_signAndSendTransaction')) throw new PorticoError(ERRORS.rpcNotAllowed)
          const rpcNetwork = network?.chainNamespace === 'solana' ? network : networkOf(chainId)
          let wire: Uint8Array
          try {
            wire = solanaTransferTransaction(address, to, value ?? 0n, await latestBlockhash(rpcNetwork))
          } catch (error) {
            throw error instanceof PorticoError ? error : new PorticoError(ERRORS.createTransaction, { cause: error })
          }
          return stringField(await call(chainId, 'solana_signAndSendTransaction', { transaction: base64Encode(wire) }), 'signature')
        }
        case 'bip122':
          return stringField(await call(chainId, 'sendTransfer', { account: address, recipientAddress: to, amount: String(value ?? 0n) }), 'txid')
        case 'stacks':
          return stringField(await call(chainId, 'stx_transferStx', { sender: address, recipient: to, amount: String(value ?? 0n) }), 'txid')
        default:
          // polkadot, cosmos, sui: sending needs chain-specific transaction building Portico does not do.
          throw new PorticoError(ERRORS.rpcNotAllowed)
      }
    },
  }
}
