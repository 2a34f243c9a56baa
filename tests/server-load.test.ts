// Server load (issue 15's reliability gate): 5 000 requests at concurrency 50 over the API's read
// routes on 127.0.0.1, with a real Postgres wire protocol (PGlite behind pglite-socket, DATABASE_URL)
// and a devnet anvil chain (bench/server-load.ts). It asserts that every request succeeded and the
// figures were measured — never a time: timings are the bench's (npm run bench:server, bench/README.md).
import { describe, expect, it } from 'vitest'
import { formatLoadResult, loadRoutes, runServerLoad } from '../bench/server-load.ts'

describe('server load', () => {
  it('answers 5 000 read requests at concurrency 50 with 0 errors, and reports p50/p99 and memory', async () => {
    const result = await runServerLoad({ requests: 5_000, concurrency: 50, warmup: 100 })
    console.info(formatLoadResult(result))
    expect(result.failures).toEqual([])
    expect(result.errors).toBe(0)
    expect(result.requests).toBe(5_000)
    // Every route was asked its share (round-robin over the 8 routes).
    expect(result.routes.map((r) => r.count)).toEqual(
      loadRoutes('eip155:31337').map((_, i) => Math.floor(5_000 / 8) + (i < 5_000 % 8 ? 1 : 0)),
    )
    expect(result.p99).toBeGreaterThanOrEqual(result.p50)
    expect(result.memory.rssBefore).toBeGreaterThan(0)
    expect(result.memory.rssAfter).toBeGreaterThan(0)
  }, 240_000)
})
