/**
 * Reads that go to the chain's own RPC (not the wallet): one JSON-RPC call, and receipt waits on
 * eip155 (eth_getTransactionReceipt) and Solana (getSignatureStatuses until confirmed). Part of the
 * lazy engine chunk.
 */
import type { Timers, TransactionReceipt } from '@portico/headless'
import { ERRORS, PorticoError } from '@portico/headless'
import { evmReceipt, rpcAnswer, signatureStatuses } from './schemas'

/** A JSON-RPC error answer of the node: the request itself is wrong, asking again will not help. */
export class NodeError extends Error {
  readonly code?: number
  constructor(message: string, code?: number) {
    super(message)
    if (code !== undefined) this.code = code
  }
}

/** One JSON-RPC call over HTTP POST; the node's error is a NodeError, an unreadable answer an Error. */
export async function chainRpc(doFetch: typeof fetch, url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await doFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = rpcAnswer.safeParse(await res.json().catch(() => undefined))
  if (!body.success) throw new Error(`${method}: unexpected answer (HTTP ${res.status})`)
  if ('error' in body.data) throw new NodeError(body.data.error.message ?? `${method} failed`, body.data.error.code)
  return body.data.result
}

/** The receipt of an included EVM transaction, else undefined. */
export async function evmReceiptOf(doFetch: typeof fetch, url: string, hash: string): Promise<TransactionReceipt | undefined> {
  const parsed = evmReceipt.safeParse(await chainRpc(doFetch, url, 'eth_getTransactionReceipt', [hash]))
  if (!parsed.success) throw new NodeError('eth_getTransactionReceipt: malformed receipt')
  if (!parsed.data) return undefined
  return {
    hash: parsed.data.transactionHash,
    status: parsed.data.status === '0x1' ? 'success' : 'reverted',
    blockNumber: BigInt(parsed.data.blockNumber),
  }
}

/** A Solana signature's outcome once confirmed (or finalized), else undefined. */
export async function solanaReceiptOf(doFetch: typeof fetch, url: string, signature: string): Promise<TransactionReceipt | undefined> {
  const parsed = signatureStatuses.safeParse(
    await chainRpc(doFetch, url, 'getSignatureStatuses', [[signature], { searchTransactionHistory: true }]),
  )
  if (!parsed.success) throw new NodeError('getSignatureStatuses: malformed answer')
  const status = parsed.data.value[0]
  if (!status || (status.confirmationStatus !== 'confirmed' && status.confirmationStatus !== 'finalized')) return undefined
  return {
    hash: signature,
    status: status.err === null || status.err === undefined ? 'success' : 'reverted',
    blockNumber: BigInt(status.slot),
  }
}

/**
 * Asks `check` every `pollMs` until it gives the receipt. Rejects with 'Transaction error' after
 * `timeoutMs`, at once on a NodeError; other failures (the fetch) are retried until the time is up.
 */
export function pollReceipt(o: {
  hash: string
  check: () => Promise<TransactionReceipt | undefined>
  timeoutMs: number
  pollMs: number
  timers: Timers
}): Promise<TransactionReceipt> {
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
      reject(new PorticoError(ERRORS.transactionError, { cause: new Error(`No receipt for ${o.hash} within ${o.timeoutMs} ms`) }))
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
