/**
 * @portico/headless/adapter-kit: what the chain adapters (evm, solana, walletconnect, embedded)
 * share, written once: one JSON-RPC call to a chain's own node, receipt waits (eip155
 * eth_getTransactionReceipt, Solana getSignatureStatuses until confirmed), the wallet's EIP-5792
 * answers (wallet_getCallsStatus, wallet_getCapabilities) and, from
 * @portico/protocol/chain, ERC-20 transfer call data and unit formatting. A subpath of its own:
 * adapters import it from their lazy chunks, so neither headless's main entry nor an app's first
 * load carries it.
 */
import { z } from 'zod/mini'
import type { CallsStatus, TransactionReceipt } from './adapters'
import { ERRORS, PorticoError } from './core/errors'
import type { Timers } from './core/timers'

export { erc20TransferData, formatUnits } from '@portico/protocol/chain'

/** A JSON-RPC error answer of the node: the request itself is wrong, asking again will not help. */
export class NodeError extends Error {
  readonly code?: number
  constructor(message: string, code?: number) {
    super(message)
    if (code !== undefined) this.code = code
  }
}

const rpcAnswer = z.union([
  z.object({ error: z.object({ code: z.optional(z.number()), message: z.optional(z.string()) }) }),
  z.object({ result: z.unknown() }),
])

/** One JSON-RPC call over HTTP POST; the node's error is a NodeError, an unreadable answer an Error. */
export async function chainRpc(doFetch: typeof fetch, url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await doFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = rpcAnswer.safeParse(await res.json().catch(() => undefined))
  if (!body.success) throw new Error(`${method}: unexpected response (HTTP ${res.status})`)
  if ('error' in body.data) throw new NodeError(body.data.error.message ?? `${method} failed`, body.data.error.code)
  return body.data.result
}

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'must be a 0x-prefixed hex string'))
const evmReceipt = z.object({ transactionHash: hex, status: z.enum(['0x1', '0x0']), blockNumber: hex })

/** The receipt of an included EVM transaction (eth_getTransactionReceipt), else undefined. */
export async function evmReceiptOf(doFetch: typeof fetch, url: string, hash: string): Promise<TransactionReceipt | undefined> {
  const raw = await chainRpc(doFetch, url, 'eth_getTransactionReceipt', [hash])
  if (raw === null || raw === undefined) return undefined
  const parsed = evmReceipt.safeParse(raw)
  if (!parsed.success) throw new NodeError('eth_getTransactionReceipt: malformed receipt')
  return {
    hash: parsed.data.transactionHash,
    status: parsed.data.status === '0x1' ? 'success' : 'reverted',
    blockNumber: BigInt(parsed.data.blockNumber),
  }
}

const signatureStatuses = z.object({
  value: z.array(
    z.nullable(
      z.object({
        // a JSON number (JSON.parse gives no bigint); z.bigint() would add bytes to every chunk that holds zod
        slot: z.number(),
        err: z.unknown(),
        confirmationStatus: z.optional(z.nullable(z.enum(['processed', 'confirmed', 'finalized']))),
      }),
    ),
  ),
})

/** A Solana signature's outcome once confirmed or finalized (getSignatureStatuses), else undefined; a failed one is 'reverted'. */
export async function solanaReceiptOf(doFetch: typeof fetch, url: string, signature: string): Promise<TransactionReceipt | undefined> {
  const raw = await chainRpc(doFetch, url, 'getSignatureStatuses', [[signature], { searchTransactionHistory: true }])
  const parsed = signatureStatuses.safeParse(raw)
  if (!parsed.success) throw new NodeError('getSignatureStatuses: malformed answer')
  const status = parsed.data.value[0]
  if (!status || (status.confirmationStatus !== 'confirmed' && status.confirmationStatus !== 'finalized')) return undefined
  const failed = status.err !== null && status.err !== undefined
  return { hash: signature, status: failed ? 'reverted' : 'success', blockNumber: BigInt(status.slot) }
}

export interface PollReceiptOptions {
  hash: string
  /** One look at the chain: the receipt, or undefined while the transaction is not included yet. */
  check: () => Promise<TransactionReceipt | undefined>
  timeoutMs: number
  pollMs: number
  timers: Timers
  /** The cause's text after the timeout (default `No receipt for <hash> within <timeoutMs> ms`). */
  timeoutMessage?: string
}

/**
 * Asks `check` every `pollMs` until it gives the receipt. Rejects with 'Transaction error' after
 * `timeoutMs`, at once on a NodeError (the node refuses the request: a malformed hash); other
 * failures (the fetch) are retried until the time is up.
 */
export function pollReceipt(o: PollReceiptOptions): Promise<TransactionReceipt> {
  return new Promise((resolve, reject) => {
    let done = false
    let next: unknown
    const finish = () => {
      done = true
      o.timers.clearTimeout(deadline)
      if (next !== undefined) o.timers.clearTimeout(next)
    }
    const deadline = o.timers.setTimeout(() => {
      if (done) return
      finish()
      const text = o.timeoutMessage ?? `No receipt for ${o.hash} within ${o.timeoutMs} ms`
      reject(new PorticoError(ERRORS.transactionError, { cause: new Error(text) }))
    }, o.timeoutMs)
    const attempt = async () => {
      next = undefined
      try {
        const receipt = await o.check()
        if (done) return
        if (receipt) {
          finish()
          resolve(receipt)
          return
        }
      } catch (error) {
        if (done) return
        if (error instanceof NodeError) {
          finish()
          reject(new PorticoError(ERRORS.transactionError, { cause: error }))
          return
        }
      }
      next = o.timers.setTimeout(() => void attempt(), o.pollMs)
    }
    void attempt()
  })
}

// ---- EIP-5792 answers of the wallet ----------------------------------------------------------------

const walletReceipt = z.object({ transactionHash: z.string(), status: z.string(), blockNumber: z.optional(z.string()) })
/** v2: numeric status codes; v1: 'PENDING' / 'CONFIRMED'. */
const callsStatusAnswer = z.object({
  status: z.union([z.number(), z.enum(['PENDING', 'CONFIRMED'])]),
  receipts: z.optional(z.nullable(z.array(walletReceipt))),
})

/**
 * wallet_getCallsStatus as CallsStatus (v1 'PENDING' → 100, 'CONFIRMED' → 200); receipts as the wallet
 * reports them. Anything else is 'An error occurred'.
 */
export function parseCallsStatus(id: string, raw: unknown): CallsStatus {
  const parsed = callsStatusAnswer.safeParse(raw)
  if (!parsed.success) throw new PorticoError(ERRORS.frameGeneric, { cause: raw })
  const { status, receipts } = parsed.data
  return {
    id,
    status: status === 'PENDING' ? 100 : status === 'CONFIRMED' ? 200 : status,
    receipts: (receipts ?? []).map((r) => ({
      transactionHash: r.transactionHash,
      status: r.status,
      ...(r.blockNumber === undefined ? {} : { blockNumber: r.blockNumber }),
    })),
  }
}

const capabilitiesAnswer = z.record(z.string(), z.record(z.string(), z.unknown()))

/** wallet_getCapabilities per chain id; anything else is `{}` (SPEC §8: an empty object on error). */
export function parseCapabilities(raw: unknown): Record<string, Record<string, unknown>> {
  const parsed = capabilitiesAnswer.safeParse(raw)
  return parsed.success ? parsed.data : {}
}
