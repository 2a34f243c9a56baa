// Chain reads of the SPL transfer and receipt wait, each RPC result parsed with zod: the owner
// program of an account, and signature status polling (the node call and the polling itself:
// @portico/headless/adapter-kit). Loaded with import() on first use.
import type { Timers, TransactionReceipt } from '@portico/headless'
import { defaultTimers, ERRORS, PorticoError, RECEIPT_TIMEOUT_MS } from '@portico/headless'
import { chainRpc, pollReceipt, solanaReceiptOf } from '@portico/headless/adapter-kit'
import { z } from 'zod/mini'

const accountInfoSchema = z.object({ value: z.nullable(z.object({ owner: z.string() })) })

/** The program owning `address` (getAccountInfo, confirmed), or null when the account does not exist. */
export async function accountOwner(doFetch: typeof fetch, url: string, address: string): Promise<string | null> {
  const raw = await chainRpc(doFetch, url, 'getAccountInfo', [
    address,
    { encoding: 'base64', commitment: 'confirmed', dataSlice: { offset: 0, length: 0 } },
  ])
  const parsed = accountInfoSchema.safeParse(raw)
  if (!parsed.success) throw new PorticoError(ERRORS.createTransaction, { cause: raw })
  return parsed.data.value?.owner ?? null
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
  return pollReceipt({
    hash: o.signature,
    check: () => solanaReceiptOf(o.fetch, o.url, o.signature),
    timeoutMs: o.timeoutMs,
    pollMs: o.pollMs,
    timers: o.timers,
    timeoutMessage: `${o.signature} was not confirmed within ${o.timeoutMs} ms`,
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
