// The server load run shared by `npm run bench:server` (bench/server-load.mjs) and the bounded test in
// `npm test` (tests/server-load.test.ts): the Portico API listening on 127.0.0.1, on a real Postgres
// wire protocol (PGlite behind @electric-sql/pglite-socket, reached through DATABASE_URL and
// node-postgres), over a real devnet chain (anvil with the tokens, ENS and AMM deployed), asked
// `requests` times with `concurrency` requests in flight over its read routes. It measures; it
// asserts nothing (the test asserts 0 errors, never a time).
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { getFreePort, startDevnet } from '@portico/devnet'
import { createNamesRepository, openDatabase, startServer } from '@portico/server'

export type LoadRoute = { name: string; method: 'GET' | 'POST'; path: string; body?: string }

export type LoadOptions = {
  /** Requests in all. @default 5_000 */
  requests?: number
  /** Requests in flight at once. @default 50 */
  concurrency?: number
  /** Requests before the measured run (not counted), to warm caches and connections. @default 200 */
  warmup?: number
}

export type RouteFigures = { name: string; count: number; errors: number; p50: number; p99: number }

export type LoadResult = {
  requests: number
  concurrency: number
  errors: number
  /** The first few failures: `<route> <status or error>`. */
  failures: string[]
  durationMs: number
  requestsPerSecond: number
  p50: number
  p99: number
  max: number
  routes: RouteFigures[]
  /** Process memory (the server, the load generator and PGlite share it), MiB. */
  memory: { rssBefore: number; rssAfter: number; heapBefore: number; heapAfter: number }
}

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NAMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] as number
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits
const mib = (bytes: number) => round(bytes / 1024 / 1024, 1)

/** The read routes asked, round-robin. */
export function loadRoutes(chainId: string): LoadRoute[] {
  return [
    { name: 'GET /v1/supported-chains', method: 'GET', path: '/v1/supported-chains' },
    { name: 'GET /appkit/v1/config', method: 'GET', path: '/appkit/v1/config?projectId=load' },
    { name: 'GET /projects/v1/origins', method: 'GET', path: '/projects/v1/origins?projectId=load' },
    // A name registered in the database: answered from Postgres.
    { name: 'GET /v1/identity (Postgres name)', method: 'GET', path: `/v1/identity/${NAMED}` },
    { name: 'GET /v1/account/balance (anvil)', method: 'GET', path: `/v1/account/${ADDRESS}/balance?currency=usd&chainId=${chainId}` },
    { name: 'GET /v1/account/history (Postgres)', method: 'GET', path: `/v1/account/${ADDRESS}/history?chainId=${chainId}&limit=20` },
    { name: 'GET /v1/convert/tokens (anvil)', method: 'GET', path: `/v1/convert/tokens?chainId=${chainId}` },
    {
      name: 'POST /v1/ eth_chainId (RPC proxy, cached)',
      method: 'POST',
      path: `/v1/?chainId=${chainId}&projectId=load`,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    },
  ]
}

export type LoadFigures = Omit<LoadResult, 'memory'>

/**
 * Ask `base` `requests` times over `routes` (round-robin), `concurrency` at once, after `warmup`
 * requests that are not counted; a request that answers other than 200 (or a POST without a JSON-RPC
 * result) is an error. Each request gives up after 30 s.
 */
export async function measureLoad(
  base: string,
  routes: LoadRoute[],
  options: { requests: number; concurrency: number; warmup: number; beforeRun?: () => void; afterRun?: () => void },
): Promise<LoadFigures> {
  const { requests: total, concurrency, warmup } = options
  const samples: number[][] = routes.map(() => [])
  const errorsByRoute = routes.map(() => 0)
  const failures: string[] = []

  async function ask(i: number, measure: boolean) {
    const routeIndex = i % routes.length
    const route = routes[routeIndex]!
    const t0 = performance.now()
    let failure: string | undefined
    try {
      const res = await fetch(`${base}${route.path}`, {
        method: route.method,
        headers: route.body ? { 'content-type': 'application/json' } : {},
        body: route.body,
        signal: AbortSignal.timeout(30_000),
      })
      const text = await res.text()
      if (res.status !== 200) failure = `${res.status} ${text.slice(0, 120)}`
      else if (route.method === 'POST' && !text.includes('"result"')) failure = `no result: ${text.slice(0, 120)}`
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error)
    }
    const ms = performance.now() - t0
    if (!measure) return
    samples[routeIndex]!.push(ms)
    if (failure !== undefined) {
      errorsByRoute[routeIndex]! += 1
      if (failures.length < 10) failures.push(`${route.name}: ${failure}`)
    }
  }

  async function run(count: number, measure: boolean) {
    let next = 0
    await Promise.all(
      Array.from({ length: Math.min(concurrency, count) }, async () => {
        while (next < count) await ask(next++, measure)
      }),
    )
  }

  await run(warmup, false)
  options.beforeRun?.()
  const start = performance.now()
  await run(total, true)
  const durationMs = performance.now() - start
  options.afterRun?.()

  const all = samples.flat().sort((a, b) => a - b)
  return {
    requests: all.length,
    concurrency,
    errors: errorsByRoute.reduce((a, b) => a + b, 0),
    failures,
    durationMs: round(durationMs, 0),
    requestsPerSecond: round(all.length / (durationMs / 1000), 0),
    p50: round(percentile(all, 50)),
    p99: round(percentile(all, 99)),
    max: round(all.at(-1) ?? 0),
    routes: routes.map((r, i) => {
      const sorted = [...samples[i]!].sort((a, b) => a - b)
      return {
        name: r.name,
        count: sorted.length,
        errors: errorsByRoute[i]!,
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
      }
    }),
  }
}

