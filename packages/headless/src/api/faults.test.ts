/**
 * Reliability gate (issue 15, "Fault injection per API call"): every call of the API client against
 * a real node:http server on 127.0.0.1 that answers with each fault (500, 502, 503, 429, a stall past
 * the timeout, malformed JSON, the wrong shape, a body past maxBodyBytes, the connection dropped
 * before the answer and in the middle of the body). For each call × fault the table states what the
 * caller gets (the SPEC §8 text, or the call's own mapping: origins → RATE_LIMITED / SERVER_ERROR /
 * no origins, a registration → 'Error registering name {name}', an error report → false), why (the
 * failure kind on `cause`) and how many requests the server saw (GETs retried on network errors and
 * 502/503/504 per HTTP_DEFAULTS.retries, POSTs never, timeouts never). Then the server turns healthy
 * and the same client gets the data: a failure is never cached. No error escapes as an uncaught
 * exception or an unhandled rejection.
 *
 * The calls are enumerated from the client itself: a client method with no row here fails the first
 * test. All calls of a fault run in parallel, each with its own client and its own path prefix on the
 * fault's server (so requests are counted per call).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, HTTP_DEFAULTS, HttpStatusError, RequestFailure, type ApiClient } from './client'
import { nameRegistrationMessage } from './profile'
import { sendJson, startServer, type TestServer } from './test-support'

const ADDRESS = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const ASSET = `eip155:8453/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913`
const NAME = 'alice.portico.eth'
/**
 * Small limits keep the matrix fast: the stall ends after STALL_TIMEOUT_MS, bodies above MAX_BODY are
 * refused. The timeout leaves room for 33 concurrent calls to reach the server on a loaded 2-core
 * machine (at 500 ms some did not, and the server counted no request: a flake, not a finding).
 */
const STALL_TIMEOUT_MS = 2_000
const TIMEOUT_MS = 10_000
const MAX_BODY = 64 * 1024
/** Attempts of a GET that keeps failing in a retryable way (1 + HTTP_DEFAULTS.retries). */
const GET_ATTEMPTS = 1 + HTTP_DEFAULTS.retries

const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: `eip155:1:${USDC}`,
  value: 12.5,
  price: 1,
  iconUrl: '',
  quantity: { decimals: '6', numeric: '12.5' },
}
const record = {
  name: NAME,
  registered_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  addresses: { '60': { address: ADDRESS } },
}
const prices = { fungibles: [{ symbol: 'USDC', price: 1, address: USDC }] }
const SESSION = {
  id: 's1',
  address: ADDRESS,
  chainId: 'eip155:1',
  domain: '127.0.0.1',
  uri: 'http://127.0.0.1:5173',
  issuedAt: '2026-11-23T22:00:00Z',
  expiresAt: '2026-11-24T22:00:00Z',
}
const rpc = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result })

type Fault =
  | '500'
  | '502'
  | '503'
  | '429'
  | 'stall'
  | 'stalled body'
  | '502, body stalls'
  | 'malformed JSON'
  | 'wrong shape'
  | 'huge body'
  | 'dropped before the answer'
  | 'dropped mid-body'
const FAULTS: Fault[] = [
  '500',
  '502',
  '503',
  '429',
  'stall',
  'stalled body',
  '502, body stalls',
  'malformed JSON',
  'wrong shape',
  'huge body',
  'dropped before the answer',
  'dropped mid-body',
]
const stalls = (fault: Fault) => fault === 'stall' || fault === 'stalled body' || fault === '502, body stalls'

/** What a caller gets: a rejection (its text and the failure kind on cause) or a value; and the requests the server saw. */
type Outcome = { rejects: string; kind: string; requests: number } | { resolves: unknown; requests: number }

