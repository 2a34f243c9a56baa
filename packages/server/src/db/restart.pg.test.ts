// A PostgreSQL server restarting under a running API (issue 24 §3): while it is down, GET /readyz and the
// routes that need the database answer 503 at once (never 500, never a hang), /healthz stays 200, and the
// instance recovers by itself once the server is back: no restart of the API. Then the same for two
// instances under a load run.
import { siwxNonceResponseSchema } from '@portico/protocol/siwx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE } from '../app.ts'
import { type RunningServer, startServer } from '../index.ts'
import { type PostgresCluster, startPostgresCluster } from './pg-cluster.ts'

let cluster: PostgresCluster
let server: RunningServer
let second: RunningServer
const reported: unknown[] = []

beforeAll(async () => {
  cluster = await startPostgresCluster({ maxConnections: 20 })
  const url = await cluster.createDatabase('restart_test')
  const options = {
    chains: [],
    databaseUrl: url,
    onError: (error: unknown) => void reported.push(error),
    // No refusal by the nonce limit under the load below.
    siwx: { nonceRateLimit: { requestsPerSecond: 100_000, burst: 100_000 } },
  }
  server = await startServer(options)
  second = await startServer(options)
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await second?.stop()
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

describe('PostgreSQL restarted during a load run on two instances', () => {
  it('every answer while it is down is a 503 (no 500, none held), and both instances serve again by themselves', async () => {
    const urls = [server.url, second.url]
    type Answer = { instance: number; phase: Phase; status: number; ms: number }
    type Phase = 'up' | 'stopping' | 'down' | 'resuming' | 'back'
    let phase: Phase = 'up'
    let running = true
    const answers: Answer[] = []
    /** The first answer 200 of each instance after the server is back, in ms after its resume. */
    const recovered: (number | undefined)[] = [undefined, undefined]
    let resumedAt = 0
    // Two clients per instance, each asking for a SIWX nonce (a database write) every 10 ms. A request
    // held 5 s is cut and counted as status 0.
    const client = async (instance: number) => {
      while (running) {
        const started = phase
        const t = performance.now()
        const status = await fetch(`${urls[instance]}/v1/siwx/nonce`, { method: 'POST', signal: AbortSignal.timeout(5_000) }).then(
          async (res) => {
            await res.arrayBuffer()
            return res.status
          },
          () => 0,
        )
        // Only answers whose request began and ended in one phase are classed by it.
        answers.push({ instance, phase: started === phase ? phase : 'stopping', status, ms: performance.now() - t })
        if (phase === 'back' && status === 200 && recovered[instance] === undefined) recovered[instance] = performance.now() - resumedAt
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }
    const load = Promise.all([0, 0, 1, 1].map(client))
    const until = async (check: () => boolean, boundMs: number) => {
      const start = performance.now()
      while (!check() && performance.now() - start < boundMs) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const count = (p: Phase, instance?: number) =>
      answers.filter((a) => a.phase === p && (instance === undefined || a.instance === instance))
    await until(() => count('up', 0).length >= 10 && count('up', 1).length >= 10, 10_000)
    phase = 'stopping'
    await cluster.pause()
    phase = 'down'
    await until(() => count('down', 0).length >= 10 && count('down', 1).length >= 10, 10_000)
    phase = 'resuming'
    await cluster.resume()
    resumedAt = performance.now()
    phase = 'back'
    // Every instance recovers by itself: a bound of 10 s for both, then 10 more answers each.
    await until(() => recovered.every((ms) => ms !== undefined), 10_000)
    const after = answers.length
    await until(() => [0, 1].every((i) => answers.slice(after).filter((a) => a.instance === i).length >= 10), 10_000)
    running = false
    await load
    const down = count('down')
    console.info(
      `PostgreSQL restart under load: ${answers.length} answers; while down ${down.length}, the slowest in ${Math.round(Math.max(...down.map((a) => a.ms)))} ms; recovered after ${recovered.map((ms) => Math.round(ms ?? -1)).join(' / ')} ms`,
    )
    expect(count('up').map((a) => a.status)).toEqual(count('up').map(() => 200))
    expect(count('down', 0).length).toBeGreaterThanOrEqual(10)
    expect(count('down', 1).length).toBeGreaterThanOrEqual(10)
    expect(down.filter((a) => a.status !== 503)).toEqual([])
    expect(answers.filter((a) => a.status === 500 || a.status === 0)).toEqual([])
    expect(recovered.every((ms) => ms !== undefined)).toBe(true)
    const last = answers.slice(after)
    expect(last.filter((a) => a.status !== 200)).toEqual([])
    expect([0, 1].map((i) => last.filter((a) => a.instance === i).length >= 10)).toEqual([true, true])
  }, 60_000)
})
