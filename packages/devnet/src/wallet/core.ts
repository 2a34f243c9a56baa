// The dev wallet's brain: an EIP-1193 provider over the devnet mnemonic's accounts, with an
// approval queue instead of UI. The DOM prompt (ui.ts) and the EIP-6963 announcement (install.ts)
// sit on top; Node tests drive the queue directly. No DOM, no node: imports.
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  formatUnits,
  type Hex,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type TypedDataDefinition,
} from 'viem'
import { type HDAccount, mnemonicToAccount } from 'viem/accounts'
import {
  DISCONNECTED,
  INTERNAL_ERROR,
  invalidParams,
  ProviderRpcError,
  UNRECOGNIZED_CHAIN,
  unauthorized,
  unsupportedMethod,
  userRejected,
} from './errors.ts'
import { DEVNET_MNEMONIC } from '../constants.ts'
import {
  type CallRequest,
  capabilitiesFor,
  createCallsStore,
  describeCalls,
  parseSendCalls,
  type RpcReceipt,
  UNSUPPORTED_CHAIN_ID,
} from './calls.ts'
import { createMemoryStorage, type KeyValueStorage } from './storage.ts'

export interface DevWalletNativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface DevWalletChain {
  chainId: number
  name: string
  rpcUrl: string
  /** @default { name: 'Ether', symbol: 'ETH', decimals: 18 } */
  nativeCurrency?: DevWalletNativeCurrency
  blockExplorerUrl?: string
}

export interface DevWalletOptions {
  /** The chains the wallet knows from the start (at least one). */
  chains: readonly DevWalletChain[]
  /** @default the devnet mnemonic 'test test … junk' */
  mnemonic?: string
  /** How many accounts (address indexes 0…n-1) the wallet offers. @default 4 */
  accountCount?: number
  /** Selected account when nothing is persisted. @default 0 */
  accountIndex?: number
  /** Selected chain when nothing is persisted. @default chains[0].chainId */
  chainId?: number
  /** Approve every request without asking. @default false */
  autoApprove?: boolean
  /** Where authorisation, selected account/chain and added chains persist. @default in-memory */
  storage?: KeyValueStorage
  /** @default 'portico-devwallet' */
  storageKey?: string
  /** Forward reads / send transactions to RPC URLs that are not on loopback. @default false */
  allowNonLoopbackRpc?: boolean
}

export type PendingKind =
  | 'connect'
  | 'personalSign'
  | 'signTypedData'
  | 'sendTransaction'
  | 'sendCalls'
  | 'switchChain'
  | 'addChain'
  | 'solanaSignMessage'
  | 'solanaSignTransaction'
  | 'solanaSendTransaction'

/** A request waiting for the user: what the prompt shows. */
export interface PendingRequest {
  id: number
  kind: PendingKind
  method: string
  params: unknown
  /** One line, e.g. 'Send 1.5 ETH to 0x7099…79C8'. */
  title: string
  /** Further lines for the prompt. */
  details: string[]
}

export interface DevWalletState {
  accounts: readonly Address[]
  accountIndex: number
  address: Address
  chainId: number
  chain: DevWalletChain
  chains: readonly DevWalletChain[]
  /** Whether the page may see the accounts (eth_requestAccounts was approved). */
  authorized: boolean
  autoApprove: boolean
  pending: readonly PendingRequest[]
}

export interface RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

export type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'
// biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners take event-specific arguments
type Listener = (...args: any[]) => void

/** The EIP-1193 provider object handed to pages. */
export interface DevWalletProvider {
  readonly isPorticoDevWallet: true
  request(args: RequestArguments): Promise<unknown>
  on(event: ProviderEvent | string, listener: Listener): DevWalletProvider
  once(event: ProviderEvent | string, listener: Listener): DevWalletProvider
  removeListener(event: ProviderEvent | string, listener: Listener): DevWalletProvider
  off(event: ProviderEvent | string, listener: Listener): DevWalletProvider
}

