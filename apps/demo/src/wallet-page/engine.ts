// The page wallet's logic, without DOM: a WalletConnect wallet (sign-client in the browser) on the
// local relay whose accounts come from the devnet mnemonic — EVM (m/44'/60'/0'/0/i, viem) and Solana
// (m/44'/501'/i'/0', the dev wallet's browser-safe derivation). Proposals and requests wait for the
// user; approved requests are signed here and transactions go to the local chains only.
// Nothing leaves loopback: Verify is off (no attestation iframe; the local relay marks messages with
// an empty attestation, so the wallet never fetches one), telemetry is off.
import { isLoopbackUrl, solanaKeys } from '@portico/devnet/wallet'
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Transaction,
} from '@solana/kit'
import { SignClient } from '@walletconnect/sign-client'
import type { ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { createWalletClient, defineChain, type Hex, http, isAddressEqual, isHex, type TypedDataDefinition } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

export interface PageWalletConfig {
  relayUrl: string
  mnemonic: string
  accountIndex?: number
  projectId?: string
  evmChains: readonly { chainId: number; name: string; rpcUrl: string }[]
  solana?: { rpcUrl: string; caipNetworkId: string }
  /** sign-client's storage prefix. @default 'portico-page-wallet' */
  storagePrefix?: string
}

export interface PendingProposal {
  id: number
  dappName: string
  dappUrl: string
  dappIcon?: string
  /** Required and optional namespaces together: namespace → chains and methods. */
  namespaces: { namespace: string; required: boolean; chains: string[]; methods: string[] }[]
  raw: ProposalTypes.Struct
}

export interface PendingRequest {
  id: number
  topic: string
  chainId: string
  method: string
  params: unknown
  dappName: string
  /** A short human description (the decoded message, the value and recipient …). */
  summary: string
}

export interface SessionView {
  topic: string
  dappName: string
  dappUrl: string
  /** namespace → CAIP-10 accounts */
  accounts: { namespace: string; accounts: string[] }[]
}

export interface PageWalletState {
  status: 'starting' | 'ready' | 'error'
  error?: string
  /** Last outcome shown to the user (e.g. 'Signed personal_sign'). */
  notice?: string
  proposals: PendingProposal[]
  requests: PendingRequest[]
  sessions: SessionView[]
}

export interface PageWallet {
  getState(): PageWalletState
  subscribe(listener: () => void): () => void
  addresses: { eip155: string; solana?: string }
  pair(uri: string): Promise<void>
  approveProposal(id: number): Promise<void>
  rejectProposal(id: number): Promise<void>
  approveRequest(id: number): Promise<void>
  rejectRequest(id: number): Promise<void>
  disconnect(topic: string): Promise<void>
}

export const PAGE_WALLET_METHODS: Record<'eip155' | 'solana', string[]> = {
  eip155: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'wallet_switchEthereumChain',
  ],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_getAccounts', 'solana_requestAccounts'],
}
export const PAGE_WALLET_EVENTS: Record<'eip155' | 'solana', string[]> = { eip155: ['accountsChanged', 'chainChanged'], solana: [] }

class RpcError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

/** A pasted pairing URI, trimmed; throws with a readable message when it is not one. */
export function parsePairingUri(input: string): string {
  const uri = input.trim()
  if (!/^wc:[0-9a-f]{64}@2\?/i.test(uri)) throw new Error('This is not a WalletConnect pairing URI (wc:…@2?…)')
  const query = new URLSearchParams(uri.slice(uri.indexOf('?') + 1))
  if (!query.get('symKey')) throw new Error('The pairing URI has no symKey')
  const relay = query.get('relay-protocol')
  if (relay && relay !== 'irn') throw new Error(`Unsupported relay protocol ${relay}`)
  return uri
}

/** The text of a personal_sign message: hex-encoded UTF-8 is decoded, anything else shown as is. */
export function decodePersonalMessage(message: unknown): string {
  if (typeof message !== 'string') return String(message)
  if (!isHex(message)) return message
  try {
    const bytes = new Uint8Array((message.length - 2) / 2)
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + 2 * i, 4 + 2 * i), 16)
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return message
  }
}

/** JSON-RPC params as a dapp sent them: each reader checks the fields it uses. */
// biome-ignore lint/suspicious/noExplicitAny: wire data of a dozen methods, read defensively (optional chaining, typeof checks) where used.
type WireParams = any

