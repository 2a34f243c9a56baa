/**
 * A Portico API stand-in for the modal's fault tests (issue 15 gate): a real node:http server on
 * 127.0.0.1 (port 0) answering the routes the modal's data views ask (explorer wallets, identity,
 * balance, history, prices, swap tokens and gas price, on-ramp options and quotes, the exchange
 * JSON-RPC), each with a fault the test sets or with good data. It answers CORS, so a page in the
 * browser project can call it too. Used in Node by the dom test directly, and by the browser test
 * through the browser commands below (vitest.config.ts, project 'browser').
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { BrowserCommand } from 'vitest/node'

export const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export type Route =
  | 'wallets'
  | 'identity'
  | 'balance'
  | 'history'
  | 'price'
  | 'tokens'
  | 'gasPrice'
  | 'onrampOptions'
  | 'onrampQuote'
  | 'exchange'
/**
 * 'dropped': the connection is cut before any answer (a browser may resend such a request once on
 * a reused connection, so tests that count requests use 'dropped mid-body'); 'dropped mid-body': the
 * status line and half a body, then the cut.
 */
export type Fault = { status: number } | 'malformed JSON' | 'wrong shape' | 'dropped' | 'dropped mid-body'

const ETH_ID = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USDC_CONTRACT = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const USDC_ID = `eip155:1:${USDC_CONTRACT}`
const PRICES: Record<string, number> = { [ETH_ID]: 3000, [USDC_ID]: 1 }
const WALLETS = Array.from({ length: 12 }, (_, i) => ({ id: `w${i + 1}`, name: `Explorer ${i + 1}` }))
const TOKENS = [
  { name: 'Ether', symbol: 'ETH', address: ETH_ID, decimals: 18 },
  { name: 'USD Coin', symbol: 'USDC', address: USDC_ID, decimals: 6 },
]
const net = (name: string, display: string, chainId: string) => ({ name, display_name: display, chain_id: chainId, contract_address: '' })
const ONRAMP_OPTIONS = {
  providers: ['coinbase', 'meld'],
  purchaseCurrencies: [{ id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [net('ethereum', 'Ethereum', '1')] }],
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [] }],
}
const HISTORY = {
  data: [
    {
      id: '0xfeed',
      metadata: {
        minedAt: '2026-11-20T10:00:00Z',
        chain: 'eip155:1',
        operationType: 'send',
        status: 'confirmed',
        sentFrom: ADDRESS,
        sentTo: '0x000000000000000000000000000000000000dEaD',
      },
      transfers: [{ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { name: 'Ether', symbol: 'ETH' } }],
    },
  ],
  next: null,
}

export interface FaultApi {
  url: string
  /** Faults by route; a route without one answers well. */
  faults: Map<Route, Fault>
  /** Requests per route. */
  count(route: Route): number
  /** Requests per distinct URL of a route (path and query but projectId/st/sv). */
  urls(route: Route): Record<string, number>
  close(): Promise<void>
}

function routeOf(path: string): Route | undefined {
  if (path === '/getWallets') return 'wallets'
  if (/^\/v1\/identity\//.test(path)) return 'identity'
  if (/^\/v1\/account\/[^/]+\/balance$/.test(path)) return 'balance'
  if (/^\/v1\/account\/[^/]+\/history$/.test(path)) return 'history'
  if (path === '/v1/fungible/price') return 'price'
  if (path === '/v1/convert/tokens') return 'tokens'
  if (path === '/v1/convert/gas-price') return 'gasPrice'
  if (path === '/v1/onramp/options') return 'onrampOptions'
  if (path === '/v1/onramp/quote') return 'onrampQuote'
  if (path === '/v1/json-rpc') return 'exchange'
  return undefined
}

function healthy(route: Route, url: URL, body: Record<string, unknown>): unknown {
  switch (route) {
    case 'wallets': {
      const search = url.searchParams.get('search')?.toLowerCase()
      const include = url.searchParams.get('include')?.split(',')
      const exclude = url.searchParams.get('exclude')?.split(',') ?? []
      const matches = WALLETS.filter(
        (w) => (!include || include.includes(w.id)) && !exclude.includes(w.id) && (!search || w.name.toLowerCase().includes(search)),
      )
      const page = Number(url.searchParams.get('page') ?? 1)
      const entries = Number(url.searchParams.get('entries') ?? 40)
      return { count: matches.length, data: matches.slice((page - 1) * entries, page * entries) }
    }
    case 'identity':
      return { name: null, avatar: null }
    case 'balance': {
      const chainId = url.searchParams.get('chainId') ?? 'eip155:1'
      return {
        balances: [
          { name: 'Ether', symbol: 'ETH', chainId, value: 6000, price: 3000, iconUrl: '', quantity: { decimals: '18', numeric: '2' } },
          {
            name: 'USD Coin',
            symbol: 'USDC',
            chainId,
            address: USDC_ID,
            value: 250,
            price: 1,
            iconUrl: '',
            quantity: { decimals: '6', numeric: '250' },
          },
        ],
      }
    }
    case 'history':
      return HISTORY
    case 'price': {
      const addresses = (body.addresses as string[] | undefined) ?? []
      return {
        fungibles: addresses
          .filter((a) => PRICES[a.toLowerCase()] !== undefined)
          .map((a) => ({ symbol: '', price: PRICES[a.toLowerCase()], address: a })),
      }
    }
    case 'tokens':
      return { tokens: TOKENS }
    case 'gasPrice':
      return { standard: '20000000000', fast: '30000000000', instant: '40000000000' }
    case 'onrampOptions':
      return ONRAMP_OPTIONS
    case 'onrampQuote': {
      const amount = Number(body.amount)
      const fee = amount * (body.provider === 'meld' ? 0.02 : 0.01)
      return {
        purchaseAmount: { amount: String(amount - fee), currency: body.purchaseCurrency },
        providerFee: { amount: fee.toFixed(2), currency: body.paymentCurrency },
      }
    }
    case 'exchange':
      return body.method === 'portico_getExchanges'
        ? {
            jsonrpc: '2.0',
            id: 1,
            result: {
              exchanges: [
                { id: 'dev-exchange', name: 'Dev Exchange' },
                { id: 'other-exchange', name: 'Other Exchange' },
              ],
            },
          }
        : { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'not in this test' } }
  }
}

