import { balanceResponseSchema, priceResponseSchema } from '@portico/protocol/account'
import { walletsResponseSchema } from '@portico/protocol/explorer'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp, DEFAULT_MAX_BODY_BYTES } from './app.ts'
import type { ChainConfigInput } from './config.ts'
import type { Database } from './db/types.ts'
import { ChainRpcError } from './errors.ts'
import type { ErrorContext } from './log.ts'
import { errorBodySchema, openTestApp, postJson, requestError, requestJson, TEST_CHAINS, type TestApp } from './test-support.ts'

let db: Database
let app: TestApp
let close: () => Promise<void>

beforeAll(async () => {
  ;({ app, db, close } = await openTestApp())
})
afterAll(() => close())

const zeroBalances = {
  getBalances: async () => ({ native: 0n, tokens: [] }),
}

describe('routing and errors', () => {
  it('answers unknown routes with 404 JSON', async () => {
    expect(await requestError(app, '/v1/nope?x=1')).toMatchObject({ status: 404, body: { error: 'Not found: GET /v1/nope' } })
  })

  it('cuts a long unknown path in the 404 message and escapes control characters', async () => {
    const { body } = await requestError(app, `/${'a'.repeat(5000)}`)
    expect(body.error).toBe(`Not found: GET /${'a'.repeat(199)}…`)
    expect((await requestError(app, '/x%0Ay')).body.error).toBe('Not found: GET /x\\u000ay')
  })

  it('answers 500 JSON for unexpected errors and reports them with where they happened', async () => {
    const reported: [unknown, ErrorContext][] = []
    const failing = createApp({
      chains: TEST_CHAINS,
      db,
      providers: { evmBalances: { getBalances: () => Promise.reject(new TypeError('provider bug')) } },
      onError: (error, context) => reported.push([error, context]),
    })
    const res = await failing.request(`/v1/account/0x${'1'.repeat(40)}/balance?chainId=eip155:31337`)
    expect(res.status).toBe(500)
    expect(errorBodySchema.parse(await res.json())).toEqual({ error: 'Internal server error' })
    expect(reported).toHaveLength(1)
    expect(reported[0]?.[0]).toHaveProperty('message', 'provider bug')
    expect(reported[0]?.[1]).toEqual({
      method: 'GET',
      path: `/v1/account/0x${'1'.repeat(40)}/balance`,
      route: '/v1/account/:address/balance',
      status: 500,
      suppressed: 0,
    })
  })

  it('answers 502 for a failed upstream and reports it', async () => {
    const reported: ErrorContext[] = []
    const down = createApp({
      chains: TEST_CHAINS,
      db,
      providers: {
        evmBalances: { getBalances: (chain) => Promise.reject(new ChainRpcError(`eip155:${chain.chainId}`, new Error('ECONNREFUSED'))) },
      },
      onError: (_error, context) => reported.push(context),
    })
    expect(await requestError(down, `/v1/account/0x${'1'.repeat(40)}/balance?chainId=eip155:31338`)).toMatchObject({
      status: 502,
      body: { error: 'RPC request to eip155:31338 failed' },
    })
    expect(reported.map((r) => r.status)).toEqual([502])
  })

  it('answers 500 when the price provider breaks its contract', async () => {
    const reported: unknown[] = []
    const broken = createApp({
      chains: TEST_CHAINS,
      db,
      providers: { evmBalances: zeroBalances, prices: { getUsdPrices: async () => [Number.NaN] } },
      onError: (error) => reported.push(error),
    })
    expect((await broken.request(`/v1/account/0x${'1'.repeat(40)}/balance?chainId=eip155:31337`)).status).toBe(500)
    expect(String(reported[0])).toContain('The price provider did not answer one finite, non-negative price')
  })

  it('rejects an invalid config', () => {
    expect(() => createApp({ chains: [{ ...TEST_CHAINS[0], chainId: -1 } as ChainConfigInput], db })).toThrow()
    expect(() => createApp({ chains: [TEST_CHAINS[0] as ChainConfigInput, TEST_CHAINS[0] as ChainConfigInput], db })).toThrow(
      'duplicate chainId 31337',
    )
    expect(() => createApp({ chains: TEST_CHAINS, db, publicUrl: 'ftp://files.example' })).toThrow(
      'publicUrl must be an absolute http(s) URL',
    )
    expect(() => createApp({ chains: TEST_CHAINS, db, publicUrl: '/relative' })).toThrow('publicUrl must be an absolute http(s) URL')
    expect(() => createApp({ chains: TEST_CHAINS, db, publicUrl: 'https://api.example/?x=1' })).toThrow(
      'publicUrl must not have a query or fragment',
    )
    expect(() => createApp({ chains: TEST_CHAINS, db, maxBodyBytes: 0 })).toThrow('maxBodyBytes must be a positive integer')
  })
})

