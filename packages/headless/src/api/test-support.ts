/**
 * Test support of the API client tests (imported by *.test.ts only): a fetch that records what each
 * call sends and answers from a route table, and a real node:http server on 127.0.0.1 whose handler
 * a test writes (stall, drip, garbage …), counting requests and open connections.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createApiClient, type ApiClientOptions } from './client'

/** What one call sent. */
export interface Sent {
  method: string
  url: URL
  /** The path without the base path ('/api'). */
  path: string
  /** Query parameters other than projectId, st and sv. */
  query: Record<string, string>
  /** projectId, st and sv as sent. */
  sdk: Record<string, string>
  /** The JSON body (parsed), or undefined. */
  body: unknown
  headers: Record<string, string>
  keepalive: boolean
}

export type Answer = { status?: number; body?: unknown; text?: string }

const SDK_KEYS = ['projectId', 'st', 'sv']
export const SDK = { projectId: 'proj-1', st: 'portico', sv: '0.1.0' }
export const API_BASE = 'http://127.0.0.1:9999/api'
export const EXPLORER_BASE = 'http://127.0.0.1:9998'

/** A fetch answering from `route`, recording every call. */
export function recordingFetch(route: (sent: Sent) => Answer) {
  const calls: Sent[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const query: Record<string, string> = {}
    const sdk: Record<string, string> = {}
    for (const [k, v] of url.searchParams) (SDK_KEYS.includes(k) ? sdk : query)[k] = v
    const text = typeof init?.body === 'string' ? init.body : undefined
    const sent: Sent = {
      method: init?.method ?? 'GET',
      url,
      path: url.pathname.replace(/^\/api/, ''),
      query,
      sdk,
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      keepalive: init?.keepalive === true,
    }
    calls.push(sent)
    const answer = route(sent)
    const body = answer.text ?? JSON.stringify(answer.body ?? {})
    return new Response(body, { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

/** An API client over `fetch` with the test hosts and SDK parameters. */
export function testClient(fetch: typeof globalThis.fetch, extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: API_BASE,
    explorerUrl: EXPLORER_BASE,
    projectId: SDK.projectId,
    sdkType: SDK.st,
    sdkVersion: SDK.sv,
    fetch,
    retryDelayMs: 0,
    ...extra,
  })
}

export interface TestServer {
  url: string
  /** Requests received (method, path + query, body), in order. */
  requests: { method: string; url: string; body: string }[]
  /** Connections still open. */
  openConnections(): number
  /** Resolves once no connection is open (the client let go). */
  connectionsClosed(): Promise<void>
  close(): Promise<void>
}

/** A real HTTP server on 127.0.0.1 (port 0). `handler` gets each request with its 1-based number. */
export async function startServer(handler: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<TestServer> {
  const requests: TestServer['requests'] = []
  const sockets = new Set<Socket>()
  let onIdle: (() => void)[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', body })
      handler(req, res, requests.length)
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => {
      sockets.delete(socket)
      if (sockets.size === 0) for (const f of onIdle.splice(0)) f()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    openConnections: () => sockets.size,
    connectionsClosed: () => (sockets.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => onIdle.push(resolve))),
    async close() {
      for (const s of sockets) s.destroy()
      onIdle = []
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Sends `body` as JSON with `status`. */
export function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}
