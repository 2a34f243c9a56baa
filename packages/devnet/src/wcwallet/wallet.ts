// A scriptable WalletConnect dev wallet: a @walletconnect/sign-client wallet in Node that pairs with
// a uri, approves or rejects proposals on command (or automatically) and answers requests with keys
// derived from the devnet mnemonic: EVM signing and sending to anvil, Solana signing and sending to
// the local Solana RPC, accounts and message signing on bip122 / polkadot / cosmos / sui / stacks
// (signing.ts; those namespaces have no local chain, so nothing is sent there).
import { randomBytes } from 'node:crypto'
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type Transaction,
} from '@solana/kit'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { createPublicClient, createWalletClient, defineChain, type Hex, http, isAddressEqual, isHex, type TypedDataDefinition } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { capabilitiesFor, createCallsStore, parseSendCalls, type RpcReceipt, UNSUPPORTED_CHAIN_ID } from '../wallet/calls.ts'
import { ProviderRpcError } from '../wallet/errors.ts'
import { deriveWcWalletAccounts, WC_WALLET_CHAINS, WC_WALLET_PATHS, type WcWalletAccounts } from './accounts.ts'
import { WC_DEV_WALLET_ICON, WC_DEV_WALLET_NAME } from './icon.ts'
import {
  aminoSignBytes,
  bitcoinSignMessage,
  cosmosSign,
  deriveWcWalletKeys,
  directSignBytes,
  polkadotSignMessage,
  stacksSignMessage,
  suiSignPersonalMessage,
} from './signing.ts'

export interface StartWcWalletOptions {
  /** The relay, e.g. startRelay().url. Must be loopback unless allowNonLoopback. */
  relayUrl: string
  /** @default DEVNET_MNEMONIC */
  mnemonic?: string
  /** Which account of the mnemonic, in every namespace. @default 0 */
  accountIndex?: number
  /** EVM chains offered (eip155:<chainId>); eth_sendTransaction goes to their rpcUrl. */
  evm?: { chains: readonly { chainId: number; rpcUrl: string }[] }
  /**
   * The local Solana RPC. The wallet offers `solana:<first 32 chars of its genesis hash>` (read with
   * getGenesisHash unless given) and sends solana_signAndSendTransaction there. Without it no solana chain is offered.
   */
  solana?: { rpcUrl: string; genesisHash?: string }
  /** Approve every session proposal at once. @default false (use approveNext / rejectNext) */
  autoApprove?: boolean
  /** Answer every session request at once. @default true (false: approveNextRequest / rejectNextRequest) */
  autoApproveRequests?: boolean
  /**
   * The methods the wallet approves per namespace (a session gets those the dapp also asked for).
   * @default WC_WALLET_METHODS
   */
  methods?: Partial<Record<keyof typeof WC_WALLET_METHODS, readonly string[]>>
  projectId?: string
  /** Storage prefix of this client's Core; must differ from every other client in the process. @default random */
  customStoragePrefix?: string
  /**
   * The wallet's session metadata: the dapp shows its `name` and `icons[0]` as the connected wallet.
   * @default { name: WC_DEV_WALLET_NAME, icons: [WC_DEV_WALLET_ICON] … }
   */
  metadata?: SignClientTypes.Metadata
  /** Allow a non-loopback relay / RPC URL. @default false */
  allowNonLoopback?: boolean
}

export type WcProposal = SignClientTypes.EventArguments['session_proposal']
export type WcRequest = SignClientTypes.EventArguments['session_request']

export interface WcRequestLogEntry {
  topic: string
  chainId: string
  method: string
  params: unknown
  result?: unknown
  error?: { code: number; message: string }
}