interface Call {
  method: 'GET' | 'POST'
  /** The request's path under the base URL (checked on every request the server gets). */
  path: string
  run: (api: ApiClient) => Promise<unknown>
  /** A good answer, and what the call makes of it. */
  healthy: unknown
  result: unknown
  /** An answer of the right syntax and the wrong shape for this call. */
  wrongShape: unknown
  /** The call's catalogue text for a failure other than an HTTP status (SPEC §8). */
  text: string
  /** The call maps some faults itself: its outcome for them (else the default of its method). */
  own?: (fault: Fault, byDefault: Outcome) => Outcome
  /** The call sends without waiting for the answer (the test waits for the request to arrive). */
  fireAndForget?: boolean
}

const statusOf = (fault: Fault): number | undefined => (/^\d+/.test(fault) ? Number.parseInt(fault, 10) : undefined)

/** What the HTTP core gives a call of `method` with catalogue text `text` under `fault`. */
function byDefault(call: Call, fault: Fault): Outcome {
  const retried = call.method === 'GET' ? GET_ATTEMPTS : 1
  const status = statusOf(fault)
  if (status !== undefined) {
    const retryable = status === 502 || status === 503 || status === 504
    return { rejects: `HTTP status code: ${status}`, kind: `status ${status}`, requests: retryable ? retried : 1 }
  }
  switch (fault) {
    case 'stall':
    case 'stalled body':
      return { rejects: call.text, kind: 'timeout', requests: 1 }
    case 'malformed JSON':
      return { rejects: call.text, kind: 'bad-json', requests: 1 }
    case 'wrong shape':
      return { rejects: call.text, kind: 'bad-shape', requests: 1 }
    case 'huge body':
      return { rejects: call.text, kind: 'too-large', requests: 1 }
    default:
      return { rejects: call.text, kind: 'network', requests: retried }
  }
}

const expected = (call: Call, fault: Fault): Outcome => (call.own ? call.own(fault, byDefault(call, fault)) : byDefault(call, fault))

