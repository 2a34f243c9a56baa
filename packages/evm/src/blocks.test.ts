import type { Timers } from '@portico/headless'
import { describe, expect, it } from 'vitest'
import { pollBlocks } from './blocks'

/** Timers driven by hand. */
function manualTimers() {
  let now = 0
  let next = 1
  const pending = new Map<number, { at: number; fn: () => void }>()
  const timers: Timers & { advance(ms: number): void; pending(): number } = {
    now: () => now,
    setTimeout(fn, ms) {
      pending.set(next, { at: now + ms, fn })
      return next++
    },
    clearTimeout: (h) => void pending.delete(h as number),
    advance(ms) {
      now += ms
      for (const [id, t] of [...pending]) {
        if (t.at > now) continue
        pending.delete(id)
        t.fn()
      }
    },
    pending: () => pending.size,
  }
  return timers
}

const flush = () => new Promise((r) => setTimeout(r, 0))

/** An RPC answering eth_blockNumber with the next scripted answer (a JSON body, or a thrown error). */
function scriptedRpc(answers: (unknown | Error)[]) {
  const bodies: unknown[] = []
  const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)))
    const next = answers.shift()
    if (next instanceof Error) throw next
    return new Response(JSON.stringify(next), { status: 200 })
  }) as typeof globalThis.fetch
  return { fetch, bodies }
}

describe('pollBlocks (ChainAdapter.watchBlocks)', () => {
  it('reports each higher block after the first read; lower, equal, malformed and failed reads are skipped', async () => {
    const rpc = scriptedRpc([
      { result: '0x10' }, // start
      { result: '0x10' }, // same block
      { result: '0x11' }, // new → 17
      new Error('ECONNREFUSED'), // skipped
      { result: 'nope' }, // skipped
      { result: '0x' }, // skipped
      { result: '0xf' }, // lower (a reorg or another node): skipped
      { result: '0x13' }, // new → 19
    ])
    const timers = manualTimers()
    const blocks: bigint[] = []
    const stop = pollBlocks({ url: 'http://127.0.0.1:8545', onBlock: (b) => blocks.push(b), fetch: rpc.fetch, timers, intervalMs: 500 })
    await flush()
    for (let i = 0; i < 7; i++) {
      timers.advance(500)
      await flush()
    }
    expect(blocks).toEqual([17n, 19n])
    expect(rpc.bodies).toHaveLength(8)
    expect(rpc.bodies[0]).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
    stop()
    expect(timers.pending()).toBe(0)
  })

  it('asks nothing more once stopped, even with a read in flight', async () => {
    const rpc = scriptedRpc([{ result: '0x1' }, { result: '0x2' }, { result: '0x3' }])
    const timers = manualTimers()
    const blocks: bigint[] = []
    const stop = pollBlocks({ url: 'http://127.0.0.1:8545', onBlock: (b) => blocks.push(b), fetch: rpc.fetch, timers, intervalMs: 100 })
    await flush()
    timers.advance(100)
    stop() // the second read is out: its answer (0x2) is not reported and nothing is scheduled
    await flush()
    timers.advance(1000)
    await flush()
    expect(blocks).toEqual([])
    expect(rpc.bodies).toHaveLength(2)
    expect(timers.pending()).toBe(0)
  })
})
