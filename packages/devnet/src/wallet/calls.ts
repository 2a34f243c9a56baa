// EIP-5792 (wallet_sendCalls, wallet_getCallsStatus, wallet_getCapabilities) for the dev wallets:
// the browser core (core.ts) and the Node WalletConnect wallet (../wcwallet). The calls of a batch
// are executed in order as ordinary transactions, each mined before the next is sent; the wallet is
// not atomic and says so. No DOM, no node: imports.
import { type Address, type Hex, isAddress, isHex, numberToHex } from 'viem'
import { invalidParams, ProviderRpcError } from './errors.ts'

/** EIP-5792 error codes. */
export const UNSUPPORTED_NON_OPTIONAL_CAPABILITY = 5700
export const UNSUPPORTED_CHAIN_ID = 5710
export const DUPLICATE_ID = 5720
export const UNKNOWN_BUNDLE_ID = 5730
export const ATOMICITY_NOT_SUPPORTED = 5760

export interface CallRequest {
  to?: Address
  data?: Hex
  value?: bigint
}

export interface SendCallsRequest {
  /** The app's id for the batch, if it gave one. */
  id?: string
  from?: Address
  chainId: number
  calls: CallRequest[]
  atomicRequired: boolean
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function quantity(value: unknown, name: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value)
  throw invalidParams(`${name} must be a hex quantity string`)
}

/**
 * The first parameter of wallet_sendCalls (v2 `{ version, id?, from, chainId, atomicRequired, calls,
 * capabilities }`; v1 without atomicRequired). Non-optional capabilities are refused with 5700,
 * atomicRequired with 5760: this wallet supports neither.
 */
export function parseSendCalls(params: readonly unknown[]): SendCallsRequest {
  const arg = params[0]
  if (!isRecord(arg)) throw invalidParams('wallet_sendCalls expects [{ version, from, chainId, calls }]')
  const chainId = quantity(arg.chainId, 'chainId')
  if (chainId === undefined) throw invalidParams('chainId is required')
  if (arg.from !== undefined && (typeof arg.from !== 'string' || !isAddress(arg.from, { strict: false })))
    throw invalidParams('from must be an address')
  if (arg.id !== undefined && (typeof arg.id !== 'string' || arg.id.length === 0 || arg.id.length > 4096))
    throw invalidParams('id must be a string of 1 to 4096 characters')
  if (!Array.isArray(arg.calls) || arg.calls.length === 0) throw invalidParams('calls must be a non-empty array')
  const calls = arg.calls.map((c, i): CallRequest => {
    if (!isRecord(c)) throw invalidParams(`calls[${i}] must be an object`)
    if (c.to !== undefined && c.to !== null && (typeof c.to !== 'string' || !isAddress(c.to, { strict: false })))
      throw invalidParams(`calls[${i}].to must be an address`)
    if (c.data !== undefined && c.data !== null && !isHex(c.data)) throw invalidParams(`calls[${i}].data must be hex`)
    const call: CallRequest = {}
    if (typeof c.to === 'string') call.to = c.to as Address
    if (typeof c.data === 'string') call.data = c.data as Hex
    const value = quantity(c.value, `calls[${i}].value`)
    if (value !== undefined) call.value = value
    if (isRecord(c.capabilities) && Object.values(c.capabilities).some((cap) => !(isRecord(cap) && cap.optional === true)))
      throw new ProviderRpcError(UNSUPPORTED_NON_OPTIONAL_CAPABILITY, `calls[${i}] asks for a capability the dev wallet does not support`)
    return call
  })
  if (isRecord(arg.capabilities)) {
    const required = Object.entries(arg.capabilities).filter(([, cap]) => !(isRecord(cap) && cap.optional === true))
    if (required.length)
      throw new ProviderRpcError(
        UNSUPPORTED_NON_OPTIONAL_CAPABILITY,
        `The dev wallet does not support the capabilities ${required.map(([k]) => k).join(', ')}`,
      )
  }
  if (arg.atomicRequired === true)
    throw new ProviderRpcError(ATOMICITY_NOT_SUPPORTED, 'The dev wallet executes calls one by one; it cannot run them atomically')
  return {
    ...(typeof arg.id === 'string' ? { id: arg.id } : {}),
    ...(typeof arg.from === 'string' ? { from: arg.from as Address } : {}),
    chainId: Number(chainId),
    calls,
    atomicRequired: false,
  }
}

