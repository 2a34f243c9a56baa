// Graceful shutdown (issue 24 §2): drain() turns GET /readyz to 503 while the routes still serve;
// shutdown() closes the listener, lets the requests in flight finish (bounded), closes the database;
// main.ts does it on SIGTERM and exits 0. A request is held in flight by an upstream JSON-RPC server
// that answers only when the test releases it (POST /v1/ eth_blockNumber goes upstream, uncached).
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, request, type ServerResponse } from 'node:http'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CLI_CHAINS, parseCli } from './cli.ts'
import { type RunningServer, startServer } from './index.ts'
import { TEST_DB_TEMPLATE_DIR } from './test-support.ts'

/** A JSON-RPC upstream that holds every call until release(). */
function heldUpstream() {
  const held: ServerResponse[] = []
  let waiters: (() => void)[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number }
      res.setHeader('content-type', 'application/json')
      Object.assign(res, { answer: JSON.stringify({ jsonrpc: '2.0', id, result: '0x10' }) })
      held.push(res)
      for (const wake of waiters) wake()
      waiters = []
    })
  })
  return {
    server,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as { port: number }).port}`
    },
    /** Resolves once `n` calls are held. */
    async holding(n: number) {
      while (held.length < n) await new Promise<void>((resolve) => waiters.push(resolve))
    },
    release() {
      for (const res of held.splice(0)) if (!res.destroyed) res.end((res as ServerResponse & { answer: string }).answer)
    },
  }
}

/** One request on a connection of its own (no keep-alive pool): status, headers and body, or the socket's error. */
function send(
  url: string,
  method = 'GET',
  body?: string,
): Promise<{ status: number; connection: string | undefined; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(url, { method, agent: false, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        text += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }))
      res.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }))
    })
    req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }))
    req.end(body)
  })
}

const CALL = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_blockNumber', params: [] })
const rpcPath = '/v1/?chainId=eip155:31337&projectId=shutdown-test'
const upstream = heldUpstream()
let upstreamUrl: string
const chains = () => [{ chainId: 31337, name: 'Held', rpcUrl: upstreamUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]

beforeAll(async () => {
  upstreamUrl = await upstream.listen()
})
afterAll(async () => {
  upstream.release()
  upstream.server.closeAllConnections()
  await new Promise((resolve) => upstream.server.close(resolve))
})

describe('startServer: drain and shutdown', () => {
  let server: RunningServer
  const open = async (shutdownTimeoutMs?: number) => {
    server = await startServer({
      chains: chains(),
      indexer: { enabled: false },
      rpcProxy: { rateLimit: false },
      memoryTemplateDir: TEST_DB_TEMPLATE_DIR,
      onError: () => {},
      ...(shutdownTimeoutMs === undefined ? {} : { shutdownTimeoutMs }),
    })
  }
  afterEach(async () => {
    upstream.release()
    await server?.stop()
  })

  it('drain(): GET /readyz answers 503 "shutting down"; the routes still serve, with Connection: close', async () => {
    await open()
    expect(await send(`${server.url}/readyz`)).toMatchObject({ status: 200, body: '{"status":"ready"}' })
    server.drain()
    expect(await send(`${server.url}/readyz`)).toEqual({
      status: 503,
      connection: 'close',
      body: '{"status":"unavailable","reason":"shutting down"}',
    })
    expect(await send(`${server.url}/healthz`)).toMatchObject({ status: 200, body: '{"status":"ok"}' })
    expect(await send(`${server.url}/v1/supported-chains`)).toEqual({
      status: 200,
      connection: 'close',
      body: '{"http":["eip155:31337"],"ws":[]}',
    })
  })

  it('shutdown(): a request in flight finishes with its answer, new connections are refused, the database is closed', async () => {
    await open()
    const pending = send(`${server.url}${rpcPath}`, 'POST', CALL)
    await upstream.holding(1)
    const stopping = server.shutdown()
    expect(await send(`${server.url}/healthz`)).toEqual({ error: 'ECONNREFUSED' })
    upstream.release()
    expect(await pending).toEqual({ status: 200, connection: 'close', body: '{"jsonrpc":"2.0","id":7,"result":"0x10"}' })
    expect(await stopping).toEqual({ finished: 1, cut: 0 })
    await expect(server.db.query('SELECT 1')).rejects.toThrow()
  })

  it('shutdown() is bounded: a request still running after shutdownTimeoutMs (50 ms) is cut, and the server stops all the same', async () => {
    await open(50)
    const pending = send(`${server.url}${rpcPath}`, 'POST', CALL)
    await upstream.holding(1)
    expect(await server.shutdown()).toEqual({ finished: 0, cut: 1 })
    expect(await pending).toEqual({ error: 'ECONNRESET' })
    await expect(server.db.query('SELECT 1')).rejects.toThrow()
  })

  it('stop() during a shutdown() cuts what is still in flight at once', async () => {
    await open()
    const pending = send(`${server.url}${rpcPath}`, 'POST', CALL)
    await upstream.holding(1)
    const stopping = server.shutdown({ timeoutMs: 600_000 })
    await server.stop()
    expect(await stopping).toEqual({ finished: 0, cut: 1 })
    expect(await pending).toEqual({ error: 'ECONNRESET' })
  })

  it('refuses a shutdownTimeoutMs that is not a whole number of ms', async () => {
    await expect(startServer({ chains: [], shutdownTimeoutMs: -1 })).rejects.toThrow(
      'shutdownTimeoutMs must be a whole number of ms, 0 or more',
    )
  })
})

describe('parseCli: shutdown options', () => {
  it('reads --shutdown-delay / PORTICO_SHUTDOWN_DELAY_MS and --shutdown-timeout / PORTICO_SHUTDOWN_TIMEOUT_MS (argument over environment)', () => {
    expect(parseCli(['--shutdown-delay', '2000'], { PORTICO_SHUTDOWN_DELAY_MS: '1', PORTICO_SHUTDOWN_TIMEOUT_MS: '5000' })).toEqual({
      port: 8787,
      chains: DEFAULT_CLI_CHAINS,
      shutdownDelayMs: 2000,
      shutdownTimeoutMs: 5000,
    })
    expect(parseCli([], {})).not.toHaveProperty('shutdownTimeoutMs')
  })
  it.each([
    [['--shutdown-delay', '1.5'], 'shutdown-delay must be a whole number of milliseconds'],
    [['--shutdown-timeout=-1'], 'shutdown-timeout must be a whole number of milliseconds'],
    [['--shutdown-timeout', 'soon'], 'shutdown-timeout must be a whole number of milliseconds'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(message)
  })
})

describe('main.ts on SIGTERM', () => {
  let child: ChildProcess | undefined
  afterEach(() => {
    upstream.release()
    if (child?.exitCode === null) child.kill('SIGKILL')
  })

  /** Start main.ts; resolves with its URL and a reader of everything it printed. */
  async function main(args: string[]) {
    const proc = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts'), '--port', '0', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORTICO_CHAINS: JSON.stringify(chains()), PORTICO_INDEXER: 'off', PORTICO_LOG_LEVEL: 'warn' },
    })
    child = proc
    let out = ''
    // 'close': the process has exited and its output is all read.
    const exited = new Promise<number | null>((resolve) => proc.once('close', (code) => resolve(code)))
    const url = await new Promise<string>((resolve, reject) => {
      proc.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
        if (match) resolve(match[1] as string)
      })
      proc.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
      proc.once('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${out}`)))
    })
    return { proc, url, exited, output: () => out }
  }

  it('finishes the request in flight, refuses new connections, closes the database and exits 0', async () => {
    const { proc, url, exited, output } = await main(['--shutdown-timeout', '30000'])
    const pending = send(`${url}${rpcPath}`, 'POST', CALL)
    await upstream.holding(1)
    proc.kill('SIGTERM')
    await expect.poll(() => send(`${url}/healthz`)).toEqual({ error: 'ECONNREFUSED' })
    upstream.release()
    expect(await pending).toMatchObject({ status: 200, body: '{"jsonrpc":"2.0","id":7,"result":"0x10"}' })
    expect(await exited).toBe(0)
    expect(output()).toContain('SIGTERM: shutting down\n')
    // The held call, and any probe of the poll above that came before the listener closed.
    const stopped = /Stopped: (\d+) requests finished while stopping, 0 cut\n/.exec(output())
    expect(Number(stopped?.[1])).toBeGreaterThanOrEqual(1)
  })

  it('a second SIGTERM while requests are finishing cuts them at once and exits 0', async () => {
    const { proc, url, exited, output } = await main(['--shutdown-timeout', '600000'])
    const pending = send(`${url}${rpcPath}`, 'POST', CALL)
    await upstream.holding(1)
    proc.kill('SIGTERM')
    // The listener is closed: the shutdown waits for the held request.
    await expect.poll(() => send(`${url}/healthz`)).toEqual({ error: 'ECONNREFUSED' })
    proc.kill('SIGTERM')
    expect(await pending).toEqual({ error: 'ECONNRESET' })
    expect(await exited).toBe(0)
    expect(output()).toContain('SIGTERM again: cutting the requests still in flight')
  })

  it('with --shutdown-delay, serves on with GET /readyz at 503 until the delay ends; a second SIGTERM cuts at once', async () => {
    // A delay far longer than the test: the second signal ends it.
    const { proc, url, exited, output } = await main(['--shutdown-delay', '600000'])
    expect(await send(`${url}/readyz`)).toMatchObject({ status: 200 })
    const pending = send(`${url}${rpcPath}`, 'POST', CALL)
    await upstream.holding(1)
    proc.kill('SIGTERM')
    await expect.poll(() => output()).toContain('SIGTERM: shutting down in 600000 ms (GET /readyz answers 503 meanwhile)')
    expect(await send(`${url}/readyz`)).toMatchObject({ status: 503, body: '{"status":"unavailable","reason":"shutting down"}' })
    expect(await send(`${url}/v1/supported-chains`)).toMatchObject({ status: 200, connection: 'close' })
    proc.kill('SIGTERM')
    expect(await pending).toEqual({ error: 'ECONNRESET' })
    expect(await exited).toBe(0)
    expect(output()).toContain('SIGTERM again: cutting the requests still in flight')
  })
})