/** Every request-making call of the client. */
const CALLS: Record<string, Call> = {
  'explorer.getWallets': {
    method: 'GET',
    path: '/getWallets',
    run: (api) => api.explorer.getWallets({ page: 1 }),
    healthy: { count: 1, data: [{ id: 'w1', name: 'Wallet 1' }] },
    result: { count: 1, data: [{ id: 'w1', name: 'Wallet 1' }] },
    wrongShape: { count: 'many', data: [] },
    text: 'Something went wrong',
  },
  'explorer.getConfig': {
    method: 'GET',
    path: '/appkit/v1/config',
    run: (api) => api.explorer.getConfig(),
    healthy: { features: { swaps: true, onramp: false } },
    result: { features: { swaps: true, onramp: false }, restricted: [] },
    wrongShape: { features: 'all' },
    text: 'Something went wrong',
  },
  'explorer.getOrigins': {
    method: 'GET',
    path: '/projects/v1/origins',
    run: (api) => api.explorer.getOrigins(),
    healthy: { allowedOrigins: ['http://127.0.0.1:5173'] },
    result: { origins: ['http://127.0.0.1:5173'] },
    wrongShape: { allowedOrigins: '*' },
    text: 'Something went wrong',
    // SPEC §8: 429 → RATE_LIMITED, 500–599 → SERVER_ERROR, any other error → an empty list. Never rejects.
    own: (fault, d) => {
      const status = statusOf(fault)
      const resolves =
        status === 429 ? { error: 'RATE_LIMITED' } : status !== undefined && status >= 500 ? { error: 'SERVER_ERROR' } : { origins: [] }
      return { resolves, requests: d.requests }
    },
  },
  'explorer.getAnalyticsConfig': {
    method: 'GET',
    path: '/getAnalyticsConfig',
    run: (api) => api.explorer.getAnalyticsConfig(),
    healthy: { isAnalyticsEnabled: true },
    result: { isAnalyticsEnabled: true },
    wrongShape: { isAnalyticsEnabled: 'yes' },
    text: 'Something went wrong',
  },
  'account.getSupportedChains': {
    method: 'GET',
    path: '/v1/supported-chains',
    run: (api) => api.account.getSupportedChains(),
    healthy: { http: ['eip155:1'], ws: [] },
    result: { http: ['eip155:1'], ws: [] },
    wrongShape: { http: 'eip155:1' },
    text: 'Something went wrong',
  },
  'account.getIdentity': {
    method: 'GET',
    path: `/v1/identity/${ADDRESS}`,
    run: (api) => api.account.getIdentity(ADDRESS),
    healthy: { name: 'alice.eth' },
    result: { name: 'alice.eth', avatar: null },
    wrongShape: { name: 42 },
    text: 'Something went wrong',
  },
  'account.getBalance': {
    method: 'GET',
    path: `/v1/account/${ADDRESS}/balance`,
    run: (api) => api.account.getBalance(ADDRESS, { chainId: 'eip155:1' }),
    healthy: { balances: [usdc] },
    result: [usdc],
    wrongShape: { balances: [{ name: 'USD Coin' }] },
    text: 'Token Balance Unavailable',
  },
  'account.getHistory': {
    method: 'GET',
    path: `/v1/account/${ADDRESS}/history`,
    run: (api) => api.account.getHistory(ADDRESS, { chainId: 'eip155:1' }),
    healthy: { data: [], next: null },
    result: { data: [], next: null },
    wrongShape: { data: 'none' },
    text: 'Failed to fetch transactions',
  },
  'account.getTokenPrice': {
    method: 'POST',
    path: '/v1/fungible/price',
    run: (api) => api.account.getTokenPrice([USDC]),
    healthy: prices,
    result: prices,
    wrongShape: { fungibles: [{ symbol: 'USDC' }] },
    text: 'Cannot get token price',
  },
  'convert.getQuotes': {
    method: 'GET',
    path: '/v1/convert/quotes',
    run: (api) =>
      api.convert.getQuotes({
        amount: '1000000',
        userAddress: ADDRESS,
        from: USDC,
        to: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
        gasPrice: '1',
      }),
    healthy: { quotes: [{ toAmount: '0.0004' }] },
    result: { quotes: [{ toAmount: '0.0004' }] },
    wrongShape: { quotes: [{ fromAmount: '1' }] },
    text: 'Incorrect amount',
  },
  'convert.getTokens': {
    method: 'GET',
    path: '/v1/convert/tokens',
    run: (api) => api.convert.getTokens('eip155:1'),
    healthy: { tokens: [{ name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6 }] },
    result: { tokens: [{ name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6 }] },
    wrongShape: { tokens: 'none' },
    text: 'Failed to initialize swap',
  },
  'convert.getGasPrice': {
    method: 'GET',
    path: '/v1/convert/gas-price',
    run: (api) => api.convert.getGasPrice('eip155:1'),
    healthy: { standard: '1', fast: '2', instant: '3' },
    result: { standard: '1', fast: '2', instant: '3' },
    wrongShape: { standard: 1 },
    text: 'Failed to initialize swap',
  },
  'convert.getNetworkTokenPrice': {
    method: 'POST',
    path: '/v1/fungible/price',
    run: (api) => api.convert.getNetworkTokenPrice('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'),
    healthy: prices,
    result: prices,
    wrongShape: { fungibles: 'none' },
    text: 'Failed to fetch network token price',
  },
  'convert.getAllowance': {
    method: 'GET',
    path: '/v1/convert/allowance',
    run: (api) => api.convert.getAllowance({ tokenAddress: USDC, userAddress: ADDRESS }),
    healthy: { allowance: '0' },
    result: { allowance: '0' },
    wrongShape: { allowance: 0 },
    text: 'Failed to check allowance',
  },
  'convert.buildApprove': {
    method: 'GET',
    path: '/v1/convert/build-approve',
    run: (api) => api.convert.buildApprove({ from: USDC, to: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', userAddress: ADDRESS }),
    healthy: { tx: { from: ADDRESS, to: USDC, data: '0x', value: '0', eip155: { gasPrice: '1' } } },
    result: { tx: { from: ADDRESS, to: USDC, data: '0x', value: '0', eip155: { gasPrice: '1' } } },
    wrongShape: { tx: { from: ADDRESS } },
    text: 'Failed to create approval transaction',
  },
  'convert.buildTransaction': {
    method: 'POST',
    path: '/v1/convert/build-transaction',
    run: (api) =>
      api.convert.buildTransaction({
        amount: '1000000',
        eip155: { slippage: '1' },
        from: USDC,
        to: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
        userAddress: ADDRESS,
      }),
    healthy: { tx: { to: USDC, data: '0x', value: '0', eip155: { gas: '150000', gasPrice: '1' } } },
    result: { tx: { to: USDC, data: '0x', value: '0', eip155: { gas: '150000', gasPrice: '1' } } },
    wrongShape: { tx: { to: 1 } },
    text: 'Failed to create transaction',
  },
  'profile.lookupName': {
    method: 'GET',
    path: `/v1/profile/account/${NAME}`,
    run: (api) => api.profile.lookupName(NAME),
    healthy: record,
    result: record,
    wrongShape: { name: 1 },
    text: 'Error resolving name',
  },
  'profile.getNamesForAddress': {
    method: 'GET',
    path: `/v1/profile/reverse/${ADDRESS}`,
    run: (api) => api.profile.getNamesForAddress(ADDRESS),
    healthy: [record],
    result: [record],
    wrongShape: { names: [] },
    text: 'Error fetching names for address',
  },
  'profile.getSuggestions': {
    method: 'GET',
    path: '/v1/profile/suggestions/alice',
    run: (api) => api.profile.getSuggestions('alice'),
    healthy: { suggestions: [{ name: NAME, registered: false }] },
    result: { suggestions: [{ name: NAME, registered: false }] },
    wrongShape: { suggestions: 'none' },
    text: 'Error fetching name suggestions',
  },
  'profile.register': {
    method: 'POST',
    path: '/v1/profile/account',
    run: (api) =>
      api.profile.register({
        coin_type: 60,
        address: ADDRESS,
        message: nameRegistrationMessage(NAME, {}, 1_700_000_000),
        signature: '0x01',
      }),
    healthy: record,
    result: record,
    wrongShape: { name: NAME },
    text: `Error registering name ${NAME}`,
    // SPEC §8: 'Error registering name {name}' for every failure (the provider's first reason when it gives one).
    own: (_fault, d) => ('rejects' in d ? { ...d, rejects: `Error registering name ${NAME}` } : d),
  },
  'onramp.getOptions': {
    method: 'GET',
    path: '/v1/onramp/options',
    run: (api) => api.onramp.getOptions(),
    healthy: { providers: ['coinbase'], purchaseCurrencies: [], paymentCurrencies: [] },
    result: { providers: ['coinbase'], purchaseCurrencies: [], paymentCurrencies: [] },
    wrongShape: { providers: [], purchaseCurrencies: 'USDC' },
    text: 'Something went wrong',
  },
  'onramp.getQuote': {
    method: 'POST',
    path: '/v1/onramp/quote',
    run: (api) => api.onramp.getQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '20', network: 'base' }),
    healthy: { purchaseAmount: { amount: '19.5', currency: 'USDC' } },
    result: { purchaseAmount: { amount: '19.5', currency: 'USDC' } },
    wrongShape: { purchaseAmount: 19.5 },
    text: 'Something went wrong',
  },
  'onramp.generateUrl': {
    method: 'POST',
    path: '/v1/generators/onrampurl',
    run: (api) => api.onramp.generateUrl({ destinationWallets: [{ address: ADDRESS }], partnerUserId: ADDRESS }),
    healthy: { url: 'http://127.0.0.1:4300/buy' },
    result: 'http://127.0.0.1:4300/buy',
    wrongShape: { link: 'http://127.0.0.1:4300/buy' },
    text: 'Something went wrong',
  },
  'exchange.getExchanges': {
    method: 'POST',
    path: '/v1/json-rpc',
    run: (api) => api.exchange.getExchanges({ asset: ASSET, amount: 25 }),
    healthy: rpc({ exchanges: [{ id: 'dev-exchange', name: 'Dev Exchange' }] }),
    result: { exchanges: [{ id: 'dev-exchange', name: 'Dev Exchange' }] },
    wrongShape: rpc({ exchanges: 'none' }),
    text: 'Unable to get exchanges',
  },
  'exchange.getPayUrl': {
    method: 'POST',
    path: '/v1/json-rpc',
    run: (api) => api.exchange.getPayUrl({ exchangeId: 'dev-exchange', asset: ASSET, amount: '25', recipient: `eip155:8453:${ADDRESS}` }),
    healthy: rpc({ url: 'http://127.0.0.1:4200/pay/s1', sessionId: 's1' }),
    result: { url: 'http://127.0.0.1:4200/pay/s1', sessionId: 's1' },
    wrongShape: rpc({ url: 'http://127.0.0.1:4200/pay/s1' }),
    text: 'Unable to initiate payment',
  },
  'exchange.getBuyStatus': {
    method: 'POST',
    path: '/v1/json-rpc',
    run: (api) => api.exchange.getBuyStatus({ sessionId: 's1', exchangeId: 'dev-exchange' }),
    healthy: rpc({ status: 'SUCCESS', txHash: '0xabc' }),
    result: { status: 'SUCCESS', txHash: '0xabc' },
    wrongShape: { jsonrpc: '1.0', id: 1, result: { status: 'SUCCESS' } },
    text: 'Unable to get deposit status',
  },
  'capture.submit': {
    method: 'POST',
    path: '/v1/email-capture',
    run: (api) => api.capture.submit({ email: 'alice@example.com', account: `eip155:1:${ADDRESS}` }),
    healthy: { status: 'pending' },
    result: { status: 'pending' },
    wrongShape: { status: 'sent' },
    text: 'Something went wrong',
  },
  'siwx.nonce': {
    method: 'POST',
    path: '/v1/siwx/nonce',
    run: (api) => api.siwx.nonce(),
    healthy: { nonce: 'abcdefgh12345678', expiresAt: '2026-11-23T23:00:00Z' },
    result: { nonce: 'abcdefgh12345678', expiresAt: '2026-11-23T23:00:00Z' },
    wrongShape: { nonce: 'short' },
    text: 'Something went wrong',
  },
  'siwx.createSession': {
    method: 'POST',
    path: '/v1/siwx/sessions',
    run: (api) => api.siwx.createSession({ message: 'm', signature: '0x01', chainId: 'eip155:1', address: ADDRESS }),
    healthy: { session: SESSION, token: 't' },
    result: { session: SESSION, token: 't' },
    wrongShape: { session: SESSION },
    text: 'Something went wrong',
  },
  'siwx.getSession': {
    method: 'GET',
    path: '/v1/siwx/session',
    run: (api) => api.siwx.getSession('t'),
    healthy: { session: SESSION },
    result: SESSION,
    wrongShape: { session: { id: 1 } },
    text: 'Something went wrong',
  },
  'siwx.revokeSession': {
    method: 'POST',
    path: '/v1/siwx/session/revoke',
    run: (api) => api.siwx.revokeSession('t'),
    healthy: { revoked: true },
    result: undefined,
    wrongShape: { revoked: 'yes' },
    text: 'Something went wrong',
  },
  'analytics.reportError': {
    method: 'POST',
    path: '/e',
    run: (api) => api.analytics.reportError(new Error('boom')),
    healthy: { ok: true },
    result: true,
    wrongShape: { ok: 'maybe' },
    text: '',
    // An error report resolves true when the host took it (a 2xx status: its body is not read), else
    // false; it never rejects and is never retried.
    own: (fault) => {
      const accepted =
        fault === 'malformed JSON' ||
        fault === 'wrong shape' ||
        fault === 'huge body' ||
        fault === 'dropped mid-body' ||
        fault === 'stalled body'
      return { resolves: accepted, requests: 1 }
    },
  },
  'analytics.flush': {
    method: 'POST',
    path: '/batch',
    run: async (api) => {
      api.analytics.track('fault_test', { n: 1 })
      return api.analytics.flush()
    },
    healthy: {},
    result: true,
    wrongShape: {},
    text: '',
    // The batch goes by beacon (here the fetch fallback: Node has no sendBeacon) without waiting for
    // the answer: flush resolves true whatever the host does, once, and nothing rejects.
    own: () => ({ resolves: true, requests: 1 }),
    fireAndForget: true,
  },
}

