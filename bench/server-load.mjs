// Benchmark (not a test): the Portico API under load on 127.0.0.1 and a devnet anvil chain, in up to three
// runs (--runs, default all): `pglite`, one process with the API on PGlite behind pglite-socket (a
// real Postgres wire protocol, DATABASE_URL); `pg1` and `pg2`, one and two API processes behind HAProxy
// on a throwaway PostgreSQL server (bench/server-topology.ts). Run with `npm run bench:server`
// (options: --requests N, --concurrency N, --warmup N, --runs pglite,pg1,pg2, --json FILE). Prints
// req/s and p50/p99 per run and route; exits 1 when a request failed. bench/README.md has the figures.
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { formatLoadResult, runServerLoad } from './server-load.ts'
import { formatTopologyResult, runTopologyLoad } from './server-topology.ts'

const { values } = parseArgs({
  options: {
    requests: { type: 'string' },
    concurrency: { type: 'string' },
    warmup: { type: 'string' },
    runs: { type: 'string' },
    json: { type: 'string' },
  },
})
const int = (v, fallback) => (v === undefined ? fallback : Number.parseInt(v, 10))
const options = {
  requests: int(values.requests, 20_000),
  concurrency: int(values.concurrency, 50),
  warmup: int(values.warmup, 500),
}
const runs = (values.runs ?? 'pglite,pg1,pg2').split(',').map((r) => r.trim())
for (const run of runs) if (!['pglite', 'pg1', 'pg2'].includes(run)) throw new Error(`--runs: unknown run ${run} (pglite, pg1, pg2)`)
// A run may be named more than once (pg1,pg2,pg1,pg2: interleaved, so that a change of machine load hits both).
const results = []
let errors = 0
for (const run of runs) {
  if (run === 'pglite') {
    const result = await runServerLoad(options)
    console.log(`== pglite: one process, PGlite over the wire\n${formatLoadResult(result)}\n`)
    results.push({ run, ...result })
    errors += result.errors
  } else {
    const result = await runTopologyLoad({ ...options, instances: run === 'pg1' ? 1 : 2 })
    console.log(`== ${run}\n${formatTopologyResult(result)}\n`)
    results.push({ run, ...result })
    errors += result.errors
  }
}
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2))
process.exitCode = errors === 0 ? 0 : 1