/** The prompt lines of a batch: one per call. */
export function describeCalls(calls: readonly CallRequest[], symbol: string, format: (value: bigint) => string): string[] {
  return calls.map((c, i) => {
    const parts = [`${i + 1}. ${c.to ? `To ${c.to}` : 'Contract deployment'}`]
    if (c.value) parts.push(`${format(c.value)} ${symbol}`)
    if (c.data && c.data !== '0x') parts.push(`data ${c.data.length > 42 ? `${c.data.slice(0, 42)}…` : c.data}`)
    return parts.join(', ')
  })
}

/** A transaction receipt as the node returns it (JSON-RPC). */
export interface RpcReceipt {
  transactionHash: Hex
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  logs: unknown[]
}

interface Batch {
  id: string
  chainId: number
  hashes: Hex[]
  /** False when a call could not be sent (the calls after it were not tried). */
  complete: boolean
}

export interface CallsStatusResult {
  version: '2.0.0'
  id: string
  chainId: Hex
  /** 100 pending, 200 confirmed, 500 every transaction reverted, 600 some reverted or not sent. */
  status: 100 | 200 | 500 | 600
  atomic: false
  receipts: { logs: unknown[]; status: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex }[]
}

function randomId(): string {
  const bytes = new Uint8Array(32)
  crypto.getRandomValues(bytes)
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** The batches one wallet sent, by id. */
export function createCallsStore() {
  const batches = new Map<string, Batch>()
  return {
    /** Refuses (5720) an id the app already used, before anything is sent. */
    reserve(id: string | undefined): string {
      if (id !== undefined && batches.has(id)) throw new ProviderRpcError(DUPLICATE_ID, `A batch with id ${id} exists already`)
      let chosen = id ?? randomId()
      while (batches.has(chosen)) chosen = randomId()
      return chosen
    },
    /**
     * Sends the calls in order through `send`, each one mined (`mined`) before the next. If the first
     * cannot be sent its error is thrown and nothing is recorded; a later failure ends the batch
     * there (status 600 once the sent ones are mined).
     */
    async execute(
      id: string,
      request: SendCallsRequest,
      send: (call: CallRequest) => Promise<Hex>,
      mined: (hash: Hex) => Promise<unknown>,
    ): Promise<{ id: string }> {
      const batch: Batch = { id, chainId: request.chainId, hashes: [], complete: false }
      for (const call of request.calls) {
        let hash: Hex
        try {
          hash = await send(call)
        } catch (error) {
          if (batch.hashes.length === 0) throw error
          batches.set(id, batch)
          return { id }
        }
        batch.hashes.push(hash)
        batches.set(id, batch)
        await mined(hash)
      }
      batch.complete = true
      batches.set(id, batch)
      return { id }
    },
    /** wallet_getCallsStatus: 5730 for an id this wallet did not send. */
    async status(id: unknown, receipt: (chainId: number, hash: Hex) => Promise<RpcReceipt | null>): Promise<CallsStatusResult> {
      const batch = typeof id === 'string' ? batches.get(id) : undefined
      if (!batch) throw new ProviderRpcError(UNKNOWN_BUNDLE_ID, `Unknown batch id ${String(id)}`)
      const receipts = await Promise.all(batch.hashes.map((h) => receipt(batch.chainId, h)))
      const found = receipts.filter((r): r is RpcReceipt => r !== null)
      const status =
        found.length < receipts.length
          ? 100
          : found.every((r) => r.status === '0x1')
            ? batch.complete
              ? 200
              : 600
            : found.every((r) => r.status === '0x0') && batch.complete
              ? 500
              : 600
      return {
        version: '2.0.0',
        id: batch.id,
        chainId: numberToHex(batch.chainId),
        status,
        atomic: false,
        receipts: found.map((r) => ({
          logs: r.logs,
          status: r.status,
          blockHash: r.blockHash,
          blockNumber: r.blockNumber,
          gasUsed: r.gasUsed,
          transactionHash: r.transactionHash,
        })),
      }
    },
  }
}

/** wallet_getCapabilities: per chain (hex id), atomic batches unsupported; nothing else offered. */
export function capabilitiesFor(chainIds: readonly number[], requested?: unknown): Record<Hex, { atomic: { status: 'unsupported' } }> {
  const wanted = Array.isArray(requested)
    ? new Set(requested.filter((c): c is string => typeof c === 'string').map((c) => c.toLowerCase()))
    : undefined
  const out: Record<Hex, { atomic: { status: 'unsupported' } }> = {}
  for (const id of chainIds) {
    const hex = numberToHex(id)
    if (!wanted || wanted.has(hex)) out[hex] = { atomic: { status: 'unsupported' } }
  }
  return out
}
