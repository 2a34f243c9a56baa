/**
 * The HTTP core against a real node:http server on 127.0.0.1: stalls, dripped bodies, garbage,
 * oversized and deeply nested bodies, retries, 429, abort and shared in-flight requests. Timeouts are
 * short options; no test measures time.
 */
import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createAccountClient } from './account'
import { createConvertClient } from './convert'
import { createExchangeClient } from './exchange'
import { createExplorerClient } from './explorer'
import { createHttp, HttpStatusError, RequestFailure, type HttpOptions } from './http'
import { sendJson, startServer, type TestServer } from './test-support'

const ADDRESS = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  value: 12.5,
  price: 1,
  iconUrl: '',
  quantity: { decimals: '6', numeric: '12.5' },
}

const servers: TestServer[] = []
const held: ServerResponse[] = []
afterEach(async () => {
  for (const res of held.splice(0)) res.destroy()
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function serve(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(handler)
  servers.push(server)
  return server
}

/**
 * Core + the account, explorer and exchange clients against `server`. The default timeout is long
 * enough for a loaded machine; the tests of timeouts pass a short one or fire it by hand.
 */
function clients(server: TestServer, options: Partial<HttpOptions> = {}) {
  const http = createHttp({ projectId: 'p', sdkType: 'portico', sdkVersion: '0.1.0', timeoutMs: 5_000, retryDelayMs: 5, ...options })
  return {
    http,
    account: createAccountClient(http, { baseUrl: server.url }),
    explorer: createExplorerClient(http, { explorerUrl: server.url }),
    exchange: createExchangeClient(http, { endpoint: `${server.url}/v1/json-rpc` }),
  }
}

/** Rejection of `promise` (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<Error & { cause?: unknown }> {
  try {
    await promise
  } catch (error) {
    return error as Error & { cause?: unknown }
  }
  throw new Error('expected a rejection')
}

const kindOf = (error: { cause?: unknown }) => (error.cause instanceof RequestFailure ? error.cause.kind : undefined)

describe('timeout: a server that accepts and never answers', () => {
  it('ends with the method catalogue text; nothing stays in flight or cached; the next call is a fresh request', async () => {
    let answer = false
    const server = await serve((_req, res) => {
      if (answer) sendJson(res, { balances: [usdc] })
      else held.push(res)
    })
    // The timeout fires when the test says so (once the server holds the request).
    const timeouts: (() => void)[] = []
    const timers = {
      setTimeout: (fn: () => void, ms: number) => (ms === 10_000 ? timeouts.push(fn) : setTimeout(fn, ms)),
      clearTimeout: () => {},
    }
    const { http, account } = clients(server, { timers, timeoutMs: 10_000 })
    const timeOut = async (n: number) => {
      while (server.requests.length < n || timeouts.length < n) await new Promise((r) => setTimeout(r, 1))
      timeouts[n - 1]!()
    }
    const pending = failure(account.getBalance(ADDRESS, { chainId: 'eip155:1' }))
    await timeOut(1)
    const first = await pending
    expect(first.message).toBe('Token Balance Unavailable')
    expect(kindOf(first)).toBe('timeout')
    expect(http.inFlightCount()).toBe(0)
    expect(server.requests).toHaveLength(1) // a timeout is not retried

    const pendingHistory = failure(account.getHistory(ADDRESS, { chainId: 'eip155:1' }))
    await timeOut(2)
    const again = await pendingHistory
    expect(again.message).toBe('Failed to fetch transactions')
    expect(server.requests).toHaveLength(2)

    answer = true
    await expect(account.getBalance(ADDRESS, { chainId: 'eip155:1' })).resolves.toEqual([usdc])
    expect(server.requests).toHaveLength(3)
    await account.getBalance(ADDRESS, { chainId: 'eip155:1' }) // now from the 30 s cache
    expect(server.requests).toHaveLength(3)
    expect(http.inFlightCount()).toBe(0)
  })

  it('explorer and exchange calls stall into their own texts; origins into no origins', async () => {
    const server = await serve((_req, res) => held.push(res))
    const { http, explorer, exchange } = clients(server, { timeoutMs: 150 })
    expect((await failure(explorer.getWallets())).message).toBe('Something went wrong')
    expect((await failure(exchange.getExchanges({ asset: 'eip155:1/slip44:60', amount: 10 }))).message).toBe('Unable to get exchanges')
    expect((await failure(exchange.getPayUrl({ exchangeId: 'x', asset: 'a', amount: 1, recipient: 'r' }))).message).toBe(
      'Unable to initiate payment',
    )
    expect((await failure(exchange.getBuyStatus({ exchangeId: 'x', sessionId: 's' }))).message).toBe('Unable to get deposit status')
    await expect(explorer.getOrigins()).resolves.toEqual({ origins: [] })
    expect(http.inFlightCount()).toBe(0)
  })
})

describe('timeout covers the body: headers, then one byte every 20 ms', () => {
  it.each([
    ['balance', 'Token Balance Unavailable'],
    ['history', 'Failed to fetch transactions'],
  ] as const)('%s ends with %s', async (which, text) => {
    const drips: ReturnType<typeof setInterval>[] = []
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"data":')
      const t = setInterval(() => res.write(' '), 20)
      drips.push(t)
      res.on('close', () => clearInterval(t))
    })
    const { http, account } = clients(server, { timeoutMs: 100 })
    try {
      const call = which === 'balance' ? account.getBalance(ADDRESS, { chainId: 'eip155:1' }) : account.getHistory(ADDRESS)
      const error = await failure(call)
      expect(error.message).toBe(text)
      expect(kindOf(error)).toBe('timeout')
      expect(http.inFlightCount()).toBe(0)
      await server.connectionsClosed() // the client let go of the dripping response
    } finally {
      for (const t of drips) clearInterval(t)
    }
  })
})

describe('garbage bodies end with the catalogue text, the detail on cause', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

  it.each([
    ['not JSON', 'hello, world', 'bad-json'],
    ['an empty body', '', 'bad-json'],
    ['JSON of the wrong shape', JSON.stringify({ balances: [{ name: 'x' }] }), 'bad-shape'],
    ['a deeply nested array', nested(100_000), 'bad-shape'],
    ['a deeply nested array in the list', `{"balances":${nested(100_000)}}`, 'bad-shape'],
    ['deeply nested objects', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`, 'bad-shape'],
  ])('balance: %s', async (_name, body, kind) => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(body)
    })
    const { http, account } = clients(server, { maxBodyBytes: 1024 * 1024 })
    const error = await failure(account.getBalance(ADDRESS, { chainId: 'eip155:1' }))
    expect(error).not.toBeInstanceOf(RangeError)
    expect(error.message).toBe('Token Balance Unavailable')
    expect(kindOf(error)).toBe(kind)
    expect(http.inFlightCount()).toBe(0)
  })

  it('the zod detail of /getWallets stays on cause, never in the message', async () => {
    const server = await serve((_req, res) => sendJson(res, { count: 'many', data: [] }))
    const { explorer } = clients(server)
    const error = await failure(explorer.getWallets())
    expect(error.message).toBe('Something went wrong')
    expect((error.cause as Error).message).toMatch(/^Invalid response from \/getWallets: count: /)
  })

  it('a JSON-RPC result nested 100 000 deep ends with the exchange text', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(`{"jsonrpc":"2.0","id":1,"result":${nested(100_000)}}`)
    })
    const { exchange } = clients(server)
    const error = await failure(exchange.getExchanges({ asset: 'eip155:1/slip44:60', amount: 1 }))
    expect(error.message).toBe('Unable to get exchanges')
    expect(kindOf(error)).toBe('bad-shape')
  })

  it.each([
    ['declared by content-length', true],
    ['streamed without a length, never ending', false],
  ])('a body above the cap (%s) ends with the catalogue text and the connection is dropped', async (_name, declared) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    const server = await serve((_req, res) => {
      if (declared) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 50 * 1024 * 1024 })
        res.write(chunk)
        held.push(res)
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('[')
      // Writes for as long as the client reads: an endless body.
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump)
      }
      pump()
    })
    const { http, account } = clients(server, { maxBodyBytes: 256 * 1024, timeoutMs: 5_000 })
    const error = await failure(account.getHistory(ADDRESS))
    expect(error.message).toBe('Failed to fetch transactions')
    expect(kindOf(error)).toBe('too-large')
    expect(http.inFlightCount()).toBe(0)
    if (!declared) await server.connectionsClosed()
  })
})

describe('retries: idempotent GETs only, on network errors and 502/503/504, bounded', () => {
  it.each([502, 503, 504])('%i then 200: the answer, after two requests', async (status) => {
    const server = await serve((_req, res, n) => (n === 1 ? sendJson(res, { error: 'busy' }, status) : sendJson(res, { balances: [usdc] })))
    const { account } = clients(server)
    await expect(account.getBalance(ADDRESS, { chainId: 'eip155:1' })).resolves.toEqual([usdc])
    expect(server.requests).toHaveLength(2)
  })

  it('503 every time: three requests (2 retries), then "HTTP status code: 503"', async () => {
    const server = await serve((_req, res) => sendJson(res, {}, 503))
    const { http, account } = clients(server)
    const error = await failure(account.getBalance(ADDRESS, { chainId: 'eip155:1' }))
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error.message).toBe('HTTP status code: 503')
    expect(server.requests).toHaveLength(3)
    expect(http.inFlightCount()).toBe(0)
  })

  it.each([400, 404, 500])('%i is not retried', async (status) => {
    const server = await serve((_req, res) => sendJson(res, {}, status))
    const { account } = clients(server)
    expect((await failure(account.getBalance(ADDRESS, { chainId: 'eip155:1' }))).message).toBe(`HTTP status code: ${status}`)
    expect(server.requests).toHaveLength(1)
  })

  it('a POST is never retried', async () => {
    const server = await serve((_req, res) => sendJson(res, {}, 503))
    const { account } = clients(server)
    expect((await failure(account.getTokenPrice(['eip155:1:0xa0b8']))).message).toBe('HTTP status code: 503')
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]!.method).toBe('POST')
  })

  it('a dropped connection is a network error: retried, then answered', async () => {
    const server = await serve((req, res, n) => (n === 1 ? req.socket.destroy() : sendJson(res, { balances: [usdc] })))
    const { account } = clients(server)
    await expect(account.getBalance(ADDRESS, { chainId: 'eip155:1' })).resolves.toEqual([usdc])
    expect(server.requests).toHaveLength(2)
  })

  it('a 502 whose error body stalls, on a call that reads error bodies (swap quotes): still "HTTP status code: 502", retried', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'application/json', 'content-length': 100 })
      res.write('{"message":')
      held.push(res)
    })
    const http = createHttp({ projectId: 'p', sdkType: 'portico', sdkVersion: '0.1.0', timeoutMs: 100, retryDelayMs: 5 })
    const convert = createConvertClient(http, { baseUrl: server.url })
    const error = await failure(convert.getQuotes({ amount: '1', userAddress: ADDRESS, from: 'a', to: 'b', gasPrice: '1' }))
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error.message).toBe('HTTP status code: 502')
    expect(server.requests).toHaveLength(3)
    expect(http.inFlightCount()).toBe(0)
  })

  it('retries 0: one request only', async () => {
    const server = await serve((_req, res) => sendJson(res, {}, 502))
    const { account } = clients(server, { retries: 0 })
    expect((await failure(account.getBalance(ADDRESS, { chainId: 'eip155:1' }))).message).toBe('HTTP status code: 502')
    expect(server.requests).toHaveLength(1)
  })
})

describe('allowed origins (SPEC §8)', () => {
  it.each([
    [429, { error: 'RATE_LIMITED' }, 1],
    [500, { error: 'SERVER_ERROR' }, 1],
    [503, { error: 'SERVER_ERROR' }, 3],
    [599, { error: 'SERVER_ERROR' }, 1],
    [403, { origins: [] }, 1],
  ] as const)('status %i -> %j after %i request(s)', async (status, expected, requests) => {
    const server = await serve((_req, res) => sendJson(res, { allowedOrigins: ['http://127.0.0.1:5173'] }, status))
    const { explorer } = clients(server)
    await expect(explorer.getOrigins()).resolves.toEqual(expected)
    expect(server.requests).toHaveLength(requests)
  })

  it('200: the origins', async () => {
    const server = await serve((_req, res) => sendJson(res, { allowedOrigins: ['http://127.0.0.1:5173'] }))
    const { explorer } = clients(server)
    await expect(explorer.getOrigins()).resolves.toEqual({ origins: ['http://127.0.0.1:5173'] })
  })
})

describe('abort and shared in-flight GETs', () => {
  /** A server that holds every response until the test releases it. */
  async function heldServer() {
    const waiting: { res: ServerResponse; closed: Promise<void> }[] = []
    const server = await serve((_req, res) => {
      held.push(res)
      waiting.push({ res, closed: new Promise((resolve) => res.on('close', () => resolve())) })
    })
    const arrived = async (n: number) => {
      while (server.requests.length < n) await new Promise((r) => setTimeout(r, 1))
    }
    return { server, waiting, arrived }
  }

  it('an aborted caller rejects at once; the other caller of the same URL still gets the answer from the one request', async () => {
    const { server, waiting, arrived } = await heldServer()
    const { http, account } = clients(server, { timeoutMs: 5_000 })
    const controller = new AbortController()
    const a = account.getBalance(ADDRESS, { chainId: 'eip155:1', signal: controller.signal })
    const b = account.getBalance(ADDRESS, { chainId: 'eip155:1' })
    await arrived(1)
    controller.abort()
    const error = await failure(a)
    expect(error.name).toBe('AbortError')
    expect(http.inFlightCount()).toBe(1) // b still waits for it
    sendJson(waiting[0]!.res, { balances: [usdc] })
    await expect(b).resolves.toEqual([usdc])
    expect(server.requests).toHaveLength(1)
    expect(http.inFlightCount()).toBe(0)
  })

  it('the other caller gets its own error when the shared request then times out', async () => {
    const { server, arrived } = await heldServer()
    const { http, account } = clients(server, { timeoutMs: 100 })
    const controller = new AbortController()
    const a = account.getBalance(ADDRESS, { chainId: 'eip155:1', signal: controller.signal })
    const b = account.getBalance(ADDRESS, { chainId: 'eip155:1' })
    await arrived(1)
    controller.abort(new Error('left the screen'))
    expect((await failure(a)).message).toBe('left the screen')
    const error = await failure(b)
    expect(error.message).toBe('Token Balance Unavailable')
    expect(kindOf(error)).toBe('timeout')
    expect(http.inFlightCount()).toBe(0)
  })

  it('when every caller aborted, the request is aborted (the server sees it close) and the next call starts afresh', async () => {
    const { server, waiting, arrived } = await heldServer()
    const { http, account } = clients(server, { timeoutMs: 5_000 })
    const c1 = new AbortController()
    const c2 = new AbortController()
    const a = account.getHistory(ADDRESS, { signal: c1.signal })
    const b = account.getHistory(ADDRESS, { signal: c2.signal })
    await arrived(1)
    c1.abort()
    c2.abort()
    expect((await failure(a)).name).toBe('AbortError')
    expect((await failure(b)).name).toBe('AbortError')
    await waiting[0]!.closed
    expect(http.inFlightCount()).toBe(0)
    const c = account.getHistory(ADDRESS)
    await arrived(2)
    sendJson(waiting[1]!.res, { data: [], next: null })
    await expect(c).resolves.toEqual({ data: [], next: null })
  })

  it('a signal aborted before the call: rejected, no request made', async () => {
    const { server } = await heldServer()
    const { account } = clients(server)
    const error = await failure(account.getBalance(ADDRESS, { chainId: 'eip155:1', signal: AbortSignal.abort() }))
    expect(error.name).toBe('AbortError')
    expect(server.requests).toHaveLength(0)
  })

  it('abort during the retry delay: rejected, no second request', async () => {
    const pending: { fn: () => void; ms: number }[] = []
    const timers = { setTimeout: (fn: () => void, ms: number) => pending.push({ fn, ms }), clearTimeout: () => {} }
    const server = await serve((_req, res) => sendJson(res, {}, 503))
    const { http, account } = clients(server, { timers, retryDelayMs: 7 })
    const controller = new AbortController()
    const call = account.getBalance(ADDRESS, { chainId: 'eip155:1', signal: controller.signal })
    while (!pending.some((p) => p.ms === 7)) await new Promise((r) => setTimeout(r, 1))
    controller.abort()
    expect((await failure(call)).name).toBe('AbortError')
    expect(server.requests).toHaveLength(1)
    expect(http.inFlightCount()).toBe(0)
  })
})
