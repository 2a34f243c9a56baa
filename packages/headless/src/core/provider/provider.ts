/**
 * The EIP-1193 provider of `portico.getProvider('eip155')` (a lazy flow: loaded on the first use of
 * a provider). Portico's state is the one truth; the provider is a view of it:
 * - accounts and chain id are read from the eip155 chain state (the account's CAIP address, else the
 *   selected network), and events are emitted when that state changes, once per change;
 * - wallet requests go through `portico.wallet` to the adapter holding the eip155 connection
 *   (injected, WalletConnect, the embedded wallet), so every connector answers the same methods;
 * - a chain switch goes through `portico.network.switchNetwork`, so the modal, the wallet and the
 *   app never disagree about the chain;
 * - reads go to the current network's RPC URL (`rpcUrls.default.http[0]`);
 * - with `preview` (getProvider's option), the requests a wallet signs wait for the user's review in
 *   the modal first (the lazy flow 'requestPreview'), unless the embedded wallet holds the connection.
 */
import type { Chain, ChainState } from '../chain/chain'
import type { ConnectionFlow } from '../connection/connection'
import { ERRORS, isUserRejection } from '../errors'
import type { Modal } from '../modal/modal'
import { AUTH_CONNECTOR_ID, type NetworkFlow } from '../network/network'
import type { PreviewedMethod, RequestPreviewFlow } from '../preview/requests'
import type { Router } from '../router/router'
import type { CaipNetwork, ChainNamespace } from '../types'
import type { GetAssetsFilter, GrantPermissionsRequest, WalletFlow } from '../wallet/wallet'
import type { Eip1193EventName, Eip1193Provider, Eip1193RequestArguments, ProviderNamespace, ProviderOptions } from './types'

/** EIP-1193 / JSON-RPC error codes the provider answers with. */
export const RPC_ERRORS = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const

/** An EIP-1193 ProviderRpcError: an Error with a numeric `code` (and `data` when the node gave some). */
export class ProviderRpcError extends Error {
  override readonly name = 'ProviderRpcError'
  readonly code: number
  readonly data?: unknown
  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    if (options.data !== undefined) this.data = options.data
  }
}

export interface ProviderDeps {
  chain: Pick<Chain, '$chains' | 'getChain' | 'findNetwork'>
  modal: Pick<Modal, '$modal' | 'open' | 'close'>
  router: Pick<Router, '$route'>
  network: Pick<NetworkFlow, 'switchNetwork'>
  connection: Pick<ConnectionFlow, 'disconnect' | 'getConnection'>
  wallet: WalletFlow
  /** The request-preview flow (loaded by the first previewed request). @default none: nothing is previewed */
  requestPreview?: () => Promise<Pick<RequestPreviewFlow, 'ask'>>
  /** JSON-RPC transport of reads (not the API client's `options.fetch`). @default globalThis.fetch, looked up at call time */
  fetch?: typeof fetch
}

/** What the eip155 state says right now: the account (when connected) and the chain id. */
interface View {
  address?: string
  chainId?: number
}

const hex = (n: number) => `0x${n.toString(16)}`
const sameAddress = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase()
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/
const QUANTITY = /^0x[0-9a-fA-F]+$/

/** Methods that only a wallet may answer and that Portico does not offer: never forwarded to a node. */
const NOT_FORWARDED = /^eth_(sign|signTransaction|signTypedData(_v1|_v3)?|subscribe|unsubscribe|decrypt|getEncryptionPublicKey)$/

/** Anything thrown on the way (PorticoError, a wallet's error, a node's error) as a ProviderRpcError. */
export function toRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const message = error instanceof Error ? error.message : String(error)
  if (isUserRejection(error)) return new ProviderRpcError(RPC_ERRORS.userRejected, ERRORS.userRejected, { cause: error })
  if (message === ERRORS.noAccount) return new ProviderRpcError(RPC_ERRORS.unauthorized, message, { cause: error })
  if (message === ERRORS.rpcNotAllowed) return new ProviderRpcError(RPC_ERRORS.unsupportedMethod, message, { cause: error })
  if (message === ERRORS.unsupportedChain) return new ProviderRpcError(RPC_ERRORS.unrecognizedChain, message, { cause: error })
  // A wallet's or node's own code, wherever the adapter nested it.
  let e: unknown = error
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, data, cause } = e as { code?: unknown; data?: unknown; cause?: unknown }
    if (typeof code === 'number') return new ProviderRpcError(code, message, { data, cause: error })
    e = cause
  }
  return new ProviderRpcError(RPC_ERRORS.internal, message, { cause: error })
}