export interface DevWalletCore {
  readonly provider: DevWalletProvider
  getState(): DevWalletState
  /** Called after every state change (account, chain, authorisation, pending queue, auto-approve). */
  subscribe(listener: (state: DevWalletState) => void): () => void
  setAutoApprove(on: boolean): void
  /** The user picks another account in the wallet. Emits accountsChanged when the page is authorised. */
  selectAccount(index: number): void
  /** The user switches chain in the wallet. Emits chainChanged. */
  switchChain(chainId: number): void
  /** Approves the oldest pending request (or the one with `id`). False when there was none. */
  approvePending(id?: number): boolean
  /** Rejects the oldest pending request (or `id`) with 4001 'User rejected the request'. */
  rejectPending(id?: number): boolean
  /** The user disconnects the site in the wallet: authorisation is dropped, accountsChanged([]). */
  revoke(): void
  /** Like revoke, and also emits EIP-1193 `disconnect` (code 4900). */
  disconnect(): void
  /**
   * Queues a request for the user (the prompt shows it) and resolves when approved; rejects with
   * 4001 when rejected, 4900 once destroyed. Resolves at once while auto-approve is on. Used by the
   * Wallet Standard (Solana) side, which shares this queue and prompt.
   */
  prompt(request: { kind: PendingKind; method: string; params?: unknown; title: string; details?: string[] }): Promise<void>
  /**
   * The JSON-RPC methods pages asked the provider, oldest first (the last REQUEST_LOG_LIMIT), e.g.
   * ['eth_chainId', 'eth_accounts']. Lets tests tell a silent reconnect (eth_accounts) from a
   * connection request (eth_requestAccounts), which an authorised wallet also answers silently.
   */
  requestLog(): readonly string[]
  /**
   * Adds a request to the log. The Wallet Standard (Solana) side logs its features this way, e.g.
   * 'standard:connect', 'standard:connect (silent)', 'solana:signMessage'.
   */
  recordRequest(method: string): void
  /** Empties the request log. */
  clearRequestLog(): void
  /** Rejects everything pending and drops all listeners. */
  destroy(): void
}

/** How many method names the request log keeps. */
export const REQUEST_LOG_LIMIT = 500

const DEFAULT_NATIVE: DevWalletNativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** JSON-RPC methods answered by the chain's node. */
const FORWARDED = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_createAccessList',
  'eth_sendRawTransaction',
  'eth_syncing',
  'net_listening',
  'web3_clientVersion',
])

export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname
    return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
  } catch {
    return false
  }
}

/**
 * Portico's one shortening rule (headless `shortenAddress`, SPEC §5): 4 leading and 6 trailing
 * characters around '…'; a hex `0x` prefix is kept and does not count: '0xf39F…b92266'.
 */
export const shortAddress = (a: string): string => {
  const prefix = /^0x/i.test(a) ? a.slice(0, 2) : ''
  const body = a.slice(prefix.length)
  return body.length <= 11 ? a : `${prefix}${body.slice(0, 4)}…${body.slice(-6)}`
}
const toHexChainId = (id: number) => numberToHex(id)

function parseQuantity(value: unknown, name: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value)
  throw invalidParams(`${name} must be a hex quantity`)
}

function parseChainId(value: unknown): number {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) {
    const id = Number.parseInt(value, 16)
    if (Number.isSafeInteger(id) && id > 0) return id
  }
  throw invalidParams(`chainId must be a positive hex string, got ${JSON.stringify(value)}`)
}

function describeMessage(message: Hex | string): string {
  if (!isHex(message)) return message
  try {
    const bytes = new Uint8Array((message.length - 2) / 2)
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + i * 2, 4 + i * 2), 16)
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: checking for unprintable text
    if (!/[\u0000-\u0008\u000e-\u001f]/.test(text)) return text
  } catch {}
  return message
}

