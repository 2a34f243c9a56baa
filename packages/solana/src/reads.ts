// Chain reads of the SPL transfer and receipt wait, each RPC result parsed with zod: the owner
// program of an account, and signature status polling. Loaded with import() on first use.
import type { Timers, TransactionReceipt } from '@portico/headless'
import { defaultTimers, ERRORS, PorticoError, RECEIPT_TIMEOUT_MS } from '@portico/headless'
import { z } from 'zod/mini'

const rpcResponseSchema = z.union([
  z.object({ error: z.object({ code: z.optional(z.number()), message: z.optional(z.string()) }) }),
  z.object({ result: z.unknown() }),
])

/** A JSON-RPC error answer: the request itself is wrong. */
export class NodeError extends Error {
  readonly code?: number
  constructor(message: string, code?: number) {
    super(message)
    if (code !== undefined) this.code = code
  }
}

async function rpc(doFetch: typeof fetch, url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await doFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = rpcResponseSchema.safeParse(await res.json())
  if (!body.success) throw new Error(`${method}: unexpected response (HTTP ${res.status})`)
  if ('error' in body.data) throw new NodeError(body.data.error.message ?? `${method} failed`, body.data.error.code)
  return body.data.result
}

const accountInfoSchema = z.object({ value: z.nullable(z.object({ owner: z.string() })) })

/** The program owning `address` (getAccountInfo, confirmed), or null when the account does not exist. */
export async function accountOwner(doFetch: typeof fetch, url: string, address: string): Promise<string | null> {
  const raw = await rpc(doFetch, url, 'getAccountInfo', [
    address,
    { encoding: 'base64', commitment: 'confirmed', dataSlice: { offset: 0, length: 0 } },
  ])
  const parsed = accountInfoSchema.safeParse(raw)
  if (!parsed.success) throw new PorticoError(ERRORS.createTransaction, { cause: raw })
  return parsed.data.value?.owner ?? null
}

const statusSchema = z.object({
  value: z.array(
    z.nullable(
      z.object({
        // a JSON number (JSON.parse gives no bigint); z.bigint() would add ~60 B to every initial load that holds zod
        slot: z.number(),
        err: z.unknown(),
        confirmationStatus: z.optional(z.nullable(z.enum(['processed', 'confirmed', 'finalized']))),
      }),
    ),
  ),
})

/** The signature's status once it is confirmed (or finalized), else undefined. */
async function confirmedStatus(doFetch: typeof fetch, url: string, signature: string): Promise<TransactionReceipt | undefined> {
  const raw = await rpc(doFetch, url, 'getSignatureStatuses', [[signature], { searchTransactionHistory: true }])
  const parsed = statusSchema.safeParse(raw)
  if (!parsed.success) throw new NodeError('getSignatureStatuses: malformed answer')
  const status = parsed.data.value[0]
  if (!status || (status.confirmationStatus !== 'confirmed' && status.confirmationStatus !== 'finalized')) return undefined
  const failed = status.err !== null && status.err !== undefined
  return { hash: signature, status: failed ? 'reverted' : 'success', blockNumber: BigInt(status.slot) }
}

export interface PollSignatureOptions {
  fetch: typeof fetch
  url: string
  signature: string
  timeoutMs: number
  pollMs: number
  timers: Timers
}

/**
 * Polls getSignatureStatuses every `pollMs` until the transaction is confirmed; resolves with its
 * slot and whether it failed ('reverted'). Rejects with 'Transaction error' after `timeoutMs`, at
 * once when the node refuses the request; a failed fetch is retried until the time is up.
 */
export function pollSignature(o: PollSignatureOptions): Promise<TransactionReceipt> {
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
      reject(new PorticoError(ERRORS.transactionError, { cause: new Error(`${o.signature} was not confirmed within ${o.timeoutMs} ms`) }))
    }, o.timeoutMs)
    const attempt = async () => {
      next = undefined
      try {
        const receipt = await confirmedStatus(o.fetch, o.url, o.signature)
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

/** 'waitForReceipt': signature statuses on `url` until confirmed, with the adapter's options (timeout, poll interval, timers). */
export function waitForSignature(
  doFetch: typeof fetch,
  url: string,
  p: { hash: string; timeoutMs?: number },
  o: { timers?: Timers; receiptPollMs?: number },
): Promise<TransactionReceipt> {
  return pollSignature({
    fetch: doFetch,
    url,
    signature: p.hash,
    timeoutMs: p.timeoutMs ?? RECEIPT_TIMEOUT_MS,
    pollMs: o.receiptPollMs ?? 500,
    timers: o.timers ?? defaultTimers,
  })
}