/** Client members that make no request of their own. */
const NO_REQUEST: Record<string, string> = {
  clearCache: 'drops cached results',
  'analytics.track': 'queues an event; the request is analytics.flush',
  'analytics.destroy': 'stops listening to the page',
}

/** Every member of the client as 'concern.method' (or a top-level function's name). */
function members(api: ApiClient): string[] {
  const out: string[] = []
  for (const [key, value] of Object.entries(api)) {
    if (typeof value === 'function') out.push(key)
    else for (const method of Object.keys(value as object)) out.push(`${key}.${method}`)
  }
  return out.sort()
}

// ---- the fault server ----

/** Requests as the server saw them, per call (the first path segment after /c/). */
type Seen = Map<string, { method: string; path: string }[]>

const servers: TestServer[] = []
const held = new Set<ServerResponse>()

/**
 * A server answering every call's path with `fault` while `state.healthy` is false, with the call's
 * healthy answer after. Requests are counted per call from the path prefix `/c/{call}`.
 */
async function faultServer(fault: Fault, state: { healthy: boolean }): Promise<{ server: TestServer; seen: Seen }> {
  const seen: Seen = new Map()
  const server = await startServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const match = /^\/c\/([^/]+)(\/.*)?$/.exec(url.pathname)
    const key = match ? decodeURIComponent(match[1]!) : ''
    const call = CALLS[key]
    const list = seen.get(key) ?? []
    list.push({ method: req.method ?? '', path: match?.[2] ?? '' })
    seen.set(key, list)
    if (!call) return sendJson(res, { error: 'no such call' }, 404)
    if (state.healthy) return sendJson(res, call.healthy)
    answerWith(fault, call, req, res)
  })
  servers.push(server)
  return { server, seen }
}