/** Start the stack, run the load, stop everything (also on failure). */
export async function runServerLoad(options: LoadOptions = {}): Promise<LoadResult> {
  const total = options.requests ?? 5_000
  const concurrency = options.concurrency ?? 50
  const warmup = options.warmup ?? 200

  const pglite = await PGlite.create()
  const wirePort = await getFreePort()
  const wire = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: wirePort, maxConnections: 16 })
  await wire.start()
  const databaseUrl = `postgres://postgres@127.0.0.1:${wirePort}/postgres`
  const devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    const chain = devnet.chains[0]!
    // The name the identity route finds in Postgres, written over the wire like everything else.
    const seed = await openDatabase({ databaseUrl })
    try {
      await createNamesRepository(seed).register({ name: 'loadtest', address: NAMED, coinType: 60 })
    } finally {
      await seed.close()
    }
    server = await startServer({
      databaseUrl,
      chains: [
        {
          chainId: chain.chainId,
          name: chain.name,
          rpcUrl: chain.rpcUrl,
          nativeCurrency: chain.nativeCurrency,
          tokens: chain.tokens.map((t) => ({ address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals })),
          ens: { universalResolver: chain.ens.universalResolver },
          swap: { router: chain.amm.router, weth: chain.amm.weth },
        },
      ],
      indexer: { enabled: false },
      // One project asks for everything: no rate limit in the way of 5 000 requests.
      rpcProxy: { rateLimit: false },
      onError: () => undefined,
    })
    const base = server.url
    const routes = loadRoutes(chain.caipNetworkId)
    let before: NodeJS.MemoryUsage | undefined
    let after: NodeJS.MemoryUsage | undefined
    const figures = await measureLoad(base, routes, {
      requests: total,
      concurrency,
      warmup,
      beforeRun: () => {
        globalThis.gc?.()
        before = process.memoryUsage()
      },
      afterRun: () => {
        after = process.memoryUsage()
      },
    })
    const b = before as NodeJS.MemoryUsage
    const a = after as NodeJS.MemoryUsage
    return {
      ...figures,
      memory: { rssBefore: mib(b.rss), rssAfter: mib(a.rss), heapBefore: mib(b.heapUsed), heapAfter: mib(a.heapUsed) },
    }
  } finally {
    await server?.stop()
    await devnet.stop()
    await wire.stop()
    await pglite.close()
  }
}

/** The result as the lines the bench prints (and bench/README.md quotes). */
export function formatLoadResult(r: LoadResult): string {
  const lines = [
    `${r.requests} requests, concurrency ${r.concurrency}, ${r.errors} errors, ${r.durationMs} ms (${r.requestsPerSecond} req/s)`,
    `latency: p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms`,
    `memory (process RSS): ${r.memory.rssBefore} MiB before → ${r.memory.rssAfter} MiB after; heap ${r.memory.heapBefore} → ${r.memory.heapAfter} MiB`,
    'per route:',
    ...r.routes.map(
      (x) =>
        `  ${x.name.padEnd(44)} n=${String(x.count).padStart(5)}  p50 ${String(x.p50).padStart(7)} ms  p99 ${String(x.p99).padStart(7)} ms  errors ${x.errors}`,
    ),
  ]
  if (r.failures.length > 0) lines.push('first failures:', ...r.failures.map((f) => `  ${f}`))
  return lines.join('\n')
}
