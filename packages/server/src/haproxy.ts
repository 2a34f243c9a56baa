/**
 * HAProxy in front of API instances, for the topology tests (issue 24): Debian's `haproxy` with its
 * own config in a temp directory, in the foreground, on 127.0.0.1 at a free port, round robin, and
 * `option forwardfor` (it appends the client's address to X-Forwarded-For, as load balancers do).
 * Never a system service; `stop()` ends it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getFreePort } from '@portico/devnet'

export interface Haproxy {
  url: string
  /** HAProxy's process id (benchmarks read its CPU time). */
  pid: number
  stop(): Promise<void>
}

export const HAPROXY_BIN = process.env.PORTICO_HAPROXY ?? '/usr/sbin/haproxy'

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })

export interface HaproxyOptions {
  /**
   * Health checks: GET `path` every `intervalMs` on each backend (each may take 2 s); a server is taken
   * out after one failed check (a 503 from a draining instance, a refused connection) and back after one good one.
   */
  healthCheck?: { path: string; intervalMs: number }
  /**
   * Keep connections to the instances open across requests (HAProxy's default, for benchmarks).
   * Off: one connection per request (`option http-server-close`). @default false
   */
  serverKeepAlive?: boolean
}

/**
 * Start HAProxy balancing over `backends` (`http://127.0.0.1:port` URLs). A refused connection is
 * retried (3 times, the last one on another server: `option redispatch`); each answer names the
 * server that gave it in `X-Portico-Backend` (api0, api1 …).
 */
export async function startHaproxy(backends: string[], options: HaproxyOptions = {}): Promise<Haproxy> {
  if (!existsSync(HAPROXY_BIN)) throw new Error(`HAProxy is not installed at ${HAPROXY_BIN} (apt-get install haproxy)`)
  const dir = mkdtempSync(join(tmpdir(), 'portico-haproxy-'))
  const port = await getFreePort()
  const servers = backends.map((backend, i) => {
    const { hostname, port: backendPort } = new URL(backend)
    if (hostname !== '127.0.0.1') throw new Error('The topology tests balance over 127.0.0.1 only')
    return `  server api${i} 127.0.0.1:${backendPort}${options.healthCheck ? ' check' : ''}`
  })
  const check = options.healthCheck
    ? [
        '  option httpchk',
        `  http-check send meth GET uri ${options.healthCheck.path}`,
        '  http-check expect status 200',
        `  default-server inter ${options.healthCheck.intervalMs}ms fall 1 rise 1`,
        // Without it a check may take `inter` at most: a /readyz slower than 200 ms under load would
        // take a healthy instance out (both at once: "No server is available", 503).
        '  timeout check 2s',
      ]
    : []
  const config = [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  option forwardfor',
    ...(options.serverKeepAlive ? [] : ['  option http-server-close']),
    '  retries 3',
    '  option redispatch',
    'frontend portico',
    `  bind 127.0.0.1:${port}`,
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  http-response set-header X-Portico-Backend %s',
    ...check,
    ...servers,
    '',
  ].join('\n')
  const file = join(dir, 'haproxy.cfg')
  writeFileSync(file, config)
  const child: ChildProcess = spawn(HAPROXY_BIN, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 10_000
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`HAProxy did not start: ${stderr.slice(0, 500)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid as number, stop }
}
