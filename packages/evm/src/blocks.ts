// New blocks of a chain (ChainAdapter.watchBlocks): eth_blockNumber asked every `intervalMs` from the
// chain's RPC (not the wallet). Loaded on the first watch, so an app that never shows a balance pays
// nothing for it.
import { defaultTimers, type Timers } from '@portico/headless'
import { hexToBigInt, isHex } from 'viem'

export interface PollBlocksParams {
  /** The chain's JSON-RPC URL. */
  url: string
  onBlock: (block: bigint) => void
  /** @default globalThis.fetch */
  fetch?: typeof fetch
  /** @default the globals */
  timers?: Timers
  /** Between two reads. @default 2000 (the block time of Base, SPEC §9) */
  intervalMs?: number
}

/**
 * Reads the block number now and every `intervalMs` after the last read ended; calls `onBlock` for
 * every higher number than the last one seen (the first read only sets the start). A failed read or
 * an answer that is not a hex quantity is skipped. Returns the stop function.
 */
export function pollBlocks(p: PollBlocksParams): () => void {
  const timers = p.timers ?? defaultTimers
  const doFetch = p.fetch ?? globalThis.fetch
  let last: bigint | undefined
  let stopped = false
  let next: unknown
  const read = async (): Promise<void> => {
    try {
      const res = await doFetch(p.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      })
      const body = (await res.json()) as { result?: unknown }
      if (typeof body.result === 'string' && isHex(body.result) && body.result.length > 2) {
        const block = hexToBigInt(body.result)
        if (last !== undefined && block > last && !stopped) p.onBlock(block)
        if (last === undefined || block > last) last = block
      }
    } catch {
      // skipped: the next read asks again
    }
    if (!stopped) next = timers.setTimeout(() => void read(), p.intervalMs ?? 2000)
  }
  void read()
  return () => {
    stopped = true
    if (next !== undefined) timers.clearTimeout(next)
  }
}