/** Finds the JSON-RPC error code and message inside a viem error (or anything thrown). */
function toProviderError(e: unknown): ProviderRpcError {
  if (e instanceof ProviderRpcError) return e
  let cur: unknown = e
  for (let depth = 0; cur && depth < 10; depth++) {
    const err = cur as { code?: unknown; details?: unknown; shortMessage?: unknown; message?: unknown; cause?: unknown }
    if (typeof err.code === 'number') {
      const message =
        typeof err.details === 'string' && err.details
          ? err.details
          : typeof err.shortMessage === 'string'
            ? err.shortMessage
            : String(err.message)
      return new ProviderRpcError(err.code, message)
    }
    cur = err.cause
  }
  return new ProviderRpcError(INTERNAL_ERROR, e instanceof Error ? e.message : String(e))
}

interface Persisted {
  authorized?: boolean
  accountIndex?: number
  chainId?: number
  addedChains?: DevWalletChain[]
}

function isChain(x: unknown): x is DevWalletChain {
  const c = x as DevWalletChain
  return (
    typeof c === 'object' &&
    c !== null &&
    Number.isSafeInteger(c.chainId) &&
    c.chainId > 0 &&
    typeof c.name === 'string' &&
    typeof c.rpcUrl === 'string'
  )
}

function readPersisted(storage: KeyValueStorage, key: string): Persisted {
  let raw: string | null = null
  try {
    raw = storage.getItem(key)
  } catch {
    return {}
  }
  if (!raw) return {}
  try {
    const v = JSON.parse(raw) as Record<string, unknown>
    if (typeof v !== 'object' || v === null) return {}
    const out: Persisted = {}
    if (typeof v.authorized === 'boolean') out.authorized = v.authorized
    if (Number.isSafeInteger(v.accountIndex)) out.accountIndex = v.accountIndex as number
    if (Number.isSafeInteger(v.chainId)) out.chainId = v.chainId as number
    if (Array.isArray(v.addedChains)) out.addedChains = v.addedChains.filter(isChain)
    return out
  } catch {
    return {}
  }
}

interface PendingEntry extends PendingRequest {
  resolve: () => void
  reject: (e: ProviderRpcError) => void
}

