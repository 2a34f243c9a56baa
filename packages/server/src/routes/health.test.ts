import { getFreePort } from '@portico/devnet'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { loadMigrations } from '../db/migrate.ts'
import { openPostgres } from '../db/postgres.ts'
import type { Database } from '../db/types.ts'
import { openTestApp, requestJson } from '../test-support.ts'
import { READY_TIMEOUT_MS } from './health.ts'

const okSchema = z.strictObject({ status: z.literal('ok') })
const readySchema = z.strictObject({ status: z.literal('ready') })
const unavailableSchema = z.strictObject({ status: z.literal('unavailable'), reason: z.string(), pending: z.array(z.string()).optional() })

const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close().catch(() => undefined)
})
async function open(config: Parameters<typeof openTestApp>[0] = {}) {
  const test = await openTestApp(config)
  opened.push(test)
  return test
}

describe('GET /healthz', () => {
  it('answers 200 { status: ok } without CORS headers, even to an allowed origin', async () => {
    const { app } = await open()
    const { status, body, res } = await requestJson(app, '/healthz', okSchema, { headers: { origin: 'http://127.0.0.1:5173' } })
    expect([status, body]).toEqual([200, { status: 'ok' }])
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('cache-control')).toBe('no-store')
    // The same origin gets CORS headers from the API's other routes.
    const chains = await app.request('/v1/supported-chains', { headers: { origin: 'http://127.0.0.1:5173' } })
    expect(chains.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
  })

  it('answers 200 with the database closed: it asks nothing of it', async () => {
    const { app, db } = await open()
    await db.close()
    const { status, body } = await requestJson(app, '/healthz', okSchema)
    expect([status, body]).toEqual([200, { status: 'ok' }])
  })
})

describe('GET /readyz', () => {
  it('answers 200 { status: ready } on a migrated database', async () => {
    const { app } = await open()
    const { status, body } = await requestJson(app, '/readyz', readySchema)
    expect([status, body]).toEqual([200, { status: 'ready' }])
  })

  it('answers 503 naming the migrations that are not recorded', async () => {
    const { app, db } = await open()
    const [first, , third] = loadMigrations().map((m) => m.version)
    await db.query('DELETE FROM schema_migrations WHERE version = $1 OR version = $2', [first, third])
    const { status, body } = await requestJson(app, '/readyz', unavailableSchema)
    expect([status, body]).toEqual([503, { status: 'unavailable', reason: 'migrations pending', pending: ['001', '003'] }])
  })

  it('answers 503 at once when the database is closed, and no 500 is reported', async () => {
    const { app, db, reported } = await open()
    await db.close()
    const start = performance.now()
    const { status, body } = await requestJson(app, '/readyz', unavailableSchema)
    expect(performance.now() - start).toBeLessThan(1000)
    expect([status, body]).toEqual([503, { status: 'unavailable', reason: 'database unreachable' }])
    expect(reported).toEqual([])
  })

  it('answers 503 at once when a Postgres server does not listen (DATABASE_URL to a closed port)', async () => {
    const port = await getFreePort()
    const db = await openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`)
    const { app } = await open({ db })
    const start = performance.now()
    const { status, body } = await requestJson(app, '/readyz', unavailableSchema)
    expect(performance.now() - start).toBeLessThan(1000)
    expect([status, body]).toEqual([503, { status: 'unavailable', reason: 'database unreachable' }])
  })

  it(`answers 503 after ${READY_TIMEOUT_MS} ms when the database does not answer; probes meanwhile share the one check`, async () => {
    const { db: real } = await open()
    let asked = 0
    const stuck: Database = {
      ...real,
      query: () => {
        asked += 1
        return new Promise(() => undefined)
      },
    }
    const { app } = await open({ db: stuck })
    const start = performance.now()
    const answers = await Promise.all([1, 2, 3].map(() => requestJson(app, '/readyz', unavailableSchema)))
    const elapsed = performance.now() - start
    expect(elapsed).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50)
    expect(elapsed).toBeLessThan(READY_TIMEOUT_MS + 1000)
    for (const { status, body } of answers)
      expect([status, body]).toEqual([503, { status: 'unavailable', reason: `database did not answer within ${READY_TIMEOUT_MS} ms` }])
    expect(asked).toBe(1)
  })
})