/** The text of a personal_sign message: hex bytes decoded as UTF-8 (the adapters sign its UTF-8 bytes again). */
function messageText(raw: unknown): string {
  if (typeof raw !== 'string') throw new ProviderRpcError(RPC_ERRORS.invalidParams, 'personal_sign expects [message, address]')
  if (!HEX_BYTES.test(raw)) return raw
  const bytes = new Uint8Array((raw.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(raw.slice(2 + 2 * i, 4 + 2 * i), 16)
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    throw new ProviderRpcError(RPC_ERRORS.unsupportedMethod, 'personal_sign: only UTF-8 text messages can be signed through Portico')
  }
}

/** A hex quantity param as a bigint (undefined when absent). */
function quantity(value: unknown, name: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' && QUANTITY.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw new ProviderRpcError(RPC_ERRORS.invalidParams, `${name} must be a hex quantity`)
}

const list = (params: Eip1193RequestArguments['params']): unknown[] =>
  Array.isArray(params) ? params : params === undefined ? [] : [params]

/** The chain states as `chain.$chains` held them at some moment. */
export type ChainsSnapshot = Partial<Record<ChainNamespace, ChainState>>

export function createProviders(deps: ProviderDeps) {
  const made = new Map<string, Eip1193Provider>()
  return {
    /**
     * The provider of a namespace (one per instance, namespace and option value). `since`: Portico's
     * chain states when the app asked for the provider (`getProvider`), before this module loaded:
     * changes made while it loaded are announced too. @default the states now
     */
    get(namespace: ProviderNamespace, since?: ChainsSnapshot, options: ProviderOptions = {}): Eip1193Provider {
      const key = options.preview ? `${namespace}+preview` : namespace
      let provider = made.get(key)
      if (!provider) {
        provider = createEip155Provider(deps, since, options.preview === true)
        made.set(key, provider)
      }
      return provider
    },
  }
}

export type ProviderFlow = ReturnType<typeof createProviders>

function createEip155Provider(deps: ProviderDeps, since: ChainsSnapshot | undefined, preview: boolean): Eip1193Provider {
  const { chain, modal, wallet } = deps
  const NS = 'eip155' as const
  const opts = { namespace: NS }

  /**
   * A wallet call, after the user's review when this provider previews and the connection is a wallet
   * the user brought (the embedded wallet's frame confirms on its own). Without preview: `send()` now.
   */
  function reviewed<T>(method: PreviewedMethod, params: readonly unknown[], send: () => Promise<T>): Promise<T> {
    const load = deps.requestPreview
    if (!preview || !load || deps.connection.getConnection(NS)?.connectorId === AUTH_CONNECTOR_ID) return send()
    const asked = view()
    // What the user reviewed is what is sent: an account or chain changed meanwhile refuses it.
    const unchanged = (): Promise<T> => {
      const now = view()
      if (now.address !== asked.address)
        return Promise.reject(
          new ProviderRpcError(RPC_ERRORS.unauthorized, 'The account changed during the review: the request was not sent'),
        )
      if (now.chainId !== asked.chainId)
        return Promise.reject(
          new ProviderRpcError(RPC_ERRORS.chainDisconnected, 'The chain changed during the review: the request was not sent'),
        )
      return send()
    }
    return load().then((flow) => flow.ask({ method, params }, unchanged) as Promise<T>)
  }

  /** The eip155 account (when connected) and chain: the wallet's chain from the CAIP address, else the selected network. */
  function view(chains?: ChainsSnapshot): View {
    const state = chains ? chains[NS] : chain.getChain(NS)
    const caip = state?.accountState.caipAddress
    if (caip) {
      const [, ref, address] = caip.split(':')
      return { address, chainId: Number(ref) }
    }
    const id = state?.networkState.caipNetwork?.id
    return { chainId: id === undefined ? undefined : Number(id) }
  }

  const account = (): string => {
    const { address } = view()
    if (!address) throw new ProviderRpcError(RPC_ERRORS.unauthorized, ERRORS.noAccount)
    return address
  }
  /** The account named by a request must be the connected one (4100 otherwise). */
  const check = (address: unknown): string => {
    const own = account()
    if (address !== undefined && !sameAddress(address, own))
      throw new ProviderRpcError(RPC_ERRORS.unauthorized, `${String(address)} is not the connected account`)
    return own
  }
  const currentNetwork = (): CaipNetwork | undefined => {
    const { chainId } = view()
    return chainId === undefined ? undefined : chain.findNetwork(NS, chainId)
  }
  /** A chainId param must be the current chain (4901 otherwise). */
  const onCurrentChain = (value: unknown): void => {
    const id = quantity(value, 'chainId')
    const { chainId } = view()
    if (id !== undefined && Number(id) !== chainId)
      throw new ProviderRpcError(
        RPC_ERRORS.chainDisconnected,
        `chainId ${hex(Number(id))} is not the connected chain ${chainId === undefined ? 'none' : hex(chainId)}`,
      )
  }

  // ---- events --------------------------------------------------------------------------------

  const listeners = new Map<string, Set<(...args: never[]) => void>>()
  const emit = (event: Eip1193EventName, arg: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as (a: unknown) => void)(arg)
      } catch (error) {
        console.error(`[portico] ${event} listener threw`, error)
      }
    }
  }
  let last = view(since)
  let queued = false
  /**
   * Compare Portico's state with what was last announced and emit the differences. Runs in a
   * microtask after a change, so the steps of one action (network, then account) are announced
   * once, in their final state, and wallet calls made from a listener already find the connection.
   */
  function flush(): void {
    queued = false
    const now = view()
    const before = last
    last = now
    if (now.chainId !== before.chainId && now.chainId !== undefined) emit('chainChanged', hex(now.chainId))
    if (now.address === before.address) return
    if (!now.address) {
      emit('accountsChanged', [])
      emit('disconnect', new ProviderRpcError(RPC_ERRORS.disconnected, 'Disconnected'))
      return
    }
    if (!before.address && now.chainId !== undefined) emit('connect', { chainId: hex(now.chainId) })
    emit('accountsChanged', [now.address])
  }
  chain.$chains.listen(() => {
    if (queued) return
    queued = true
    queueMicrotask(flush)
  })
  // What changed while this module loaded, once the listeners added meanwhile are in place (they are
  // added by the microtasks that follow the load).
  if (since) {
    queued = true
    setTimeout(flush, 0)
  }

  // ---- eth_requestAccounts -------------------------------------------------------------------

  let connecting: Promise<string[]> | undefined
  /**
   * Not connected: open the modal (eip155) and wait. Resolves with the account once Portico connects
   * (and closes the modal it opened when it shows the Account view); rejects with 4001 when the
   * modal closes without a connection. Concurrent calls share one wait.
   */
  function requestAccounts(): Promise<string[]> {
    const { address } = view()
    if (address) return Promise.resolve([address])
    connecting ??= new Promise<string[]>((resolve, reject) => {
      let opened = false
      const done = () => {
        offChains()
        offModal()
        connecting = undefined
      }
      const settle = () => {
        const now = view().address
        if (now) {
          done()
          // After the connect's own routing (Account, or UnsupportedChain which stays open).
          queueMicrotask(() => {
            if (modal.$modal.get().open && deps.router.$route.get().view === 'Account') modal.close()
          })
          resolve([now])
        } else if (opened && !modal.$modal.get().open) {
          done()
          reject(new ProviderRpcError(RPC_ERRORS.userRejected, ERRORS.userRejected))
        }
      }
      const offChains = chain.$chains.listen(settle)
      const offModal = modal.$modal.listen(settle)
      modal.open({ namespace: NS }).then(
        () => {
          opened = true
          settle()
        },
        (error) => {
          done()
          reject(toRpcError(error))
        },
      )
    })
    return connecting
  }

  // ---- requests ------------------------------------------------------------------------------

  let rpcId = 0
  /** A read on the current network's node. */
  async function forward(method: string, params: unknown): Promise<unknown> {
    const network = currentNetwork()
    const url = network?.rpcUrls.default.http[0]
    if (!url)
      throw new ProviderRpcError(
        RPC_ERRORS.chainDisconnected,
        `No RPC URL for chain ${view().chainId ?? 'none'}: add the network to createPortico's networks`,
      )
    const doFetch = deps.fetch ?? globalThis.fetch
    let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
    try {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
      })
      if (!res.ok) throw new Error(`HTTP status code: ${res.status}`)
      body = (await res.json()) as typeof body
    } catch (error) {
      throw new ProviderRpcError(RPC_ERRORS.internal, `RPC request failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      })
    }
    if (body.error) {
      const { code, message, data } = body.error
      throw new ProviderRpcError(typeof code === 'number' ? code : RPC_ERRORS.internal, String(message ?? 'RPC error'), { data })
    }
    return body.result ?? null
  }

  async function switchChain(raw: unknown, unknownCode: number): Promise<null> {
    const id = quantity((raw as { chainId?: unknown } | undefined)?.chainId, 'chainId')
    if (id === undefined) throw new ProviderRpcError(RPC_ERRORS.invalidParams, 'chainId is required')
    const target = chain.findNetwork(NS, Number(id))
    if (!target)
      throw new ProviderRpcError(unknownCode, `Unrecognized chain ID "${hex(Number(id))}": it is not one of createPortico's networks`)
    if (view().chainId !== Number(id)) await deps.network.switchNetwork(target)
    return null
  }

  async function sendTransaction(method: 'eth_sendTransaction' | 'wallet_sendTransaction', params: unknown[]): Promise<string> {
    const tx = params[0] as Record<string, unknown> | undefined
    if (!tx || typeof tx !== 'object') throw new ProviderRpcError(RPC_ERRORS.invalidParams, 'eth_sendTransaction expects [transaction]')
    check(tx.from)
    onCurrentChain(tx.chainId)
    if (typeof tx.to !== 'string')
      throw new ProviderRpcError(
        RPC_ERRORS.unsupportedMethod,
        'A transaction without `to` (a contract deployment) cannot be sent through Portico',
      )
    const data = tx.data ?? tx.input
    if (data !== undefined && (typeof data !== 'string' || !HEX_BYTES.test(data)))
      throw new ProviderRpcError(RPC_ERRORS.invalidParams, 'data must be hex')
    const request = {
      to: tx.to,
      value: quantity(tx.value, 'value'),
      data: data as `0x${string}` | undefined,
      gas: quantity(tx.gas, 'gas'),
      gasPrice: quantity(tx.gasPrice, 'gasPrice'),
    }
    return reviewed(method, params, () => wallet.sendTransaction({ ...request, network: currentNetwork() }, opts))
  }

  async function signTypedData(params: unknown[]): Promise<string> {
    const [address, raw] = params
    check(address)
    let data: { domain?: unknown; types?: unknown; primaryType?: unknown; message?: unknown }
    try {
      data = typeof raw === 'string' ? JSON.parse(raw) : (raw as typeof data)
    } catch {
      throw new ProviderRpcError(RPC_ERRORS.invalidParams, 'typed data is not valid JSON')
    }
    if (!data || typeof data !== 'object' || typeof data.primaryType !== 'string' || !data.types || typeof data.types !== 'object')
      throw new ProviderRpcError(RPC_ERRORS.invalidParams, 'typed data needs types, primaryType, domain and message')
    const typed = {
      domain: (data.domain ?? {}) as Record<string, unknown>,
      types: data.types as Record<string, { name: string; type: string }[]>,
      primaryType: data.primaryType,
      message: (data.message ?? {}) as Record<string, unknown>,
    }
    return reviewed('eth_signTypedData_v4', params, () => wallet.signTypedData(typed, opts))
  }

  async function sendCalls(params: unknown[]): Promise<{ id: string }> {
    const request = params[0] as { from?: unknown; chainId?: unknown; calls?: unknown; capabilities?: unknown } | undefined
    if (!request || typeof request !== 'object' || !Array.isArray(request.calls))
      throw new ProviderRpcError(RPC_ERRORS.invalidParams, 'wallet_sendCalls expects [{ calls }]')
    check(request.from)
    onCurrentChain(request.chainId)
    const calls = request.calls.map((c: { to?: unknown; data?: unknown; value?: unknown }) => {
      const value = quantity(c.value, 'value')
      return {
        to: c.to as `0x${string}`,
        ...(c.data === undefined ? {} : { data: c.data as `0x${string}` }),
        ...(value === undefined ? {} : { value: `0x${value.toString(16)}` }),
      }
    })
    const capabilities = (request.capabilities ?? {}) as Record<string, unknown>
    const { id } = await reviewed('wallet_sendCalls', params, () =>
      wallet.sendCalls({ calls, capabilities, network: currentNetwork() }, opts),
    )
    return { id }
  }

  /** wallet_getCallsStatus as EIP-5792 v2 answers it; receipts completed from the node (logs, gas used, block hash). */
  async function callsStatus(params: unknown[]): Promise<Record<string, unknown>> {
    const [id] = params
    if (typeof id !== 'string') throw new ProviderRpcError(RPC_ERRORS.invalidParams, 'wallet_getCallsStatus expects [id]')
    const status = await wallet.getCallsStatus(id, opts)
    const receipts = await Promise.all(
      (status.receipts ?? []).map(async (r) => {
        const full = (await forward('eth_getTransactionReceipt', [r.transactionHash]).catch(() => null)) as Record<string, unknown> | null
        return full
          ? {
              logs: full.logs,
              status: full.status,
              blockHash: full.blockHash,
              blockNumber: full.blockNumber,
              gasUsed: full.gasUsed,
              transactionHash: full.transactionHash,
            }
          : r
      }),
    )
    const { chainId } = view()
    return {
      version: '2.0.0',
      id: status.id,
      chainId: chainId === undefined ? undefined : hex(chainId),
      status: status.status,
      atomic: false,
      receipts,
    }
  }

  function permissions(): unknown[] {
    const { address } = view()
    return address ? [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [address] }] }] : []
  }

  async function request({ method, params }: Eip1193RequestArguments): Promise<unknown> {
    if (typeof method !== 'string') throw new ProviderRpcError(RPC_ERRORS.invalidParams, 'method must be a string')
    const args = list(params)
    switch (method) {
      case 'eth_accounts': {
        const { address } = view()
        return address ? [address] : []
      }
      case 'eth_requestAccounts':
        return requestAccounts()
      case 'eth_coinbase':
        return view().address ?? null
      case 'eth_chainId': {
        const { chainId } = view()
        if (chainId === undefined) throw new ProviderRpcError(RPC_ERRORS.disconnected, 'No eip155 network: add one to createPortico')
        return hex(chainId)
      }
      case 'net_version': {
        const { chainId } = view()
        if (chainId === undefined) throw new ProviderRpcError(RPC_ERRORS.disconnected, 'No eip155 network: add one to createPortico')
        return String(chainId)
      }
      case 'wallet_switchEthereumChain':
        return switchChain(args[0], RPC_ERRORS.unrecognizedChain)
      case 'wallet_addEthereumChain':
        // Portico's networks are the app's configuration: a known one is switched to, others are refused.
        return switchChain(args[0], RPC_ERRORS.unsupportedMethod)
      case 'personal_sign': {
        const [a, b] = args
        // Canonical order is [message, address]; some apps send [address, message].
        const swapped = typeof a === 'string' && typeof b === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a) && !/^0x[0-9a-fA-F]{40}$/.test(b)
        const [message, address] = swapped ? [b, a] : [a, b]
        check(address)
        const text = messageText(message)
        return reviewed('personal_sign', [message, address], () => wallet.signMessage(text, opts))
      }
      case 'eth_sendTransaction':
      case 'wallet_sendTransaction':
        return sendTransaction(method, args)
      case 'eth_signTypedData_v4':
        return signTypedData(args)
      case 'wallet_sendCalls':
        return sendCalls(args)
      case 'wallet_getCallsStatus':
        return callsStatus(args)
      case 'wallet_getCapabilities': {
        check(args[0])
        const all = await wallet.getCapabilities(opts)
        const wanted = Array.isArray(args[1]) ? (args[1] as unknown[]).map((c) => String(c).toLowerCase()) : undefined
        return wanted ? Object.fromEntries(Object.entries(all).filter(([id]) => wanted.includes(id.toLowerCase()))) : all
      }
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_requestPermissions':
        await requestAccounts()
        return permissions()
      case 'wallet_revokePermissions': {
        // ERC-7715 (a grant's context) goes to the wallet; EIP-2255 (eth_accounts) disconnects.
        const grant = args[0] as { context?: unknown; pci?: unknown } | undefined
        const context = grant?.context ?? grant?.pci
        if (typeof context === 'string') return wallet.revokePermissions({ context }, opts).then(() => ({}))
        await deps.connection.disconnect({ namespace: NS })
        return null
      }
      case 'wallet_grantPermissions':
        return wallet.grantPermissions(args[0] as GrantPermissionsRequest, opts)
      case 'wallet_getAssets': {
        const { account, ...filter } = (args[0] ?? {}) as { account?: unknown } & GetAssetsFilter
        check(account)
        return wallet.getAssets(filter, opts)
      }
    }
    if (/^(eth_|net_|web3_)/.test(method) && !NOT_FORWARDED.test(method)) return forward(method, params)
    throw new ProviderRpcError(RPC_ERRORS.unsupportedMethod, `The method ${method} is not supported by Portico's provider`)
  }

  const provider: Eip1193Provider = {
    request: (args) =>
      request(args).catch((error: unknown) => {
        throw toRpcError(error)
      }),
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener as never)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as never)
      return provider
    },
  }
  return provider
}
