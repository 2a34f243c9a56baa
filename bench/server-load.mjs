// Benchmark (not a test): the Portico API under load on 127.0.0.1 over a real Postgres wire protocol
// (PGlite behind pglite-socket, DATABASE_URL) and a devnet anvil chain. Run with `npm run bench:server`
// (options: --requests N, --concurrency N, --warmup N, --json FILE). Prints p50/p99 per route and the
// process memory before and after; exits 1 when a request failed. bench/README.md has the figures.
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { formatLoadResult, runServerLoad } from './server-load.ts'

const { values } = parseArgs({
  options: { requests: { type: 'string' }, concurrency: { type: 'string' }, warmup: { type: 'string' }, json: { type: 'string' } },
})
const int = (v, fallback) => (v === undefined ? fallback : Number.parseInt(v, 10))
const result = await runServerLoad({
  requests: int(values.requests, 20_000),
  concurrency: int(values.concurrency, 50),
  warmup: int(values.warmup, 500),
})
console.log(formatLoadResult(result))
if (values.json) writeFileSync(values.json, JSON.stringify(result, null, 2))
process.exitCode = result.errors === 0 ? 0 : 1