/** A one-line description of a request for the approval card. */
export function summarizeRequest(method: string, params: WireParams): string {
  switch (method) {
    case 'personal_sign':
      return `Message: ${decodePersonalMessage(params?.[0])}`
    case 'eth_sendTransaction': {
      const tx = params?.[0] ?? {}
      const wei = tx.value ? BigInt(tx.value) : 0n
      return `To ${tx.to ?? '(contract creation)'} · ${formatEth(wei)} ETH${tx.data && tx.data !== '0x' ? ' · with data' : ''}`
    }
    case 'eth_signTypedData_v4': {
      const data = typeof params?.[1] === 'string' ? JSON.parse(params[1]) : params?.[1]
      return `Typed data: ${data?.primaryType ?? 'unknown'}${data?.domain?.name ? ` (${data.domain.name})` : ''}`
    }
    case 'solana_signMessage':
      try {
        return `Message: ${new TextDecoder().decode(getBase58Encoder().encode(String(params?.message ?? '')))}`
      } catch {
        return 'Message (undecodable)'
      }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction':
      return 'A Solana transaction'
    case 'wallet_switchEthereumChain':
      return `Switch to chain ${Number(BigInt(params?.[0]?.chainId ?? 0))}`
    default:
      return method
  }
}

/** wei → ETH with up to 6 decimals, trailing zeros dropped. */
export function formatEth(wei: bigint): string {
  const whole = wei / 10n ** 18n
  const frac = ((wei % 10n ** 18n) / 10n ** 12n).toString().padStart(6, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : String(whole)
}

function proposalView(p: ProposalTypes.Struct): PendingProposal {
  const namespaces: PendingProposal['namespaces'] = []
  for (const [required, list] of [
    [true, p.requiredNamespaces],
    [false, p.optionalNamespaces],
  ] as const) {
    for (const [key, ns] of Object.entries(list ?? {})) {
      const chains = ns.chains ?? (key.includes(':') ? [key] : [])
      const [namespace = key] = key.split(':')
      namespaces.push({ namespace, required, chains, methods: ns.methods ?? [] })
    }
  }
  return {
    id: p.id,
    dappName: p.proposer.metadata.name,
    dappUrl: p.proposer.metadata.url,
    dappIcon: p.proposer.metadata.icons?.[0],
    namespaces,
    raw: p,
  }
}

function sessionView(s: SessionTypes.Struct): SessionView {
  return {
    topic: s.topic,
    dappName: s.peer.metadata.name,
    dappUrl: s.peer.metadata.url,
    accounts: Object.entries(s.namespaces).map(([namespace, ns]) => ({ namespace, accounts: ns.accounts })),
  }
}

async function rpcCall(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) throw new RpcError(body.error.code, body.error.message)
  return body.result
}