/** Creates the dev wallet's request-handling core. See DevWalletCore. */
export function createDevWalletCore(options: DevWalletOptions): DevWalletCore {
  if (options.chains.length === 0) throw new Error('The dev wallet needs at least one chain')
  const mnemonic = options.mnemonic ?? DEVNET_MNEMONIC
  const accountCount = options.accountCount ?? 4
  const storage = options.storage ?? createMemoryStorage()
  const storageKey = options.storageKey ?? 'portico-devwallet'
  const hdAccounts: HDAccount[] = Array.from({ length: accountCount }, (_, i) => mnemonicToAccount(mnemonic, { addressIndex: i }))
  const accounts = hdAccounts.map((a) => a.address)

  const persisted = readPersisted(storage, storageKey)
  const chains: DevWalletChain[] = options.chains.map((c) => ({ ...c }))
  const addedChains: DevWalletChain[] = []
  for (const c of persisted.addedChains ?? []) {
    if (!chains.some((k) => k.chainId === c.chainId)) {
      chains.push(c)
      addedChains.push(c)
    }
  }
  const validIndex = (i: number | undefined) => (i !== undefined && i >= 0 && i < accountCount ? i : undefined)
  const knownChain = (id: number | undefined) => (id !== undefined ? chains.find((c) => c.chainId === id) : undefined)

  let accountIndex = validIndex(persisted.accountIndex) ?? validIndex(options.accountIndex) ?? 0
  let chainId = (knownChain(persisted.chainId) ?? knownChain(options.chainId) ?? (chains[0] as DevWalletChain)).chainId
  let authorized = persisted.authorized ?? false
  let autoApprove = options.autoApprove ?? false
  let pending: PendingEntry[] = []
  let nextId = 1
  let destroyed = false
  // EIP-1193 `connect`: emitted when the page gets access, again after a wallet-side disconnect().
  let connected = false
  let log: string[] = []
  /** EIP-5792 batches sent through wallet_sendCalls. */
  const batches = createCallsStore()
  function record(method: string) {
    log.push(method)
    if (log.length > REQUEST_LOG_LIMIT) log = log.slice(-REQUEST_LOG_LIMIT)
  }

  const listeners = new Map<string, Set<Listener>>()
  const stateListeners = new Set<(s: DevWalletState) => void>()

  const currentChain = () => knownChain(chainId) as DevWalletChain
  const currentAccount = () => hdAccounts[accountIndex] as HDAccount

  function getState(): DevWalletState {
    return {
      accounts,
      accountIndex,
      address: currentAccount().address,
      chainId,
      chain: currentChain(),
      chains: [...chains],
      authorized,
      autoApprove,
      pending: pending.map(({ resolve: _r, reject: _j, ...p }) => p),
    }
  }
  function notify() {
    const s = getState()
    for (const l of [...stateListeners]) l(s)
  }
  function persist() {
    try {
      storage.setItem(storageKey, JSON.stringify({ authorized, accountIndex, chainId, addedChains }))
    } catch {}
  }
  function emit(event: ProviderEvent, ...args: unknown[]) {
    for (const l of [...(listeners.get(event) ?? [])]) {
      try {
        l(...args)
      } catch (e) {
        console.error(`[portico dev wallet] ${event} listener threw`, e)
      }
    }
  }

  function ask(kind: PendingKind, method: string, params: unknown, title: string, details: string[] = []) {
    if (destroyed) return Promise.reject(new ProviderRpcError(DISCONNECTED, 'The dev wallet was uninstalled'))
    if (autoApprove) return Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      pending.push({ id: nextId++, kind, method, params, title, details, resolve, reject })
      notify()
    })
  }
  function settle(id: number | undefined, approve: boolean): boolean {
    const entry = id === undefined ? pending[0] : pending.find((p) => p.id === id)
    if (!entry) return false
    pending = pending.filter((p) => p !== entry)
    if (approve) entry.resolve()
    else entry.reject(userRejected())
    notify()
    return true
  }

  /** The authorised account that `address` names, or 4100. */
  function authorizedAccount(address: unknown): HDAccount {
    const account = currentAccount()
    if (!authorized) throw unauthorized()
    if (address !== undefined && (typeof address !== 'string' || !isAddress(address, { strict: false })))
      throw invalidParams(`not an address: ${JSON.stringify(address)}`)
    if (address !== undefined && !isAddressEqual(address as Address, account.address)) throw unauthorized()
    return account
  }

  function setChain(id: number) {
    if (id === chainId) return
    chainId = id
    persist()
    emit('chainChanged', toHexChainId(id))
    notify()
  }
  function setAuthorized(on: boolean) {
    if (authorized === on) return
    authorized = on
    persist()
    emit('accountsChanged', on ? [currentAccount().address] : [])
    if (on && !connected) {
      connected = true
      emit('connect', { chainId: toHexChainId(chainId) })
    }
    notify()
  }

  function rpcUrlFor(chain: DevWalletChain): string {
    if (!options.allowNonLoopbackRpc && !isLoopbackUrl(chain.rpcUrl)) {
      throw new ProviderRpcError(DISCONNECTED, `The dev wallet only talks to loopback RPC URLs; ${chain.name} uses ${chain.rpcUrl}`)
    }
    return chain.rpcUrl
  }

  const forward = (method: string, params: unknown): Promise<unknown> => rpcOn(currentChain(), method, params)

  async function rpcOn(chain: DevWalletChain, method: string, params: unknown): Promise<unknown> {
    const url = rpcUrlFor(chain)
    let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      })
      if (!res.ok) throw new Error(`HTTP status code: ${res.status}`)
      body = (await res.json()) as typeof body
    } catch (e) {
      throw new ProviderRpcError(INTERNAL_ERROR, `RPC request to ${url} failed: ${e instanceof Error ? e.message : e}`)
    }
    if (body.error) {
      const { code, message, data } = body.error
      throw new ProviderRpcError(typeof code === 'number' ? code : INTERNAL_ERROR, String(message ?? 'RPC error'), data)
    }
    return body.result ?? null
  }

  const paramList = (params: unknown): unknown[] => (Array.isArray(params) ? params : params === undefined ? [] : [params])

  async function requestAccounts(): Promise<Address[]> {
    if (!authorized) {
      const address = currentAccount().address
      await ask('connect', 'eth_requestAccounts', [], 'Connect to this site', [
        `Share account ${address}`,
        `Network: ${currentChain().name} (${chainId})`,
      ])
      setAuthorized(true)
    }
    return [currentAccount().address]
  }

  function permissions() {
    return authorized
      ? [
          {
            parentCapability: 'eth_accounts',
            invoker: typeof location === 'undefined' ? 'node' : location.origin,
            caveats: [{ type: 'restrictReturnedAccounts', value: [currentAccount().address] }],
          },
        ]
      : []
  }

  async function personalSign(params: unknown[]): Promise<Hex> {
    const [a, b] = params
    // Canonical order is [message, address]; accept [address, message] like MetaMask does.
    const swapped = typeof a === 'string' && isAddress(a, { strict: false }) && !(typeof b === 'string' && isAddress(b, { strict: false }))
    const message = swapped ? b : a
    const address = swapped ? a : b
    if (typeof message !== 'string') throw invalidParams('personal_sign expects [message, address]')
    const account = authorizedAccount(address)
    await ask('personalSign', 'personal_sign', params, 'Sign message', [describeMessage(message), `Account ${account.address}`])
    return account.signMessage({ message: isHex(message) ? { raw: message } : message })
  }

  async function signTypedData(params: unknown[]): Promise<Hex> {
    const [address, raw] = params
    const account = authorizedAccount(address)
    let data: Record<string, unknown>
    try {
      data = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>
    } catch {
      throw invalidParams('typed data is not valid JSON')
    }
    if (typeof data !== 'object' || data === null || typeof data.primaryType !== 'string' || typeof data.types !== 'object')
      throw invalidParams('typed data needs types, primaryType, domain and message')
    const domain = { ...((data.domain as Record<string, unknown> | undefined) ?? {}) }
    if (domain.chainId !== undefined) {
      let id: number
      try {
        id = Number(BigInt(domain.chainId as string | number | bigint))
      } catch {
        throw invalidParams(`domain.chainId ${JSON.stringify(domain.chainId)} is not a number`)
      }
      if (id !== chainId) throw invalidParams(`Provided chainId "${id}" must match the active chainId "${chainId}"`)
      domain.chainId = id
    }
    const domainName = typeof domain.name === 'string' ? ` (${domain.name})` : ''
    await ask('signTypedData', 'eth_signTypedData_v4', params, `Sign typed data: ${data.primaryType}${domainName}`, [
      JSON.stringify(data.message ?? {}),
      `Account ${account.address}`,
    ])
    try {
      return await account.signTypedData({ ...data, domain } as unknown as TypedDataDefinition)
    } catch (e) {
      throw invalidParams(e instanceof Error ? e.message : String(e))
    }
  }

  async function sendTransaction(params: unknown[]): Promise<Hex> {
    const tx = params[0] as Record<string, unknown> | undefined
    if (typeof tx !== 'object' || tx === null) throw invalidParams('eth_sendTransaction expects [transaction]')
    const account = authorizedAccount(tx.from)
    const chain = currentChain()
    const txChainId = parseQuantity(tx.chainId, 'chainId')
    if (txChainId !== undefined && Number(txChainId) !== chain.chainId)
      throw invalidParams(`transaction chainId ${txChainId} does not match the active chain ${chain.chainId}`)
    const to = tx.to ?? undefined
    if (to !== undefined && (typeof to !== 'string' || !isAddress(to, { strict: false }))) throw invalidParams('to must be an address')
    const data = tx.data ?? tx.input
    if (data !== undefined && !isHex(data)) throw invalidParams('data must be hex')
    const value = parseQuantity(tx.value, 'value')
    const gas = parseQuantity(tx.gas ?? tx.gasLimit, 'gas')
    const nonce = parseQuantity(tx.nonce, 'nonce')
    const gasPrice = parseQuantity(tx.gasPrice, 'gasPrice')
    const maxFeePerGas = parseQuantity(tx.maxFeePerGas, 'maxFeePerGas')
    const maxPriorityFeePerGas = parseQuantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')
    const rpcUrl = rpcUrlFor(chain)

    const native = chain.nativeCurrency ?? DEFAULT_NATIVE
    const title = `Send ${formatUnits(value ?? 0n, native.decimals)} ${native.symbol} ${
      to ? `to ${shortAddress(to)}` : '(contract deployment)'
    }`
    const details = [`Network: ${chain.name} (${chain.chainId})`, `From ${account.address}`]
    if (to) details.push(`To ${to}`)
    if (data && data !== '0x') details.push(`Data: ${data.length > 74 ? `${data.slice(0, 74)}…` : data}`)
    await ask('sendTransaction', 'eth_sendTransaction', params, title, details)

    const request: Record<string, unknown> = { to, value, data, gas, nonce: nonce === undefined ? undefined : Number(nonce) }
    if (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined) {
      request.maxFeePerGas = maxFeePerGas
      request.maxPriorityFeePerGas = maxPriorityFeePerGas
    } else if (gasPrice !== undefined) request.gasPrice = gasPrice
    return submit(account, chain, rpcUrl, request)
  }

  /** Signs `request` as `account` and sends it to `chain`'s node; resolves with the hash. */
  async function submit(account: HDAccount, chain: DevWalletChain, rpcUrl: string, request: Record<string, unknown>): Promise<Hex> {
    for (const k of Object.keys(request)) if (request[k] === undefined) delete request[k]
    const wallet = createWalletClient({
      account,
      chain: defineChain({
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency ?? DEFAULT_NATIVE,
        rpcUrls: { default: { http: [rpcUrl] } },
      }),
      transport: http(rpcUrl, { retryCount: 0 }),
    })
    try {
      return await wallet.sendTransaction(request as Parameters<typeof wallet.sendTransaction>[0])
    } catch (e) {
      throw toProviderError(e)
    }
  }

  /**
   * wallet_sendCalls: one prompt for the batch, then each call as its own transaction on the batch's
   * chain (any chain the wallet knows), mined before the next one is sent. Resolves with `{ id }`.
   */
  async function sendCalls(params: unknown[]): Promise<{ id: string }> {
    const request = parseSendCalls(params)
    const account = authorizedAccount(request.from)
    const chain = knownChain(request.chainId)
    if (!chain) throw new ProviderRpcError(UNSUPPORTED_CHAIN_ID, `Unsupported chain id ${toHexChainId(request.chainId)}`)
    const rpcUrl = rpcUrlFor(chain)
    const id = batches.reserve(request.id)
    const native = chain.nativeCurrency ?? DEFAULT_NATIVE
    const n = request.calls.length
    await ask('sendCalls', 'wallet_sendCalls', params, `Send ${n} call${n === 1 ? '' : 's'}`, [
      `Network: ${chain.name} (${chain.chainId})`,
      `From ${account.address}`,
      ...describeCalls(request.calls, native.symbol, (v) => formatUnits(v, native.decimals)),
    ])
    const node = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
    return batches.execute(
      id,
      request,
      (call: CallRequest) => submit(account, chain, rpcUrl, { to: call.to, data: call.data, value: call.value }),
      (hash) => node.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 60_000 }),
    )
  }

  function callsStatus(params: unknown[]) {
    return batches.status(params[0], async (id, hash) => {
      const chain = knownChain(id)
      if (!chain) return null
      return (await rpcOn(chain, 'eth_getTransactionReceipt', [hash])) as RpcReceipt | null
    })
  }

  /** wallet_getCapabilities [address, chainIds?]: the authorised account only (4100 otherwise). */
  function capabilities(params: unknown[]) {
    authorizedAccount(params[0])
    return capabilitiesFor(
      chains.map((c) => c.chainId),
      params[1],
    )
  }

  async function switchEthereumChain(params: unknown[]): Promise<null> {
    const arg = params[0] as { chainId?: unknown } | undefined
    const id = parseChainId(arg?.chainId)
    const target = knownChain(id)
    if (!target)
      throw new ProviderRpcError(
        UNRECOGNIZED_CHAIN,
        `Unrecognized chain ID "${toHexChainId(id)}". Try adding the chain using wallet_addEthereumChain first.`,
      )
    if (id === chainId) return null
    await ask('switchChain', 'wallet_switchEthereumChain', params, `Switch network to ${target.name}`, [
      `From ${currentChain().name} (${chainId}) to ${target.name} (${id})`,
    ])
    if (!knownChain(id)) throw new ProviderRpcError(UNRECOGNIZED_CHAIN, `Unrecognized chain ID "${toHexChainId(id)}".`)
    setChain(id)
    return null
  }

  async function addEthereumChain(params: unknown[]): Promise<null> {
    const arg = params[0] as Record<string, unknown> | undefined
    if (typeof arg !== 'object' || arg === null) throw invalidParams('wallet_addEthereumChain expects [chain]')
    const id = parseChainId(arg.chainId)
    const existing = knownChain(id)
    if (existing) {
      if (id !== chainId) {
        await ask('switchChain', 'wallet_addEthereumChain', params, `Switch network to ${existing.name}`, [
          `From ${currentChain().name} (${chainId}) to ${existing.name} (${id})`,
        ])
        setChain(id)
      }
      return null
    }
    const name = arg.chainName
    if (typeof name !== 'string' || name.trim() === '') throw invalidParams('chainName is required')
    const rpcUrls = arg.rpcUrls
    const rpcUrl = Array.isArray(rpcUrls) ? rpcUrls.find((u): u is string => typeof u === 'string' && /^https?:\/\//.test(u)) : undefined
    if (!rpcUrl) throw invalidParams('rpcUrls needs an http(s) URL')
    const nc = arg.nativeCurrency as Partial<DevWalletNativeCurrency> | undefined
    let nativeCurrency = DEFAULT_NATIVE
    if (nc !== undefined) {
      if (typeof nc !== 'object' || nc === null || typeof nc.symbol !== 'string' || !Number.isInteger(nc.decimals))
        throw invalidParams('nativeCurrency needs name, symbol and decimals')
      nativeCurrency = { name: typeof nc.name === 'string' ? nc.name : nc.symbol, symbol: nc.symbol, decimals: nc.decimals as number }
    }
    const explorers = arg.blockExplorerUrls
    const blockExplorerUrl = Array.isArray(explorers) && typeof explorers[0] === 'string' ? explorers[0] : undefined
    const chain: DevWalletChain = { chainId: id, name, rpcUrl, nativeCurrency, ...(blockExplorerUrl ? { blockExplorerUrl } : {}) }
    await ask('addChain', 'wallet_addEthereumChain', params, `Add network ${name}`, [
      `Chain ID ${id}`,
      `RPC ${rpcUrl}`,
      `Currency ${nativeCurrency.symbol} (${nativeCurrency.decimals} decimals)`,
    ])
    if (!knownChain(id)) {
      chains.push(chain)
      addedChains.push(chain)
    }
    persist()
    setChain(id)
    notify()
    return null
  }

  async function handle(args: RequestArguments): Promise<unknown> {
    if (typeof args !== 'object' || args === null || typeof args.method !== 'string')
      throw new ProviderRpcError(-32600, 'Invalid request: expected { method, params? }')
    if (destroyed) throw new ProviderRpcError(DISCONNECTED, 'The dev wallet was uninstalled')
    const { method } = args
    record(method)
    const params = paramList(args.params)
    switch (method) {
      case 'eth_chainId':
        return toHexChainId(chainId)
      case 'net_version':
        return String(chainId)
      case 'eth_accounts':
        return authorized ? [currentAccount().address] : []
      case 'eth_coinbase':
        return authorized ? currentAccount().address : null
      case 'eth_requestAccounts':
        return requestAccounts()
      case 'wallet_requestPermissions': {
        const wanted = params[0] as Record<string, unknown> | undefined
        if (typeof wanted !== 'object' || wanted === null || !('eth_accounts' in wanted))
          throw invalidParams('only the eth_accounts permission is supported')
        await ask('connect', method, params, 'Connect to this site', [`Share account ${currentAccount().address}`])
        setAuthorized(true)
        return permissions()
      }
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_revokePermissions':
        setAuthorized(false)
        return null
      case 'personal_sign':
        return personalSign(params)
      case 'eth_signTypedData_v4':
        return signTypedData(params)
      case 'eth_sendTransaction':
        return sendTransaction(params)
      case 'wallet_sendCalls':
        return sendCalls(params)
      case 'wallet_getCallsStatus':
        return callsStatus(params)
      case 'wallet_getCapabilities':
        return capabilities(params)
      case 'wallet_switchEthereumChain':
        return switchEthereumChain(params)
      case 'wallet_addEthereumChain':
        return addEthereumChain(params)
      default:
        if (FORWARDED.has(method)) return forward(method, args.params)
        throw unsupportedMethod(method)
    }
  }

  // A reload with persisted authorisation: tell the page it is connected, as wallets do on load.
  if (authorized) {
    queueMicrotask(() => {
      if (authorized && !connected && !destroyed) {
        connected = true
        emit('connect', { chainId: toHexChainId(chainId) })
      }
    })
  }

  const provider: DevWalletProvider = {
    isPorticoDevWallet: true,
    request: async (args) => {
      try {
        return await handle(args)
      } catch (e) {
        throw toProviderError(e)
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
      return provider
    },
    once(event, listener) {
      const wrapped: Listener = (...a) => {
        provider.removeListener(event, wrapped)
        listener(...a)
      }
      return provider.on(event, wrapped)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    off(event, listener) {
      return provider.removeListener(event, listener)
    },
  }

  return {
    provider,
    getState,
    subscribe(listener) {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    setAutoApprove(on) {
      autoApprove = on
      if (on) while (settle(undefined, true)) {}
      notify()
    },
    selectAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= accountCount)
        throw new Error(`Account index ${index} is out of range 0…${accountCount - 1}`)
      if (index === accountIndex) return
      accountIndex = index
      persist()
      if (authorized) emit('accountsChanged', [currentAccount().address])
      notify()
    },
    switchChain(id) {
      if (!knownChain(id)) throw new Error(`Unknown chain ${id}`)
      setChain(id)
    },
    approvePending: (id) => settle(id, true),
    prompt: ({ kind, method, params, title, details }) => ask(kind, method, params, title, details),
    rejectPending: (id) => settle(id, false),
    revoke: () => setAuthorized(false),
    requestLog: () => [...log],
    recordRequest: record,
    clearRequestLog() {
      log = []
    },
    disconnect() {
      setAuthorized(false)
      connected = false
      emit('disconnect', new ProviderRpcError(DISCONNECTED, 'Disconnected'))
    },
    destroy() {
      destroyed = true
      const waiting = pending
      pending = []
      for (const p of waiting) p.reject(new ProviderRpcError(DISCONNECTED, 'The dev wallet was uninstalled'))
      listeners.clear()
      stateListeners.clear()
    },
  }
}