function answerWith(fault: Fault, call: Call, req: IncomingMessage, res: ServerResponse): void {
  const status = statusOf(fault)
  if (fault === '502, body stalls' || fault === 'stalled body') {
    // The status line and half a body, then nothing: the timeout covers the body too.
    const text = JSON.stringify(fault === 'stalled body' ? call.healthy : { error: 'fault 502' })
    res.writeHead(status ?? 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
    res.write(text.slice(0, Math.ceil(text.length / 2)))
    held.add(res)
    res.on('close', () => held.delete(res))
    return
  }
  if (status !== undefined) {
    sendJson(res, { error: `fault ${status}` }, status)
    return
  }
  switch (fault) {
    case 'stall':
      // Accepts and never answers: the client's timeout ends it.
      held.add(res)
      res.on('close', () => held.delete(res))
      return
    case 'malformed JSON': {
      const text = '{"data": [1, 2,'
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
      res.end(text)
      return
    }
    case 'wrong shape':
      sendJson(res, call.wrongShape)
      return
    case 'huge body': {
      // Valid JSON four times the cap, streamed without a length: the cap holds while reading.
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(`{"pad":"${'x'.repeat(4 * MAX_BODY)}"}`)
      return
    }
    case 'dropped before the answer':
      req.socket.destroy()
      return
    case 'dropped mid-body': {
      const text = JSON.stringify(call.healthy)
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) + 100 })
      res.write(text.slice(0, Math.ceil(text.length / 2)))
      // Let the headers and the first half leave, then cut the connection.
      setTimeout(() => res.socket?.destroy(), 5)
      return
    }
  }
}