function json(res: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

function answerFault(fault: Fault, req: IncomingMessage, res: ServerResponse): void {
  if (typeof fault === 'object') {
    json(res, { message: 'fault' }, fault.status)
    return
  }
  if (fault === 'malformed JSON') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 12 })
    res.end('{"data": [1,')
    return
  }
  if (fault === 'dropped mid-body') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 })
    res.write('{"purchaseAmount":{"amo')
    setTimeout(() => res.socket?.destroy(), 5)
    return
  }
  if (fault === 'wrong shape') {
    json(res, {
      jsonrpc: '2.0',
      id: 1,
      result: { exchanges: 'none' },
      data: 'none',
      balances: 'none',
      tokens: 'none',
      count: 'none',
    })
    return
  }
  req.socket.destroy()
}

export async function startFaultApi(): Promise<FaultApi> {
  const faults = new Map<Route, Fault>()
  const counts = new Map<Route, number>()
  const byUrl = new Map<Route, Record<string, number>>()
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    // The browser project's page is on another origin.
    res.setHeader('access-control-allow-origin', '*')
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'accept, content-type',
        'access-control-max-age': '600',
      })
      res.end()
      return
    }
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (text += c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const route = routeOf(url.pathname)
      if (!route) return json(res, { message: 'not found' }, 404)
      counts.set(route, (counts.get(route) ?? 0) + 1)
      for (const k of ['projectId', 'st', 'sv']) url.searchParams.delete(k)
      const seen = byUrl.get(route) ?? {}
      seen[url.pathname + url.search] = (seen[url.pathname + url.search] ?? 0) + 1
      byUrl.set(route, seen)
      const fault = faults.get(route)
      if (fault) return answerFault(fault, req, res)
      let body: Record<string, unknown> = {}
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
      } catch {
        return json(res, { message: 'bad body' }, 400)
      }
      json(res, healthy(route, url, body))
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    count: (route) => counts.get(route) ?? 0,
    urls: (route) => ({ ...byUrl.get(route) }),
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

// ---- browser commands (vitest.config.ts, project 'browser'): one stand-in per browser session ----

const bySession = new Map<string, FaultApi>()
const apiOf = (sessionId: string): FaultApi => {
  const api = bySession.get(sessionId)
  if (!api) throw new Error('faultApiStart was not called')
  return api
}

export const faultApiCommands = {
  /** Starts a fresh stand-in (closing the previous one); resolves its URL. */
  faultApiStart: (async (ctx) => {
    await bySession.get(ctx.sessionId)?.close()
    const api = await startFaultApi()
    bySession.set(ctx.sessionId, api)
    return api.url
  }) as BrowserCommand<[]>,
  /** Sets the route's fault; null heals it. */
  faultApiSet: (async (ctx, route: Route, fault: Fault | null) => {
    const { faults } = apiOf(ctx.sessionId)
    if (fault === null) faults.delete(route)
    else faults.set(route, fault)
  }) as BrowserCommand<[route: Route, fault: Fault | null]>,
  faultApiCount: (async (ctx, route: Route) => apiOf(ctx.sessionId).count(route)) as BrowserCommand<[route: Route]>,
  faultApiUrls: (async (ctx, route: Route) => apiOf(ctx.sessionId).urls(route)) as BrowserCommand<[route: Route]>,
  faultApiStop: (async (ctx) => {
    await bySession.get(ctx.sessionId)?.close()
    bySession.delete(ctx.sessionId)
  }) as BrowserCommand<[]>,
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    faultApiStart: () => Promise<string>
    faultApiSet: (route: Route, fault: Fault | null) => Promise<void>
    faultApiCount: (route: Route) => Promise<number>
    faultApiUrls: (route: Route) => Promise<Record<string, number>>
    faultApiStop: () => Promise<void>
  }
}