export interface WcWallet {
  /** Addresses per namespace of the selected account (`accountIndex` of the mnemonic). */
  readonly accounts: Omit<WcWalletAccounts, 'solanaSigner'>
  /** The selected account's index (StartWcWalletOptions.accountIndex, then selectAccount). */
  readonly accountIndex: number
  /** CAIP-2 chains offered per namespace. */
  chains: Record<string, string[]>
  /** CAIP-10 accounts offered per namespace. */
  caipAccounts: Record<string, string[]>
  /** The underlying sign-client. */
  client: InstanceType<typeof SignClient>
  pair(uri: string): Promise<void>
  /** Calls back on every proposal (before auto-approval). Returns an unsubscribe function. */
  onProposal(listener: (proposal: WcProposal) => void): () => void
  pendingProposals(): WcProposal[]
  /** Approves the oldest pending proposal, waiting for one to arrive if none is pending. */
  approveNext(options?: { timeoutMs?: number }): Promise<SessionTypes.Struct>
  /** Rejects the oldest pending proposal (USER_REJECTED), waiting for one if none is pending. */
  rejectNext(options?: { timeoutMs?: number }): Promise<void>
  onRequest(listener: (request: WcRequest) => void): () => void
  pendingRequests(): WcRequest[]
  approveNextRequest(options?: { timeoutMs?: number }): Promise<unknown>
  rejectNextRequest(options?: { timeoutMs?: number }): Promise<void>
  /** Every answered request, oldest first. */
  requestLog(): WcRequestLogEntry[]
  sessions(): SessionTypes.Struct[]
  /** Disconnects one session, or all of them (USER_DISCONNECTED). */
  disconnect(topic?: string): Promise<void>
  /**
   * Emits an account change in one namespace (default eip155) to one or all sessions that have it:
   * accountsChanged with the addresses (default: the wallet's own), or for bip122 the Bitcoin event
   * bip122_addressesChanged with `[{ address }]` entries.
   */
  emitAccountsChanged(accounts?: string[], topic?: string, namespace?: string): Promise<void>
  /** Emits eip155 chainChanged (adding the chain to the session first if needed). */
  emitChainChanged(chainId: number, topic?: string): Promise<void>
  /**
   * The user picks account `index` in the wallet: addresses and keys of every namespace switch, each
   * session's accounts are replaced (session_update), then accountsChanged goes out per namespace.
   */
  selectAccount(index: number): Promise<void>
  /** Closes the relay connection and frees this client's Core. Safe to call more than once. */
  stop(): Promise<void>
}

export const WC_WALLET_METHODS = {
  eip155: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_signTypedData',
    'eth_sendTransaction',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'wallet_switchEthereumChain',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_getCapabilities',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAndSendTransaction',
    'solana_signAllTransactions',
    'solana_getAccounts',
    'solana_requestAccounts',
  ],
  bip122: ['getAccountAddresses', 'signMessage'],
  polkadot: ['polkadot_signMessage'],
  cosmos: ['cosmos_getAccounts', 'cosmos_signAmino', 'cosmos_signDirect'],
  sui: ['sui_signPersonalMessage'],
  stacks: ['stx_getAddresses', 'stx_signMessage'],
} as const

export const WC_WALLET_EVENTS = {
  eip155: ['accountsChanged', 'chainChanged'],
  solana: ['accountsChanged'],
  bip122: ['bip122_addressesChanged'],
  polkadot: ['accountsChanged'],
  cosmos: ['accountsChanged'],
  sui: ['accountsChanged'],
  stacks: ['accountsChanged'],
} as const

class WalletRpcError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

/** The params of a JSON-RPC request as an object whose fields each handler checks; anything else reads as `{}`. */
const paramsObject = (params: unknown): Record<string, unknown> =>
  typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])
function assertLoopback(url: string, what: string, allow: boolean | undefined): void {
  if (allow) return
  const host = new URL(url).hostname
  if (!LOOPBACK_HOSTS.has(host)) throw new Error(`${what} ${url} is not a loopback address (pass allowNonLoopback to allow it)`)
}

async function rpcCall(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) throw new WalletRpcError(body.error.code, body.error.message)
  return body.result
}

function waitFor<T>(list: T[], subscribe: (fn: () => void) => () => void, timeoutMs: number, what: string): Promise<T> {
  const first = list.shift()
  if (first !== undefined) return Promise.resolve(first)
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe()
      reject(new Error(`No ${what} arrived within ${timeoutMs} ms`))
    }, timeoutMs)
    const unsubscribe = subscribe(() => {
      const next = list.shift()
      if (next === undefined) return
      clearTimeout(timer)
      unsubscribe()
      resolve(next)
    })
  })
}