function client(server: TestServer, key: string, fault: Fault): ApiClient {
  const base = `${server.url}/c/${encodeURIComponent(key)}`
  return createApiClient({
    baseUrl: base,
    explorerUrl: base,
    analyticsUrl: base,
    projectId: 'faults',
    sdkType: 'portico',
    sdkVersion: '0.1.0',
    timeoutMs: stalls(fault) ? STALL_TIMEOUT_MS : TIMEOUT_MS,
    maxBodyBytes: MAX_BODY,
    retryDelayMs: 5,
    // retries: HTTP_DEFAULTS.retries (the default)
  })
}

/** The failure kind a rejection carries: 'status {n}' for an HTTP status, else the RequestFailure kind. */
function kindOf(error: unknown): string {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof HttpStatusError) return `status ${e.status}`
    if (e instanceof RequestFailure) return e.kind
  }
  return `unexpected: ${String(error)}`
}

async function settle(promise: Promise<unknown>): Promise<{ rejects: string; kind: string } | { resolves: unknown }> {
  try {
    return { resolves: await promise }
  } catch (error) {
    return { rejects: error instanceof Error ? error.message : String(error), kind: kindOf(error) }
  }
}

/** Waits until `done()` or `ms` passed. */
async function until(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 5))
}

// ---- nothing escapes ----

