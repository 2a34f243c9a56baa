import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { walletsResponseSchema } from '@portico/protocol/explorer'
import { afterAll, describe, expect, it } from 'vitest'
import { createNamesRepository, migrate, openDatabase, startServer, type RunningServer } from './index.ts'
import { errorBodySchema } from './test-support.ts'

/** A raw HTTP request to 127.0.0.1: the path and headers go on the wire as given (a forged Host too). */
function rawRequest(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; text: string }> {
  const { port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(port),
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        // A fresh connection each time; the Host header is the one given, if any.
        agent: false,
        setHost: options.headers?.Host === undefined,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    // The server may answer 413 and close before the whole upload is written.
    req.on('error', reject)
    req.end(options.body)
  })
}

const chains = [
  {
    chainId: 31337,
    name: 'Portico Devnet',
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
]

describe('startServer', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-server-'))
  let server: RunningServer | undefined
  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('serves the API over HTTP on 127.0.0.1 with a free port, with a PGlite data directory', async () => {
    server = await startServer({ port: 0, chains, dataDir })
    expect(server.port).toBeGreaterThan(0)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)

    const chainsRes = await fetch(`${server.url}/v1/supported-chains`, { headers: { Origin: 'http://localhost:5173' } })
    expect(chainsRes.status).toBe(200)
    expect(chainsRes.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(await chainsRes.json()).toEqual({ http: ['eip155:31337'], ws: [] })

    const wallets = (await (await fetch(`${server.url}/getWallets?entries=2`)).json()) as { data: { image_url: string }[] }
    expect(wallets.data[0]?.image_url).toMatch(new RegExp(`^${server.url}/wallet-images/[0-9a-f-]{36}$`))
    const image = await fetch(wallets.data[0]?.image_url ?? '')
    expect(image.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')

    const identity = await fetch(`${server.url}/v1/identity/0x${'1'.repeat(40)}`)
    expect(await identity.json()).toEqual({ name: null, avatar: null })

    await server.stop()
    await expect(fetch(`${server.url}/getAnalyticsConfig`)).rejects.toThrow()
    server = undefined
  })

  it('keeps data in the PGlite data directory across restarts', async () => {
    const db = await openDatabase({ dataDir })
    expect(await migrate(db)).toEqual([])
    await createNamesRepository(db).register({ name: 'persisted', address: `0x${'2'.repeat(40)}`, coinType: 60 })
    await db.close()

    server = await startServer({ chains, dataDir })
    const res = await fetch(`${server.url}/v1/identity/0x${'2'.repeat(40)}`)
    expect(await res.json()).toEqual({ name: 'persisted', avatar: null })
  })

  it('names itself by its listening URL, or publicUrl, in image URLs whatever the Host header says', async () => {
    await server?.stop()
    server = await startServer({ chains })
    const forged = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }
    const own = await rawRequest(server.url, { path: '/getWallets?entries=2', headers: forged })
    expect(own.status).toBe(200)
    for (const w of walletsResponseSchema.parse(JSON.parse(own.text)).data) {
      expect(w.image_url).toMatch(new RegExp(`^${server.url}/wallet-images/[0-9a-f-]{36}$`))
    }
    await server.stop()

    server = await startServer({ chains, publicUrl: 'https://api.portico.example' })
    const configured = await rawRequest(server.url, { path: '/getWallets?entries=2', headers: forged })
    for (const w of walletsResponseSchema.parse(JSON.parse(configured.text)).data) {
      expect(w.image_url).toMatch(/^https:\/\/api\.portico\.example\/wallet-images\/[0-9a-f-]{36}$/)
    }
  })

  it('answers 413 to an upload over the body limit and keeps serving', async () => {
    await server?.stop()
    server = await startServer({ chains, maxBodyBytes: 1024 })
    const headers = { 'content-type': 'application/json' }
    const big = Buffer.from(JSON.stringify({ currency: 'usd', addresses: [], projectId: 'x'.repeat(4 * 1024 * 1024) }))
    const over = await rawRequest(server.url, {
      method: 'POST',
      path: '/v1/fungible/price',
      headers: { ...headers, 'content-length': String(big.length) },
      body: big,
    })
    // A 200 MB claim is refused on its Content-Length, with next to nothing sent.
    const claim = await rawRequest(server.url, {
      method: 'POST',
      path: '/v1/fungible/price',
      headers: { ...headers, 'content-length': String(200 * 1024 * 1024) },
      body: Buffer.from('{"currency":'),
    })
    expect(claim.status).toBe(413)
    expect(over.status).toBe(413)
    expect(errorBodySchema.parse(JSON.parse(over.text))).toEqual({ error: 'Request body is larger than 1024 bytes' })
    const res = await fetch(`${server.url}/v1/fungible/price`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ currency: 'usd', addresses: [], projectId: 'p' }),
    })
    expect(res.status).toBe(200)
  })

  it('keeps a path that climbs out of its route, sent raw, inside the API: 404 or 400', async () => {
    await server?.stop()
    server = await startServer({ chains })
    const cases: [string, number, string][] = [
      ['/wallet-images/../../../../etc/passwd', 404, 'Not found: GET /etc/passwd'],
      ['/token-images/..%2F..%2Fetc%2Fpasswd', 400, 'Invalid token symbol'],
      ['/v1/identity/..%2f..%2f', 400, 'Invalid EVM address'],
    ]
    for (const [path, status, error] of cases) {
      const res = await rawRequest(server.url, { path })
      expect({ status: res.status, body: errorBodySchema.parse(JSON.parse(res.text)) }).toEqual({ status, body: { error } })
    }
  })
})