/** Starts the dev wallet and connects it to the relay. */
export async function startWcWallet(options: StartWcWalletOptions): Promise<WcWallet> {
  assertLoopback(options.relayUrl, 'relayUrl', options.allowNonLoopback)
  const mnemonic = options.mnemonic ?? DEVNET_MNEMONIC
  // The selected account (selectAccount switches it): every namespace's address and keys follow it.
  let accountIndex = options.accountIndex ?? 0
  let { solanaSigner, ...accounts } = await deriveWcWalletAccounts(mnemonic, accountIndex)
  let keys = deriveWcWalletKeys(mnemonic, accountIndex)
  let evmAccount = mnemonicToAccount(mnemonic, { addressIndex: accountIndex })
  const evmChains = new Map<string, { chainId: number; rpcUrl: string }>()
  for (const c of options.evm?.chains ?? []) {
    assertLoopback(c.rpcUrl, 'EVM rpcUrl', options.allowNonLoopback)
    evmChains.set(`eip155:${c.chainId}`, c)
  }
  let solanaChain: string | undefined
  if (options.solana) {
    assertLoopback(options.solana.rpcUrl, 'Solana rpcUrl', options.allowNonLoopback)
    const genesis = options.solana.genesisHash ?? String(await rpcCall(options.solana.rpcUrl, 'getGenesisHash', []))
    solanaChain = `solana:${genesis.slice(0, 32)}`
  }

  const chains: Record<string, string[]> = {
    eip155: [...evmChains.keys()],
    solana: solanaChain ? [solanaChain] : [],
    bip122: [WC_WALLET_CHAINS.bip122],
    polkadot: [WC_WALLET_CHAINS.polkadot],
    cosmos: [WC_WALLET_CHAINS.cosmos],
    sui: [WC_WALLET_CHAINS.sui],
    stacks: [WC_WALLET_CHAINS.stacks],
  }
  const addressOf: Record<string, string> = {}
  const caipAccounts: Record<string, string[]> = {}
  const indexAddresses = () => {
    Object.assign(addressOf, {
      eip155: accounts.eip155,
      solana: accounts.solana,
      bip122: accounts.bip122,
      polkadot: accounts.polkadot,
      cosmos: accounts.cosmos,
      sui: accounts.sui,
      stacks: accounts.stacks,
    })
    for (const [ns, list] of Object.entries(chains)) caipAccounts[ns] = list.map((c) => `${c}:${addressOf[ns]}`)
  }
  indexAddresses()

  const prefix = options.customStoragePrefix ?? `portico-wcwallet-${randomBytes(6).toString('hex')}`
  const client = await SignClient.init({
    projectId: options.projectId ?? 'portico-local',
    relayUrl: options.relayUrl,
    customStoragePrefix: prefix,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'silent',
    signConfig: { disableRequestQueue: true },
    metadata: options.metadata ?? {
      name: WC_DEV_WALLET_NAME,
      description: 'Scriptable WalletConnect wallet for local development',
      url: 'http://127.0.0.1',
      icons: [WC_DEV_WALLET_ICON],
    },
  })

  // ---- proposals ------------------------------------------------------------------------------
  const proposals: WcProposal[] = []
  const proposalListeners = new Set<(p: WcProposal) => void>()
  const proposalWake = new Set<() => void>()

  const supportedNamespaces = () => {
    const out: Record<string, { chains: string[]; methods: string[]; events: string[]; accounts: string[] }> = {}
    for (const ns of Object.keys(chains) as (keyof typeof WC_WALLET_METHODS)[]) {
      const nsChains = chains[ns] ?? []
      if (!nsChains.length) continue
      out[ns] = {
        chains: nsChains,
        methods: [...(options.methods?.[ns] ?? WC_WALLET_METHODS[ns])],
        events: [...WC_WALLET_EVENTS[ns]],
        accounts: caipAccounts[ns] ?? [],
      }
    }
    return out
  }

  const approve = async (proposal: WcProposal): Promise<SessionTypes.Struct> => {
    let namespaces: SessionTypes.Namespaces
    try {
      namespaces = buildApprovedNamespaces({ proposal: proposal.params, supportedNamespaces: supportedNamespaces() })
    } catch (e) {
      await client.reject({ id: proposal.id, reason: getSdkError('UNSUPPORTED_NAMESPACE_KEY') })
      throw new Error(`The wallet cannot satisfy the proposal: ${e instanceof Error ? e.message : String(e)}`)
    }
    const { acknowledged } = await client.approve({ id: proposal.id, namespaces })
    return acknowledged()
  }

  client.on('session_proposal', (proposal) => {
    for (const l of proposalListeners) l(proposal)
    if (options.autoApprove) {
      void approve(proposal).catch(() => {})
      return
    }
    proposals.push(proposal)
    for (const wake of [...proposalWake]) wake()
  })

  const nextProposal = (timeoutMs = 15_000) =>
    waitFor(
      proposals,
      (fn) => {
        proposalWake.add(fn)
        return () => proposalWake.delete(fn)
      },
      timeoutMs,
      'session proposal',
    )

  // ---- requests -------------------------------------------------------------------------------
  const requests: WcRequest[] = []
  const requestListeners = new Set<(r: WcRequest) => void>()
  const requestWake = new Set<() => void>()
  const log: WcRequestLogEntry[] = []

  const evmChainFor = (chainId: string) => {
    const c = evmChains.get(chainId)
    if (!c) throw new WalletRpcError(4901, `Chain ${chainId} is not configured in the dev wallet`)
    return c
  }
  /** A wallet client (signing as the EVM account) and a public client on one configured chain. */
  const evmClients = (chainId: string) => {
    const c = evmChainFor(chainId)
    const chain = defineChain({
      id: c.chainId,
      name: `Local ${c.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
    })
    const transport = http(c.rpcUrl, { retryCount: 0 })
    return { wallet: createWalletClient({ account: evmAccount, chain, transport }), node: createPublicClient({ chain, transport }) }
  }
  /** EIP-5792 batches sent through wallet_sendCalls. */
  const batches = createCallsStore()
  /** The calls module speaks EIP-1193 errors; answer them with their code. */
  const asWalletError = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (e) {
      if (e instanceof ProviderRpcError) throw new WalletRpcError(e.code, e.message)
      throw e
    }
  }
  const assertOwnEvm = (addr: unknown) => {
    if (typeof addr !== 'string' || !isHex(addr) || addr.length !== 42 || !isAddressEqual(addr, evmAccount.address)) {
      throw new WalletRpcError(4100, `The requested account ${String(addr)} is not an account of this wallet`)
    }
  }
  /** A request for another account than this wallet's in a namespace is refused with 4100. */
  const assertOwn = (ns: string, addr: unknown) => {
    if (addr !== addressOf[ns]) throw new WalletRpcError(4100, `The requested account ${String(addr)} is not an account of this wallet`)
  }
  const signSolanaTx = async (encoded: unknown): Promise<{ tx: Transaction; base64: string; signature: string }> => {
    if (typeof encoded !== 'string') throw new WalletRpcError(-32602, 'transaction must be a base64 string')
    let tx: Transaction
    try {
      tx = getTransactionDecoder().decode(getBase64Encoder().encode(encoded))
    } catch {
      throw new WalletRpcError(-32602, 'transaction is not a valid base64 wire transaction')
    }
    if (!(solanaSigner.address in tx.signatures)) {
      throw new WalletRpcError(4100, `The transaction does not need a signature from ${solanaSigner.address}`)
    }
    const signed = await partiallySignTransaction([solanaSigner.keyPair], tx)
    const own = signed.signatures[solanaSigner.address]
    return {
      tx: signed,
      base64: getBase64Decoder().decode(getTransactionEncoder().encode(signed)),
      signature: own ? getBase58Decoder().decode(own) : '',
    }
  }

  const handlers: Record<string, (params: unknown, chainId: string, topic: string) => Promise<unknown>> = {
    eth_accounts: async () => [evmAccount.address],
    eth_requestAccounts: async () => [evmAccount.address],
    eth_chainId: async (_p, chainId) => `0x${evmChainFor(chainId).chainId.toString(16)}`,
    personal_sign: async (p) => {
      if (!Array.isArray(p) || typeof p[0] !== 'string') throw new WalletRpcError(-32602, 'personal_sign expects [message, address]')
      assertOwnEvm(p[1])
      const message = p[0]
      return evmAccount.signMessage({ message: isHex(message) ? { raw: message as Hex } : message })
    },
    eth_signTypedData_v4: async (p) => {
      if (!Array.isArray(p)) throw new WalletRpcError(-32602, 'eth_signTypedData_v4 expects [address, typedData]')
      assertOwnEvm(p[0])
      const data = (typeof p[1] === 'string' ? JSON.parse(p[1]) : p[1]) as TypedDataDefinition
      return evmAccount.signTypedData(data)
    },
    eth_sendTransaction: async (p, chainId) => {
      const tx = Array.isArray(p) ? p[0] : undefined
      if (!tx || typeof tx !== 'object') throw new WalletRpcError(-32602, 'eth_sendTransaction expects [transaction]')
      assertOwnEvm(tx.from)
      const { wallet } = evmClients(chainId)
      const big = (v: unknown) => (v === undefined || v === null ? undefined : BigInt(v as string))
      return wallet.sendTransaction({
        to: tx.to ?? undefined,
        data: tx.data ?? tx.input ?? undefined,
        value: big(tx.value),
        gas: big(tx.gas ?? tx.gasLimit),
        nonce: tx.nonce === undefined ? undefined : Number(BigInt(tx.nonce)),
        ...(tx.maxFeePerGas !== undefined
          ? { maxFeePerGas: big(tx.maxFeePerGas), maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas) }
          : tx.gasPrice !== undefined
            ? { gasPrice: big(tx.gasPrice) }
            : {}),
      } as Parameters<typeof wallet.sendTransaction>[0])
    },
    // EIP-5792: each call a transaction of its own, in order, each mined before the next.
    wallet_sendCalls: (p, chainId) =>
      asWalletError(async () => {
        const request = parseSendCalls(Array.isArray(p) ? p : [])
        if (request.from !== undefined) assertOwnEvm(request.from)
        if (`eip155:${request.chainId}` !== chainId || !evmChains.has(chainId))
          throw new ProviderRpcError(UNSUPPORTED_CHAIN_ID, `Unsupported chain id 0x${request.chainId.toString(16)} (request on ${chainId})`)
        const { wallet, node } = evmClients(chainId)
        const id = batches.reserve(request.id)
        return batches.execute(
          id,
          request,
          (call) =>
            wallet.sendTransaction({ to: call.to, data: call.data, value: call.value } as Parameters<typeof wallet.sendTransaction>[0]),
          (hash) => node.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 60_000 }),
        )
      }),
    wallet_getCallsStatus: (p) =>
      asWalletError(() =>
        batches.status(Array.isArray(p) ? p[0] : undefined, async (id, hash) => {
          const c = evmChains.get(`eip155:${id}`)
          return c ? ((await rpcCall(c.rpcUrl, 'eth_getTransactionReceipt', [hash])) as RpcReceipt | null) : null
        }),
      ),
    wallet_getCapabilities: async (p) => {
      if (!Array.isArray(p)) throw new WalletRpcError(-32602, 'wallet_getCapabilities expects [address, chainIds?]')
      assertOwnEvm(p[0])
      return capabilitiesFor(
        [...evmChains.values()].map((c) => c.chainId),
        p[1],
      )
    },
    wallet_switchEthereumChain: async (p, _chainId, topic) => {
      const requested = paramsObject(Array.isArray(p) ? p[0] : undefined).chainId
      const target = Number(BigInt(typeof requested === 'string' || typeof requested === 'number' ? requested : 'x'))
      if (!evmChains.has(`eip155:${target}`)) throw new WalletRpcError(4902, `Unrecognized chain ID 0x${target.toString(16)}`)
      await emitChainChanged(target, topic)
      return null
    },
    solana_getAccounts: async () => [{ pubkey: solanaSigner.address }],
    solana_requestAccounts: async () => [{ pubkey: solanaSigner.address }],
    solana_signMessage: async (params) => {
      const p = paramsObject(params)
      if (typeof p?.message !== 'string') throw new WalletRpcError(-32602, 'solana_signMessage expects { message (base58), pubkey }')
      if (p.pubkey !== undefined && p.pubkey !== solanaSigner.address) {
        throw new WalletRpcError(4100, `The requested account ${String(p.pubkey)} is not an account of this wallet`)
      }
      const bytes = getBase58Encoder().encode(p.message)
      const signature = await signBytes(solanaSigner.keyPair.privateKey, bytes)
      return { signature: getBase58Decoder().decode(signature) }
    },
    solana_signTransaction: async (params) => {
      const p = paramsObject(params)
      const { base64, signature } = await signSolanaTx(p?.transaction)
      return { signature, transaction: base64 }
    },
    solana_signAllTransactions: async (params) => {
      const p = paramsObject(params)
      if (!Array.isArray(p?.transactions)) throw new WalletRpcError(-32602, 'solana_signAllTransactions expects { transactions }')
      const out: string[] = []
      for (const t of p.transactions) out.push((await signSolanaTx(t)).base64)
      return { transactions: out }
    },
    solana_signAndSendTransaction: async (params) => {
      const p = paramsObject(params)
      if (!options.solana) throw new WalletRpcError(-32601, 'The dev wallet has no Solana RPC to send to')
      const { base64 } = await signSolanaTx(p?.transaction)
      const sendOptions = (p?.sendOptions ?? {}) as Record<string, unknown>
      const signature = await rpcCall(options.solana.rpcUrl, 'sendTransaction', [base64, { ...sendOptions, encoding: 'base64' }])
      return { signature }
    },
    getAccountAddresses: async () => [{ address: accounts.bip122, path: WC_WALLET_PATHS.bip122(accountIndex), intention: 'payment' }],
    // bip122 signMessage { account | address, message, protocol? } → { address, signature (base64) }
    signMessage: async (params) => {
      const p = paramsObject(params)
      const address = p?.address ?? p?.account
      if (typeof p?.message !== 'string') throw new WalletRpcError(-32602, 'signMessage expects { account, message }')
      assertOwn('bip122', address)
      if (p.protocol !== undefined && p.protocol !== 'ecdsa')
        throw new WalletRpcError(-32602, `Unsupported signing protocol ${String(p.protocol)} (ecdsa only)`)
      return { address: accounts.bip122, signature: bitcoinSignMessage(keys.bip122, p.message) }
    },
    // polkadot_signMessage { address, message (hex or text; polkadot.js SignerPayloadRaw uses `data`) } → { signature }
    polkadot_signMessage: async (params) => {
      const p = paramsObject(params)
      const message = p?.message ?? p?.data
      if (typeof message !== 'string') throw new WalletRpcError(-32602, 'polkadot_signMessage expects { address, message }')
      assertOwn('polkadot', p.address)
      return { signature: polkadotSignMessage(keys.polkadot, message) }
    },
    // sui_signPersonalMessage { message (base64), address } → { signature, bytes }
    sui_signPersonalMessage: async (params) => {
      const p = paramsObject(params)
      if (typeof p?.message !== 'string') throw new WalletRpcError(-32602, 'sui_signPersonalMessage expects { message (base64), address }')
      assertOwn('sui', p.address)
      return suiSignPersonalMessage(keys.sui, new Uint8Array(Buffer.from(p.message, 'base64')))
    },
    cosmos_getAccounts: async () => [
      { algo: 'secp256k1', address: accounts.cosmos, pubkey: cosmosSign(keys.cosmos, new Uint8Array()).pub_key.value },
    ],
    // cosmos_signAmino { signerAddress, signDoc } → { signature: { pub_key, signature }, signed }
    cosmos_signAmino: async (params) => {
      const p = paramsObject(params)
      if (!p?.signDoc || typeof p.signDoc !== 'object')
        throw new WalletRpcError(-32602, 'cosmos_signAmino expects { signerAddress, signDoc }')
      assertOwn('cosmos', p.signerAddress)
      return { signature: cosmosSign(keys.cosmos, aminoSignBytes(p.signDoc)), signed: p.signDoc }
    },
    // cosmos_signDirect { signerAddress, signDoc: { chainId, accountNumber, authInfoBytes, bodyBytes (base64) } }
    cosmos_signDirect: async (params) => {
      const p = paramsObject(params)
      const doc = paramsObject(p.signDoc)
      const accountNumber = doc.accountNumber ?? 0
      if (
        typeof doc.bodyBytes !== 'string' ||
        typeof doc.authInfoBytes !== 'string' ||
        typeof doc.chainId !== 'string' ||
        (typeof accountNumber !== 'string' && typeof accountNumber !== 'number' && typeof accountNumber !== 'bigint')
      ) {
        throw new WalletRpcError(
          -32602,
          'cosmos_signDirect expects { signerAddress, signDoc: { chainId, accountNumber, authInfoBytes, bodyBytes } }',
        )
      }
      assertOwn('cosmos', p.signerAddress)
      const bytes = directSignBytes({
        bodyBytes: new Uint8Array(Buffer.from(doc.bodyBytes, 'base64')),
        authInfoBytes: new Uint8Array(Buffer.from(doc.authInfoBytes, 'base64')),
        chainId: doc.chainId,
        accountNumber: BigInt(accountNumber),
      })
      return { signature: cosmosSign(keys.cosmos, bytes), signed: doc }
    },
    stx_getAddresses: async () => ({
      addresses: [{ symbol: 'STX', address: accounts.stacks, publicKey: stacksSignMessage(keys.stacks, '').publicKey }],
    }),
    // stx_signMessage { message, address?, publicKey? } → { signature (RSV hex), publicKey }
    stx_signMessage: async (params) => {
      const p = paramsObject(params)
      if (typeof p?.message !== 'string') throw new WalletRpcError(-32602, 'stx_signMessage expects { message }')
      if (p.address !== undefined) assertOwn('stacks', p.address)
      return stacksSignMessage(keys.stacks, p.message)
    },
  }

  const answer = async (request: WcRequest): Promise<unknown> => {
    const { topic, id, params } = request
    const { method, params: reqParams } = params.request
    const entry: WcRequestLogEntry = { topic, chainId: params.chainId, method, params: reqParams }
    try {
      const handler = handlers[method]
      if (!handler) throw new WalletRpcError(-32601, `Method not supported by the dev wallet: ${method}`)
      const result = await handler(reqParams, params.chainId, topic)
      entry.result = result
      log.push(entry)
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
      return result
    } catch (e) {
      const error =
        e instanceof WalletRpcError
          ? { code: e.code, message: e.message }
          : { code: -32603, message: e instanceof Error ? (e.message.split('\n')[0] ?? e.message) : 'Internal error' }
      entry.error = error
      log.push(entry)
      await client.respond({ topic, response: { id, jsonrpc: '2.0', error } })
      throw e
    }
  }

  client.on('session_request', (request) => {
    for (const l of requestListeners) l(request)
    if (options.autoApproveRequests ?? true) {
      void answer(request).catch(() => {})
      return
    }
    requests.push(request)
    for (const wake of [...requestWake]) wake()
  })

  const nextRequest = (timeoutMs = 15_000) =>
    waitFor(
      requests,
      (fn) => {
        requestWake.add(fn)
        return () => requestWake.delete(fn)
      },
      timeoutMs,
      'session request',
    )

  // ---- sessions and events ----------------------------------------------------------------------
  const sessionsFor = (topic?: string) => (topic ? [client.session.get(topic)] : client.session.getAll())

  const emitChainChanged = async (chainId: number, topic?: string) => {
    const caip = `eip155:${chainId}`
    if (!evmChains.has(caip)) throw new Error(`Chain ${caip} is not configured in the dev wallet`)
    for (const s of sessionsFor(topic)) {
      const ns = s.namespaces.eip155
      if (!ns) continue
      if (!(ns.chains ?? []).includes(caip)) {
        const updated: SessionTypes.Namespaces = {
          ...s.namespaces,
          eip155: {
            ...ns,
            chains: [...(ns.chains ?? []), caip],
            accounts: [...ns.accounts, `${caip}:${evmAccount.address}`],
          },
        }
        const { acknowledged } = await client.update({ topic: s.topic, namespaces: updated })
        await acknowledged()
      }
      await client.emit({ topic: s.topic, chainId: caip, event: { name: 'chainChanged', data: chainId } })
    }
  }

  /**
   * The user picks another account in the wallet: every namespace's address and key switch to account
   * `index`, and each session is updated (its accounts replaced, as wallets do with session_update)
   * before accountsChanged is emitted in each of its namespaces.
   */
  const selectAccount = async (index: number) => {
    if (!Number.isSafeInteger(index) || index < 0) throw new Error(`Account index ${index} is not a non-negative integer`)
    if (index === accountIndex) return
    const next = await deriveWcWalletAccounts(mnemonic, index)
    ;({ solanaSigner, ...accounts } = next)
    keys = deriveWcWalletKeys(mnemonic, index)
    evmAccount = mnemonicToAccount(mnemonic, { addressIndex: index })
    accountIndex = index
    indexAddresses()
    for (const s of client.session.getAll()) {
      const namespaces: SessionTypes.Namespaces = {}
      for (const [key, ns] of Object.entries(s.namespaces)) {
        const address = addressOf[key.split(':')[0] ?? '']
        const chainsOf = ns.chains ?? [...new Set(ns.accounts.map((a) => a.split(':').slice(0, 2).join(':')))]
        namespaces[key] = address ? { ...ns, accounts: chainsOf.map((c) => `${c}:${address}`) } : ns
      }
      // Published, not waited for: the app may be closed (its messages wait at the relay), as a real
      // wallet does not wait for the app either.
      const { acknowledged } = await client.update({ topic: s.topic, namespaces })
      acknowledged().catch(() => undefined)
      for (const key of Object.keys(namespaces)) await emitAccountsChanged(undefined, s.topic, key.split(':')[0])
    }
  }

  const emitAccountsChanged = async (list: string[] | undefined, topic?: string, namespace = 'eip155') => {
    const addresses = list ?? [addressOf[namespace] ?? evmAccount.address]
    for (const s of sessionsFor(topic)) {
      const ns = s.namespaces[namespace]
      const chainId = ns?.chains?.[0] ?? ns?.accounts[0]?.split(':').slice(0, 2).join(':')
      if (!chainId) continue
      const event =
        namespace === 'bip122'
          ? { name: 'bip122_addressesChanged', data: addresses.map((address) => ({ address })) }
          : { name: 'accountsChanged', data: addresses }
      await client.emit({ topic: s.topic, chainId, event })
    }
  }

  let stopped: Promise<void> | undefined
  return {
    get accounts() {
      return accounts
    },
    get accountIndex() {
      return accountIndex
    },
    chains,
    caipAccounts,
    client,
    pair: async (uri) => {
      await client.core.pairing.pair({ uri })
    },
    onProposal: (listener) => {
      proposalListeners.add(listener)
      return () => proposalListeners.delete(listener)
    },
    pendingProposals: () => [...proposals],
    approveNext: async (o) => approve(await nextProposal(o?.timeoutMs)),
    rejectNext: async (o) => {
      const proposal = await nextProposal(o?.timeoutMs)
      await client.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
    },
    onRequest: (listener) => {
      requestListeners.add(listener)
      return () => requestListeners.delete(listener)
    },
    pendingRequests: () => [...requests],
    approveNextRequest: async (o) => answer(await nextRequest(o?.timeoutMs)),
    rejectNextRequest: async (o) => {
      const r = await nextRequest(o?.timeoutMs)
      const error = getSdkError('USER_REJECTED')
      log.push({ topic: r.topic, chainId: r.params.chainId, method: r.params.request.method, params: r.params.request.params, error })
      await client.respond({ topic: r.topic, response: { id: r.id, jsonrpc: '2.0', error } })
    },
    requestLog: () => [...log],
    sessions: () => client.session.getAll(),
    disconnect: async (topic) => {
      for (const s of sessionsFor(topic)) {
        await client.disconnect({ topic: s.topic, reason: getSdkError('USER_DISCONNECTED') })
      }
    },
    emitAccountsChanged,
    emitChainChanged,
    selectAccount,
    stop: () => {
      stopped ??= (async () => {
        client.core.heartbeat.stop()
        await client.core.relayer.transportClose().catch(() => {})
        client.removeAllListeners('session_proposal')
        client.removeAllListeners('session_request')
        const g = globalThis as Record<string, unknown>
        delete g[`_walletConnectCore_${prefix}`]
        delete g[`_walletConnectCore_${prefix}_count`]
      })()
      return stopped
    },
  }
}