describe('image URLs never follow the Host header', () => {
  const hostile = { headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', Forwarded: 'host=evil.example' } }
  const urls = async (a: TestApp) => {
    const wallets = await requestJson(a, 'http://evil.example/getWallets?entries=3', walletsResponseSchema, hostile)
    const prices = priceResponseSchema.parse(
      await (
        await a.request('http://evil.example/v1/fungible/price', {
          method: 'POST',
          headers: { ...hostile.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ currency: 'usd', addresses: ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'], projectId: 'p' }),
        })
      ).json(),
    )
    const balances = await requestJson(a, `http://evil.example/v1/account/0x${'1'.repeat(40)}/balance`, balanceResponseSchema, hostile)
    return [
      ...wallets.body.data.map((w) => w.image_url),
      ...prices.fungibles.map((f) => f.iconUrl),
      ...balances.body.balances.map((b) => b.iconUrl),
    ]
  }

  it('answers paths of this server when no publicUrl is configured', async () => {
    const a = createApp({ chains: TEST_CHAINS, db, providers: { evmBalances: zeroBalances } })
    const list = await urls(a)
    expect(list).toHaveLength(3 + 1 + 2)
    expect(list.slice(3)).toEqual(['/token-images/ETH', '/token-images/ETH', '/token-images/ETH'])
    for (const url of list) expect(url).toMatch(/^\/(wallet|token)-images\/[^/]+$/)
  })

  it('answers URLs under the configured publicUrl', async () => {
    const a = createApp({
      chains: TEST_CHAINS,
      db,
      publicUrl: 'https://api.portico.example/base/',
      providers: { evmBalances: zeroBalances },
    })
    const list = await urls(a)
    expect(list).toHaveLength(6)
    for (const url of list) expect(url).toMatch(/^https:\/\/api\.portico\.example\/base\/(wallet|token)-images\/[^/]+$/)
  })
})

describe('request body limit', () => {
  const bodyOfSize = (size: number) => {
    const base = JSON.stringify({ currency: 'usd', addresses: [], projectId: '' })
    const padded = JSON.stringify({ currency: 'usd', addresses: [], projectId: 'x'.repeat(size - base.length) })
    expect(Buffer.byteLength(padded)).toBe(size)
    return padded
  }
  /** A body sent in chunks with no Content-Length, as a chunked upload arrives. */
  const streamed = (text: string, chunk = 8192) => {
    const bytes = new TextEncoder().encode(text)
    let offset = 0
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close()
        controller.enqueue(bytes.slice(offset, offset + chunk))
        offset += chunk
      },
    })
  }
  const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    app.request('/v1/fungible/price', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    } as RequestInit)

  it('is 64 KiB by default', () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(65_536)
  })

  it('accepts a body of exactly the limit, sized by Content-Length or streamed', async () => {
    const body = bodyOfSize(DEFAULT_MAX_BODY_BYTES)
    const sized = await post(body, { 'content-length': String(DEFAULT_MAX_BODY_BYTES) })
    expect(sized.status).toBe(200)
    expect(priceResponseSchema.parse(await sized.json())).toEqual({ fungibles: [] })
    expect((await post(streamed(body))).status).toBe(200)
  })

  it('answers 413 one byte above it, sized by Content-Length or streamed', async () => {
    const body = bodyOfSize(DEFAULT_MAX_BODY_BYTES + 1)
    for (const res of [await post(body, { 'content-length': String(DEFAULT_MAX_BODY_BYTES + 1) }), await post(streamed(body))]) {
      expect(res.status).toBe(413)
      expect(errorBodySchema.parse(await res.json())).toEqual({ error: 'Request body is larger than 65536 bytes' })
    }
  })

  it('answers 413 to a 200 MB claim without reading the body', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(65_536).fill(0x20))
      },
    })
    const res = await post(endless, { 'content-length': String(200 * 1024 * 1024) })
    expect(res.status).toBe(413)
    expect(pulled).toBeLessThanOrEqual(1)
  })

  it('stops reading a streamed body at the limit', async () => {
    let sent = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 65_536
        controller.enqueue(new Uint8Array(65_536).fill(0x20))
      },
    })
    const res = await post(endless)
    expect(res.status).toBe(413)
    expect(sent).toBeLessThanOrEqual(4 * 65_536)
  })

  it('follows maxBodyBytes', async () => {
    const small = createApp({ chains: TEST_CHAINS, db, maxBodyBytes: 100 })
    expect((await postJson(small, '/v1/fungible/price', bodyOfSize(100))).status).toBe(200)
    const res = await postJson(small, '/v1/fungible/price', bodyOfSize(101))
    expect(res.status).toBe(413)
    expect(errorBodySchema.parse(await res.json())).toEqual({ error: 'Request body is larger than 100 bytes' })
  })
})

