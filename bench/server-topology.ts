// The Portico API under load on real parts (issue 24, `npm run bench:server`): a throwaway PostgreSQL
// server (pg-cluster.ts: initdb in a temp directory, 127.0.0.1), one or two API instances as
// processes of their own (main.ts on the sources), HAProxy in front (round robin, keep-alive to the
// instances), and a devnet anvil chain; the load generator (this process) asks the balancer over the
// read routes of server-load.ts. Everything listens on 127.0.0.1 and is stopped at the end (also on
// failure). It measures; it asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import path from 'node:path'
import { getFreePort, startDevnet } from '@portico/devnet'
import { createNamesRepository, openDatabase } from '@portico/server'
import { startPostgresCluster } from '../packages/server/src/db/pg-cluster.ts'
import { startHaproxy } from '../packages/server/src/haproxy.ts'
import { type LoadFigures, loadRoutes, measureLoad } from './server-load.ts'

const MAIN = path.resolve(import.meta.dirname, '../packages/server/src/main.ts')
const NAMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export type TopologyLoadResult = LoadFigures & {
  instances: number
  /** Each API process's resident memory after the run, MiB (from /proc). */
  instanceRss: number[]
  /**
   * CPU seconds spent during the measured run (from /proc, user + system), by part: the API
   * processes, the load generator (this process), HAProxy, PostgreSQL (the server and its backends),
   * anvil; and the machine's, all processes of every user together, against `cores` × duration.
   */
  cpu: { api: number; client: number; haproxy: number; postgres: number; anvil: number; machine: number; cores: number }
}

/** utime + stime of a process, in seconds (0 when it is gone). */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** The pids whose command line `match` accepts, and their descendants. */
function processTree(match: (argv: string[]) => boolean): number[] {
  const procs = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
        const argv = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0')
        return { pid: Number(d), ppid, argv }
      } catch {
        return undefined
      }
    })
    .filter((p) => p !== undefined)
  const found = new Set(procs.filter((p) => match(p.argv)).map((p) => p.pid))
  for (let grew = true; grew; ) {
    grew = false
    for (const p of procs)
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid)
        grew = true
      }
  }
  return [...found]
}

/** Busy CPU seconds of the whole machine (every core, every process), from /proc/stat. */
function machineBusy(): number {
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number)
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100
}

const rssOf = (pid: number | undefined) => {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kib ? Math.round(Number(kib) / 102.4) / 10 : 0
  } catch {
    return 0
  }
}