const escaped: unknown[] = []
const onUnhandled = (reason: unknown) => void escaped.push(reason)
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled)
  process.on('uncaughtException', onUnhandled)
})
afterAll(() => {
  process.off('unhandledRejection', onUnhandled)
  process.off('uncaughtException', onUnhandled)
})
afterEach(async () => {
  for (const res of held) res.destroy()
  held.clear()
  await Promise.all(servers.splice(0).map((s) => s.close()))
  // A rejection nobody handled is reported after the microtasks drain: give it a few turns.
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 10))
  expect(escaped).toEqual([])
})

// ---- the gate ----

describe('fault injection per API call (issue 15 gate)', () => {
  it('every member of the client has a fault row (or makes no request of its own)', () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:1', projectId: 'faults', sdkType: 'portico', sdkVersion: '0.1.0' })
    expect(members(api)).toEqual([...Object.keys(CALLS), ...Object.keys(NO_REQUEST)].sort())
  })

  it.each(FAULTS)(
    '%s: every call ends as SPEC §8 says, with the retries of its method, then recovers when the server does',
    async (fault) => {
      const state = { healthy: false }
      const { server, seen } = await faultServer(fault, state)
      const keys = Object.keys(CALLS)
      const apis = Object.fromEntries(keys.map((key) => [key, client(server, key, fault)]))

      const outcomes = await Promise.all(keys.map((key) => settle(CALLS[key]!.run(apis[key]!))))
      // A fire-and-forget call resolved before its request arrived: wait for it (and for any stray retry).
      await until(() => keys.every((key) => !CALLS[key]!.fireAndForget || (seen.get(key)?.length ?? 0) > 0), 2_000)
      await new Promise((r) => setTimeout(r, 20))

      // Against a stalled server the client lets go of every request within its timeout: nothing hangs on.
      if (stalls(fault)) {
        await until(() => held.size === 0, STALL_TIMEOUT_MS + 2_000)
        expect([...held].map((res) => res.req.url)).toEqual([])
      }

      const actual: Record<string, Outcome> = {}
      const want: Record<string, Outcome> = {}
      keys.forEach((key, i) => {
        actual[key] = { ...outcomes[i]!, requests: seen.get(key)?.length ?? 0 } as Outcome
        want[key] = expected(CALLS[key]!, fault)
      })
      expect(actual).toEqual(want)
      // Every request went to the call's own path with its method.
      for (const key of keys) {
        const { method, path } = CALLS[key]!
        expect(seen.get(key), key).toEqual(Array.from({ length: want[key]!.requests }, () => ({ method, path })))
      }

      // The server recovers: the same clients get the data (no failure was cached), one request each.
      state.healthy = true
      const recovered = await Promise.all(keys.map((key) => settle(CALLS[key]!.run(apis[key]!))))
      await until(() => keys.every((key) => (seen.get(key)?.length ?? 0) > want[key]!.requests), 2_000)
      const got = Object.fromEntries(
        keys.map((key, i) => [key, { ...recovered[i]!, requests: (seen.get(key)?.length ?? 0) - want[key]!.requests }]),
      )
      expect(got).toEqual(Object.fromEntries(keys.map((key) => [key, { resolves: CALLS[key]!.result, requests: 1 }])))
    },
  )
})
