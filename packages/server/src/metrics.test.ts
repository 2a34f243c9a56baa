/**
 * startServer's metrics listener (metrics.ts, index.ts): its own port on 127.0.0.1, GET /metrics
 * only; the history indexer's progress per chain against an anvil chain; the Postgres pool's use
 * (DATABASE_URL to a wire-protocol server).
 */
import { startAnvil, type AnvilInstance } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from './index.ts'
import { startWirePostgres } from './test-support.ts'

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

const rpc = async (method: string, params: unknown[]) => {
  const res = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

const value = (scrape: string, sample: string) => {
  const line = scrape.split('\n').find((l) => l.startsWith(`${sample} `))
  return line === undefined ? undefined : Number(line.slice(sample.length + 1))
}

describe('startServer({ metrics })', () => {
  it('serves GET /metrics on its own 127.0.0.1 port, not on the API, with the indexer lag per chain', async () => {
    await rpc('anvil_mine', ['0x7'])
    const head = Number(BigInt((await rpc('eth_blockNumber', [])) as string))
    expect(head).toBeGreaterThanOrEqual(7)
    const server = await startServer({
      chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      indexer: { pollIntervalMs: 50 },
      metrics: { port: 0 },
      onError: () => {},
    })
    try {
      expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/)
      expect(new URL(server.metricsUrl as string).port).not.toBe(String(server.port))
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect((await fetch(new URL('/other', server.metricsUrl))).status).toBe(404)

      let scrape = ''
      for (let i = 0; i < 100; i++) {
        scrape = await (await fetch(server.metricsUrl as string)).text()
        if (value(scrape, 'portico_indexer_indexed_block{chain="eip155:31337"}') === head) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(value(scrape, 'portico_indexer_head_block{chain="eip155:31337"}')).toBe(head)
      expect(value(scrape, 'portico_indexer_indexed_block{chain="eip155:31337"}')).toBe(head)
      expect(value(scrape, 'portico_indexer_lag_blocks{chain="eip155:31337"}')).toBe(0)
      expect(value(scrape, 'portico_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1)
      expect(value(scrape, 'portico_http_requests_total{method="GET",route="(not found)",status="404"}')).toBe(1)
      // startServer adds prom-client's process metrics.
      expect(scrape).toContain('process_cpu_seconds_total')
      expect(scrape).toContain('nodejs_eventloop_lag_seconds')
    } finally {
      await server.stop()
    }
    await expect(fetch(server.metricsUrl as string)).rejects.toThrow()
  }, 60_000)

  it('reports the Postgres pool (DATABASE_URL): connections open, idle and waiting', async () => {
    const wire = await startWirePostgres()
    const server = await startServer({ chains: [], databaseUrl: wire.databaseUrl, metrics: { port: 0 }, onError: () => {} })
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      const scrape = await (await fetch(server.metricsUrl as string)).text()
      expect(value(scrape, 'portico_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1)
      expect(value(scrape, 'portico_db_pool_connections{state="waiting"}')).toBe(0)
      expect(value(scrape, 'portico_db_pool_connections{state="idle"}')).toBe(value(scrape, 'portico_db_pool_connections{state="total"}'))
    } finally {
      await server.stop()
      await wire.stop()
    }
  }, 60_000)

  it('without it, no metrics listener', async () => {
    const server = await startServer({ chains: [], onError: () => {} })
    try {
      expect(server.metricsUrl).toBeUndefined()
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
    } finally {
      await server.stop()
    }
  })
})