export async function createPageWallet(config: PageWalletConfig): Promise<PageWallet> {
  for (const url of [config.relayUrl, ...config.evmChains.map((c) => c.rpcUrl), ...(config.solana ? [config.solana.rpcUrl] : [])]) {
    if (!isLoopbackUrl(url)) throw new Error(`${url} is not a loopback address: the page wallet only talks to the local stack`)
  }
  const index = config.accountIndex ?? 0
  const evmAccount = mnemonicToAccount(config.mnemonic, { addressIndex: index })
  const solKey = config.solana ? solanaKeys(config.mnemonic, index + 1)[index] : undefined

  let state: PageWalletState = { status: 'starting', proposals: [], requests: [], sessions: [] }
  const listeners = new Set<() => void>()
  const set = (patch: Partial<PageWalletState>) => {
    state = { ...state, ...patch }
    for (const l of listeners) l()
  }

  const client = await SignClient.init({
    projectId: config.projectId ?? 'portico-page-wallet',
    relayUrl: config.relayUrl,
    customStoragePrefix: config.storagePrefix ?? 'portico-page-wallet',
    telemetryEnabled: false,
    logger: 'silent',
    signConfig: { disableRequestQueue: true },
    metadata: {
      name: 'Portico Page Wallet',
      description: 'A WalletConnect wallet in a web page, for the local stack',
      url: typeof location === 'undefined' ? 'http://127.0.0.1' : location.origin,
      icons: [],
    },
  })
  // No attestation iframe from verify.walletconnect.org (see packages/walletconnect).
  client.core.verify.register = async () => ''

  const evmChains = new Map(config.evmChains.map((c) => [`eip155:${c.chainId}`, c]))
  const supported = () => {
    const out: Record<string, { chains: string[]; methods: string[]; events: string[]; accounts: string[] }> = {}
    const eipChains = [...evmChains.keys()]
    out.eip155 = {
      chains: eipChains,
      methods: PAGE_WALLET_METHODS.eip155,
      events: PAGE_WALLET_EVENTS.eip155,
      accounts: eipChains.map((c) => `${c}:${evmAccount.address}`),
    }
    if (config.solana && solKey) {
      out.solana = {
        chains: [config.solana.caipNetworkId],
        methods: PAGE_WALLET_METHODS.solana,
        events: [],
        accounts: [`${config.solana.caipNetworkId}:${solKey.address}`],
      }
    }
    return out
  }

  const refreshSessions = () => set({ sessions: client.session.getAll().map(sessionView) })
  const raw = new Map<number, SignClientTypes.EventArguments['session_request']>()

  client.on('session_proposal', (p) => set({ proposals: [...state.proposals, proposalView(p.params)] }))
  const addRequest = (r: SignClientTypes.EventArguments['session_request']) => {
    if (raw.has(r.id)) return
    raw.set(r.id, r)
    const session = client.session.getAll().find((s) => s.topic === r.topic)
    const { method, params } = r.params.request
    let summary: string
    try {
      summary = summarizeRequest(method, params)
    } catch {
      summary = method
    }
    set({
      requests: [
        ...state.requests,
        {
          id: r.id,
          topic: r.topic,
          chainId: r.params.chainId,
          method,
          params,
          dappName: session?.peer.metadata.name ?? 'Unknown dapp',
          summary,
        },
      ],
    })
  }
  client.on('session_request', addRequest)
  client.on('session_delete', refreshSessions)
  client.on('session_expire', refreshSessions)
  client.on('session_update', refreshSessions)

  const assertOwnEvm = (addr: unknown) => {
    if (typeof addr !== 'string' || !isHex(addr) || addr.length !== 42 || !isAddressEqual(addr, evmAccount.address)) {
      throw new RpcError(4100, `The requested account ${String(addr)} is not an account of this wallet`)
    }
  }
  const evmChain = (chainId: string) => {
    const c = evmChains.get(chainId)
    if (!c) throw new RpcError(4901, `Chain ${chainId} is not configured in the page wallet`)
    return c
  }
  const signSolanaTx = (encoded: unknown): { base64: string; signature: string } => {
    if (!solKey) throw new RpcError(4100, 'The page wallet has no Solana account')
    if (typeof encoded !== 'string') throw new RpcError(-32602, 'transaction must be a base64 string')
    let tx: Transaction
    try {
      tx = getTransactionDecoder().decode(getBase64Encoder().encode(encoded))
    } catch {
      throw new RpcError(-32602, 'transaction is not a valid base64 wire transaction')
    }
    if (!(solKey.address in tx.signatures)) throw new RpcError(4100, `The transaction does not need a signature from ${solKey.address}`)
    const sig = solKey.sign(new Uint8Array(tx.messageBytes))
    const signed = { ...tx, signatures: { ...tx.signatures, [solKey.address]: sig } } as Transaction
    return { base64: getBase64Decoder().decode(getTransactionEncoder().encode(signed)), signature: getBase58Decoder().decode(sig) }
  }

  const handlers: Record<string, (params: WireParams, chainId: string, topic: string) => Promise<unknown>> = {
    eth_accounts: async () => [evmAccount.address],
    eth_requestAccounts: async () => [evmAccount.address],
    eth_chainId: async (_p, chainId) => `0x${evmChain(chainId).chainId.toString(16)}`,
    personal_sign: async (p) => {
      if (!Array.isArray(p) || typeof p[0] !== 'string') throw new RpcError(-32602, 'personal_sign expects [message, address]')
      assertOwnEvm(p[1])
      return evmAccount.signMessage({ message: isHex(p[0]) ? { raw: p[0] as Hex } : p[0] })
    },
    eth_signTypedData_v4: async (p) => {
      if (!Array.isArray(p)) throw new RpcError(-32602, 'eth_signTypedData_v4 expects [address, typedData]')
      assertOwnEvm(p[0])
      return evmAccount.signTypedData((typeof p[1] === 'string' ? JSON.parse(p[1]) : p[1]) as TypedDataDefinition)
    },
    eth_sendTransaction: async (p, chainId) => {
      const tx = Array.isArray(p) ? p[0] : undefined
      if (!tx || typeof tx !== 'object') throw new RpcError(-32602, 'eth_sendTransaction expects [transaction]')
      assertOwnEvm(tx.from)
      const c = evmChain(chainId)
      const chain = defineChain({
        id: c.chainId,
        name: c.name,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [c.rpcUrl] } },
      })
      const wallet = createWalletClient({ account: evmAccount, chain, transport: http(c.rpcUrl, { retryCount: 0 }) })
      const big = (v: unknown) => (v === undefined || v === null ? undefined : BigInt(v as string))
      return wallet.sendTransaction({
        to: tx.to ?? undefined,
        data: tx.data ?? tx.input ?? undefined,
        value: big(tx.value),
        gas: big(tx.gas ?? tx.gasLimit),
      } as Parameters<typeof wallet.sendTransaction>[0])
    },
    wallet_switchEthereumChain: async (p, _chainId, topic) => {
      const target = Number(BigInt(p?.[0]?.chainId ?? 'x'))
      const caip = `eip155:${target}`
      if (!evmChains.has(caip)) throw new RpcError(4902, `Unrecognized chain ID 0x${target.toString(16)}`)
      await client.emit({ topic, chainId: caip, event: { name: 'chainChanged', data: target } })
      return null
    },
    solana_getAccounts: async () => (solKey ? [{ pubkey: solKey.address }] : []),
    solana_requestAccounts: async () => (solKey ? [{ pubkey: solKey.address }] : []),
    solana_signMessage: async (p) => {
      if (!solKey) throw new RpcError(4100, 'The page wallet has no Solana account')
      if (typeof p?.message !== 'string') throw new RpcError(-32602, 'solana_signMessage expects { message (base58), pubkey }')
      if (p.pubkey !== undefined && p.pubkey !== solKey.address)
        throw new RpcError(4100, `The requested account ${String(p.pubkey)} is not an account of this wallet`)
      return { signature: getBase58Decoder().decode(solKey.sign(new Uint8Array(getBase58Encoder().encode(p.message)))) }
    },
    solana_signTransaction: async (p) => {
      const { base64, signature } = signSolanaTx(p?.transaction)
      return { signature, transaction: base64 }
    },
    solana_signAndSendTransaction: async (p) => {
      if (!config.solana) throw new RpcError(-32601, 'The page wallet has no Solana RPC to send to')
      const { base64 } = signSolanaTx(p?.transaction)
      const signature = await rpcCall(config.solana.rpcUrl, 'sendTransaction', [base64, { ...(p?.sendOptions ?? {}), encoding: 'base64' }])
      return { signature }
    },
  }

  const dropRequest = (id: number) => {
    raw.delete(id)
    set({ requests: state.requests.filter((r) => r.id !== id) })
  }

  refreshSessions()
  // Requests that arrived before a reload are still waiting in sign-client's store.
  for (const r of client.getPendingSessionRequests()) addRequest(r as SignClientTypes.EventArguments['session_request'])
  set({ status: 'ready' })

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    addresses: { eip155: evmAccount.address, solana: solKey?.address },
    async pair(input) {
      const uri = parsePairingUri(input)
      set({ error: undefined, notice: undefined })
      await client.core.pairing.pair({ uri })
    },
    async approveProposal(id) {
      const p = state.proposals.find((x) => x.id === id)
      if (!p) return
      set({ proposals: state.proposals.filter((x) => x.id !== id) })
      let namespaces: SessionTypes.Namespaces
      try {
        namespaces = buildApprovedNamespaces({ proposal: p.raw, supportedNamespaces: supported() })
      } catch (e) {
        await client.reject({ id, reason: getSdkError('UNSUPPORTED_NAMESPACE_KEY') })
        set({ error: `Cannot satisfy ${p.dappName}'s request: ${e instanceof Error ? e.message : String(e)}` })
        return
      }
      const { acknowledged } = await client.approve({ id, namespaces })
      await acknowledged()
      refreshSessions()
      set({ notice: `Connected to ${p.dappName}` })
    },
    async rejectProposal(id) {
      const p = state.proposals.find((x) => x.id === id)
      set({ proposals: state.proposals.filter((x) => x.id !== id) })
      await client.reject({ id, reason: getSdkError('USER_REJECTED') })
      set({ notice: `Rejected ${p?.dappName ?? 'the proposal'}` })
    },
    async approveRequest(id) {
      const r = raw.get(id)
      if (!r) return
      dropRequest(id)
      const { method, params } = r.params.request
      try {
        const handler = handlers[method]
        if (!handler) throw new RpcError(-32601, `Method not supported by the page wallet: ${method}`)
        const result = await handler(params, r.params.chainId, r.topic)
        await client.respond({ topic: r.topic, response: { id, jsonrpc: '2.0', result } })
        set({ notice: `Approved ${method}` })
      } catch (e) {
        const error =
          e instanceof RpcError
            ? { code: e.code, message: e.message }
            : { code: -32603, message: e instanceof Error ? (e.message.split('\n')[0] ?? e.message) : 'Internal error' }
        await client.respond({ topic: r.topic, response: { id, jsonrpc: '2.0', error } })
        set({ error: `${method} failed: ${error.message}` })
      }
    },
    async rejectRequest(id) {
      const r = raw.get(id)
      if (!r) return
      dropRequest(id)
      await client.respond({ topic: r.topic, response: { id, jsonrpc: '2.0', error: getSdkError('USER_REJECTED') } })
      set({ notice: `Rejected ${r.params.request.method}` })
    },
    async disconnect(topic) {
      await client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') })
      refreshSessions()
    },
  }
}