/** main.ts on `port` with `env`; resolves once it listens. */
async function startInstance(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=@portico/source', MAIN, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  let out = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('listening on')) resolve()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.once('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${out.slice(0, 500)}`)))
  })
  return child
}

async function stopInstance(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** Start Postgres, `instances` API processes and HAProxy; run the load through HAProxy; stop everything. */
export async function runTopologyLoad(options: {
  instances: number
  requests: number
  concurrency: number
  warmup: number
}): Promise<TopologyLoadResult> {
  const cluster = await startPostgresCluster({ maxConnections: 100 })
  const children: ChildProcess[] = []
  let balancer: Awaited<ReturnType<typeof startHaproxy>> | undefined
  let devnet: Awaited<ReturnType<typeof startDevnet>> | undefined
  try {
    const databaseUrl = await cluster.createDatabase('portico_bench')
    // Migrated once here, with the name the identity route finds in Postgres.
    const seed = await openDatabase({ databaseUrl })
    try {
      await createNamesRepository(seed).register({ name: 'loadtest', address: NAMED, coinType: 60 })
    } finally {
      await seed.close()
    }
    devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
    const chain = devnet.chains[0]!
    const chains = [
      {
        chainId: chain.chainId,
        name: chain.name,
        rpcUrl: chain.rpcUrl,
        nativeCurrency: chain.nativeCurrency,
        tokens: chain.tokens.map((t) => ({ address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals })),
        ens: { universalResolver: chain.ens.universalResolver },
        swap: { router: chain.amm.router, weth: chain.amm.weth },
      },
    ]
    const env = {
      DATABASE_URL: databaseUrl,
      PORTICO_CHAINS: JSON.stringify(chains),
      PORTICO_INDEXER: 'off',
      // One project asks for everything: no rate limit in the way.
      PORTICO_RPC_PROXY: JSON.stringify({ rateLimit: false }),
      PORTICO_CLIENT_ADDRESS: '127.0.0.1',
      // The request log at info is one JSON line per request on a pipe: left out of the measure.
      PORTICO_LOG_LEVEL: 'warn',
    }
    const ports = await Promise.all(Array.from({ length: options.instances }, () => getFreePort()))
    children.push(...(await Promise.all(ports.map((port) => startInstance(port, env)))))
    balancer = await startHaproxy(
      ports.map((port) => `http://127.0.0.1:${port}`),
      { serverKeepAlive: true },
    )
    const anvilPort = new URL(chain.rpcUrl).port
    const parts = {
      api: children.map((c) => c.pid as number),
      haproxy: [balancer.pid],
      postgres: processTree((argv) => /postgres$/.test(argv[0] ?? '') && argv.includes(String(cluster.port))),
      anvil: processTree((argv) => /anvil/.test(argv[0] ?? '') && argv.includes(anvilPort)),
    }
    const cpuOfPart = () => Object.fromEntries(Object.entries(parts).map(([k, pids]) => [k, pids.reduce((t, pid) => t + cpuOf(pid), 0)]))
    let before: Record<string, number> = {}
    let after: Record<string, number> = {}
    let client0 = process.cpuUsage()
    let client = 0
    let machine = 0
    const figures = await measureLoad(balancer.url, loadRoutes(chain.caipNetworkId), {
      ...options,
      beforeRun: () => {
        before = cpuOfPart()
        client0 = process.cpuUsage()
        machine = machineBusy()
      },
      afterRun: () => {
        after = cpuOfPart()
        const used = process.cpuUsage(client0)
        client = (used.user + used.system) / 1e6
        machine = machineBusy() - machine
      },
    })
    const delta = (k: string) => Math.round(((after[k] ?? 0) - (before[k] ?? 0)) * 100) / 100
    return {
      ...figures,
      instances: options.instances,
      instanceRss: children.map((c) => rssOf(c.pid)),
      cpu: {
        api: delta('api'),
        client: Math.round(client * 100) / 100,
        haproxy: delta('haproxy'),
        postgres: delta('postgres'),
        anvil: delta('anvil'),
        machine: Math.round(machine * 10) / 10,
        cores: cpus().length,
      },
    }
  } finally {
    await balancer?.stop()
    await Promise.all(children.map(stopInstance))
    await devnet?.stop()
    await cluster.stop()
  }
}

/** The result as the lines the bench prints. */
export function formatTopologyResult(r: TopologyLoadResult): string {
  return [
    `${r.instances} instance${r.instances === 1 ? '' : 's'} behind HAProxy on PostgreSQL: ${r.requests} requests, concurrency ${r.concurrency}, ${r.errors} errors, ${r.durationMs} ms (${r.requestsPerSecond} req/s)`,
    `latency: p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; instance RSS after: ${r.instanceRss.map((m) => `${m} MiB`).join(', ')}`,
    `CPU seconds in the run: API ${r.cpu.api}, load generator ${r.cpu.client}, HAProxy ${r.cpu.haproxy}, PostgreSQL ${r.cpu.postgres}, anvil ${r.cpu.anvil}; the whole machine ${r.cpu.machine} of ${Math.round((r.cpu.cores * r.durationMs) / 100) / 10} (${r.cpu.cores} cores × ${Math.round(r.durationMs / 100) / 10} s)`,
    'per route:',
    ...r.routes.map(
      (x) =>
        `  ${x.name.padEnd(44)} n=${String(x.count).padStart(5)}  p50 ${String(x.p50).padStart(7)} ms  p99 ${String(x.p99).padStart(7)} ms  errors ${x.errors}`,
    ),
    ...(r.failures.length > 0 ? ['first failures:', ...r.failures.map((f) => `  ${f}`)] : []),
  ].join('\n')
}
