// A PostgreSQL server restarting under a running API (issue 24 §3): while it is down, GET /readyz and the
// routes that need the database answer 503 at once (never 500, never a hang), /healthz stays 200, and the
// instance recovers by itself once the server is back: no restart of the API.
import { siwxNonceResponseSchema } from '@portico/protocol/siwx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE } from '../app.ts'
import { type RunningServer, startServer } from '../index.ts'
import { type PostgresCluster, startPostgresCluster } from './pg-cluster.ts'

let cluster: PostgresCluster
let server: RunningServer
const reported: unknown[] = []

beforeAll(async () => {
  cluster = await startPostgresCluster({ maxConnections: 20 })
  const url = await cluster.createDatabase('restart_test')
  server = await startServer({ chains: [], databaseUrl: url, onError: (error) => reported.push(error) })
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await cluster?.stop()
})

const timed = async (path: string, init?: RequestInit) => {
  const start = performance.now()
  const res = await fetch(`${server.url}${path}`, init)
  return { status: res.status, body: (await res.json()) as unknown, ms: performance.now() - start }
}

describe('PostgreSQL restarted under a running API', () => {
  it('answers 503 fast while it is down, and serves again by itself once it is back', async () => {
    expect(await timed('/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } })
    const nonce = await timed('/v1/siwx/nonce', { method: 'POST' })
    expect(nonce.status).toBe(200)
    expect(siwxNonceResponseSchema.safeParse(nonce.body).success).toBe(true)

    await cluster.pause()
    const ready = await timed('/readyz')
    expect(ready).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'database unreachable' } })
    expect(ready.ms).toBeLessThan(1000)
    // Twice: the pool's idle connections were cut, then new ones are refused.
    for (let i = 0; i < 2; i++) {
      const refused = await timed('/v1/siwx/nonce', { method: 'POST' })
      expect(refused).toMatchObject({ status: 503, body: { error: DATABASE_UNAVAILABLE } })
      expect(refused.ms).toBeLessThan(1000)
    }
    expect(await timed('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } })

    await cluster.resume()
    const back = performance.now()
    let again = await timed('/readyz')
    while (again.status !== 200 && performance.now() - back < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      again = await timed('/readyz')
    }
    expect(again).toMatchObject({ status: 200, body: { status: 'ready' } })
    expect(performance.now() - back).toBeLessThan(5000)
    expect((await timed('/v1/siwx/nonce', { method: 'POST' })).status).toBe(200)
    // The outage went to the error log (rate limited), as the 500s it replaces did.
    expect(reported.length).toBeGreaterThanOrEqual(1)
  }, 60_000)
})