describe('error log', () => {
  it('stays bounded over 500 failing requests: once per kind per minute, at most 10 a minute, no stack for bad input', async () => {
    const lines: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')))
    try {
      let calls = 0
      const flaky = createApp({
        chains: TEST_CHAINS,
        db,
        providers: {
          evmBalances: {
            getBalances: () => {
              calls += 1
              return Promise.reject(
                calls % 2 === 0 ? new TypeError(`provider bug ${calls % 4}`) : new ChainRpcError('eip155:31337', new Error('ECONNREFUSED')),
              )
            },
          },
        },
      })
      const statuses = new Map<number, number>()
      for (let i = 0; i < 500; i++) {
        const path =
          i % 5 === 0
            ? `/v1/account/${'z'.repeat(40)}/balance`
            : `/v1/account/0x${i.toString(16).padStart(40, '0')}/balance?chainId=eip155:31337`
        const res = await flaky.request(path)
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      }
      expect(Object.fromEntries(statuses)).toEqual({ 400: 100, 500: 200, 502: 200 })
    } finally {
      spy.mockRestore()
    }
    // Three kinds (two TypeErrors, one upstream failure), each once in this minute.
    expect(lines).toHaveLength(3)
    expect(lines.filter((l) => l.includes('TypeError: provider bug'))).toHaveLength(2)
    expect(
      lines.filter((l) => l.includes('502 GET /v1/account/') && l.includes('RPC request to eip155:31337 failed: ECONNREFUSED')),
    ).toHaveLength(1)
    expect(lines.join('\n').length).toBeLessThan(8_000)
  })
})

describe('CORS', () => {
  const preflight = (a: TestApp, origin: string) =>
    a.request('/getWallets', {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'content-type' },
    })

  it.each(['http://localhost:5173', 'http://127.0.0.1:6006', 'http://localhost'])(
    'answers a preflight from %s by default',
    async (origin) => {
      const res = await preflight(app, origin)
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('access-control-allow-methods')).toContain('GET')
      expect(res.headers.get('access-control-allow-headers')).toContain('content-type')
    },
  )

  it.each(['https://evil.example', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example:80'])(
    'does not allow %s by default',
    async (origin) => {
      const res = await preflight(app, origin)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    },
  )

  it('adds the allow-origin header to simple requests of allowed origins, and to their errors', async () => {
    const res = await app.request('/getAnalyticsConfig', { headers: { Origin: 'http://localhost:3000' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    const bad = await app.request('/v1/identity/nope', { headers: { Origin: 'http://localhost:3000' } })
    expect(bad.status).toBe(400)
    expect(bad.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
  })

  it('uses a configured origin list instead of the default', async () => {
    const custom = createApp({ chains: TEST_CHAINS, db, allowedOrigins: ['https://app.example', 'https://*.preview.example'] })
    expect((await preflight(custom, 'https://app.example')).headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect((await preflight(custom, 'https://pr-7.preview.example')).headers.get('access-control-allow-origin')).toBe(
      'https://pr-7.preview.example',
    )
    expect((await preflight(custom, 'http://localhost:5173')).headers.get('access-control-allow-origin')).toBeNull()
  })
})
