import { analyticsConfigSchema } from '@portico/protocol/explorer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { sweepAnalytics } from '../db/analytics.ts'
import { createProjectsRepository } from '../db/projects.ts'
import type { Database } from '../db/types.ts'
import { openTestApp, requestJson, TEST_CHAINS, type TestApp } from '../test-support.ts'
import { ANALYTICS_ERRORS } from './analytics.ts'

let app: TestApp
let db: Database
let close: () => Promise<void>
beforeAll(async () => {
  ;({ app, db, close } = await openTestApp())
})
afterAll(() => close())

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0)
/** An app with analytics on and a clock the test moves. */
function onApp(clock = { t: T0 }) {
  return { clock, app: createApp({ chains: TEST_CHAINS, db, analytics: { enabled: true, retentionDays: 7 }, now: () => clock.t }) }
}
const beacon = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) })
const event = (eventId: string, event: string, properties?: Record<string, unknown>) => ({
  eventId,
  timestamp: T0 - 1000,
  type: 'track',
  event,
  ...(properties ? { properties } : {}),
})

describe('GET /getAnalyticsConfig', () => {
  it('says analytics are off by default', async () => {
    expect(await requestJson(app, '/getAnalyticsConfig?projectId=p1&st=portico&sv=0.1.0', analyticsConfigSchema)).toMatchObject({
      status: 200,
      body: { isAnalyticsEnabled: false },
    })
  })
  it('says on when the server is configured so', async () => {
    expect((await requestJson(onApp().app, '/getAnalyticsConfig?projectId=p1', analyticsConfigSchema)).body).toEqual({
      isAnalyticsEnabled: true,
    })
  })
})

describe('analytics off: /batch and /e store nothing', () => {
  it.each(['/batch?projectId=p1', '/e?projectId=p1'])('POST %s → 404 with the reason', async (path) => {
    const res = await app.request(path, beacon({ events: [event('off-1', 'MODAL_OPEN')] }))
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: ANALYTICS_ERRORS.off })
    expect((await db.query("SELECT 1 FROM portico_analytics.events WHERE event_id = 'off-1'")).rows).toHaveLength(0)
  })
})

describe('POST /batch', () => {
  it('stores the events of a text/plain beacon, once per eventId', async () => {
    const { app: on } = onApp()
    const body = {
      events: [event('b-1', 'SWAP_ERROR', { network: 'eip155:1', message: 'Insufficient liquidity' }), event('b-2', 'MODAL_OPEN')],
    }
    expect((await on.request('/batch?projectId=shop&st=portico&sv=0.1.0', beacon(body))).status).toBe(204)
    // The same batch again (a beacon then its fetch fallback) adds nothing.
    expect((await on.request('/batch?projectId=shop', beacon({ events: [...body.events, event('b-3', 'CONNECT_SUCCESS')] }))).status).toBe(
      204,
    )
    const { rows } = await db.query<{
      event_id: string
      project_id: string
      event: string
      properties: unknown
      occurred_at: Date
      received_at: Date
    }>(
      "SELECT event_id, project_id, event, properties, occurred_at, received_at FROM portico_analytics.events WHERE event_id LIKE 'b-%' ORDER BY event_id",
    )
    expect(rows.map((r) => [r.event_id, r.project_id, r.event, r.properties])).toEqual([
      ['b-1', 'shop', 'SWAP_ERROR', { network: 'eip155:1', message: 'Insufficient liquidity' }],
      ['b-2', 'shop', 'MODAL_OPEN', null],
      ['b-3', 'shop', 'CONNECT_SUCCESS', null],
    ])
    expect(new Date(rows[0]!.occurred_at).toISOString()).toBe('2026-11-23T11:59:59.000Z')
    expect(new Date(rows[0]!.received_at).toISOString()).toBe('2026-11-23T12:00:00.000Z')
  })

  it('keeps NUL characters and lone surrogates out of Postgres (replaced by U+FFFD)', async () => {
    const { app: on } = onApp()
    expect(
      (await on.request('/batch?projectId=shop', beacon({ events: [event('nul-1', 'A\u0000B', { 'k\u0000': 'x\ud800y' })] }))).status,
    ).toBe(204)
    const { rows } = await db.query<{ event: string; properties: unknown }>(
      "SELECT event, properties FROM portico_analytics.events WHERE event_id = 'nul-1'",
    )
    expect(rows).toEqual([{ event: 'A\ufffdB', properties: { 'k\ufffd': 'x\ufffdy' } }])
  })

  it.each([
    ['no projectId', '/batch', { events: [] }, 'projectId is required'],
    ['not JSON', '/batch?projectId=p', 'nope', 'The body must be JSON'],
    [
      'a bad eventId',
      '/batch?projectId=p',
      { events: [{ ...event('x', 'E'), eventId: 'a b' }] },
      'events.0: eventId must be 1-128 letters, digits, ".", "_", ":" or "-"',
    ],
    ['an empty event name', '/batch?projectId=p', { events: [event('x', '')] }, 'events.0: event must not be empty'],
    [
      'a timestamp out of range',
      '/batch?projectId=p',
      { events: [{ ...event('x', 'E'), timestamp: 9e15 }] },
      'events.0: timestamp is out of range',
    ],
    [
      'properties nested too deep',
      '/batch?projectId=p',
      { events: [event('x', 'E', { a: [[[[[[[[[[1]]]]]]]]]] })] },
      'properties must not nest deeper than 8 levels',
    ],
  ])('%s → 400', async (_, path, body, error) => {
    const res = await onApp().app.request(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
  })
})

describe('POST /e', () => {
  const report = (message: string) => beacon({ type: 'error', timestamp: T0, name: 'Error', message, stack: 'Error: x\n at y' })

  it('stores error reports, at most 5 a minute per project (429 beyond), other projects unaffected, again after a minute', async () => {
    const { app: on, clock } = onApp({ t: T0 })
    for (const id of ['errs', 'errs-other']) await createProjectsRepository(db).setOrigins(id, ['https://shop.example'])
    for (let i = 1; i <= 5; i++) expect((await on.request('/e?projectId=errs', report(`boom ${i}`))).status).toBe(204)
    const sixth = await on.request('/e?projectId=errs', report('boom 6'))
    expect(sixth.status).toBe(429)
    // The bucket gets a report back every 12 s.
    expect(sixth.headers.get('retry-after')).toBe('12')
    expect(await sixth.json()).toEqual({ error: 'Too many error reports: at most 5 a minute per project' })
    expect((await on.request('/e?projectId=errs-other', report('other'))).status).toBe(204)
    clock.t = T0 + 60_001
    expect((await on.request('/e?projectId=errs', report('boom 7'))).status).toBe(204)
    const { rows } = await db.query<{ message: string; stack: string }>(
      "SELECT message, stack FROM portico_analytics.errors WHERE project_id = 'errs' ORDER BY id",
    )
    expect(rows.map((r) => r.message)).toEqual(['boom 1', 'boom 2', 'boom 3', 'boom 4', 'boom 5', 'boom 7'])
    expect(rows[0]!.stack).toBe('Error: x\n at y')
  })

  it('unregistered project ids share one budget of 5 a minute: 7 reports under 7 made-up ids, 5 stored', async () => {
    const { app: on } = onApp({ t: T0 + 3_600_000 })
    const answers = []
    for (let i = 0; i < 7; i++) answers.push(await on.request(`/e?projectId=made-up-${i}`, report(`made up ${i}`)))
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204, 204, 429, 429])
    expect(await answers[5]!.json()).toEqual({
      error: 'Too many error reports for unregistered projects (all of them together): at most 5 a minute',
    })
    const { rows } = await db.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM portico_analytics.errors WHERE project_id LIKE 'made-up-%'",
    )
    expect(Number(rows[0]!.n)).toBe(5)
  })

  it('refuses a body that is not an error report', async () => {
    const res = await onApp().app.request('/e?projectId=p', beacon({ type: 'track', timestamp: 1, name: 'x', message: 'y' }))
    expect(res.status).toBe(400)
  })
})

describe('POST /batch limit (analytics.rateLimit)', () => {
  it('a registered project gets its burst (3), then 429 naming its bucket; another project is unaffected; off with rateLimit: false', async () => {
    const clock = { t: T0 }
    const limited = (rateLimit: { requestsPerSecond: number; burst: number } | false) =>
      createApp({ chains: TEST_CHAINS, db, analytics: { enabled: true, rateLimit }, now: () => clock.t })
    for (const id of ['limited-a', 'limited-b']) await createProjectsRepository(db).setOrigins(id, ['https://shop.example'])
    const on = limited({ requestsPerSecond: 0.5, burst: 3 })
    const statuses = []
    for (let i = 0; i < 5; i++)
      statuses.push((await on.request('/batch?projectId=limited-a', beacon({ events: [event(`lim-a-${i}`, 'E')] }))).status)
    expect(statuses).toEqual([204, 204, 204, 429, 429])
    const refused = await on.request('/batch?projectId=limited-a', beacon({ events: [event('lim-a-9', 'E')] }))
    expect(refused.headers.get('retry-after')).toBe('2')
    expect(await refused.json()).toEqual({ error: 'Too many analytics batches for this project: retry in 2 s' })
    expect((await on.request('/batch?projectId=limited-b', beacon({ events: [event('lim-b-0', 'E')] }))).status).toBe(204)
    const stored = await db.query<{ event_id: string }>(
      "SELECT event_id FROM portico_analytics.events WHERE event_id LIKE 'lim-%' ORDER BY 1",
    )
    expect(stored.rows.map((r) => r.event_id)).toEqual(['lim-a-0', 'lim-a-1', 'lim-a-2', 'lim-b-0'])
    const off = limited(false)
    for (let i = 0; i < 5; i++)
      expect((await off.request('/batch?projectId=limited-a', beacon({ events: [event(`off-a-${i}`, 'E')] }))).status).toBe(204)
  })

  it('refuses a bad rateLimit at start', () => {
    expect(() =>
      createApp({ chains: TEST_CHAINS, db, analytics: { enabled: true, rateLimit: { requestsPerSecond: 0, burst: 1 } } }),
    ).toThrow('analytics.rateLimit.requestsPerSecond must be a positive number')
  })
})

describe('retention sweep', () => {
  it('deletes the events and error reports received more than retentionDays before now, keeps the rest', async () => {
    const sweepDb = (await openTestApp()).db
    try {
      const at = (iso: string) => `'${iso}'::timestamptz`
      await sweepDb.exec(`
        INSERT INTO portico_analytics.events (event_id, project_id, event, occurred_at, received_at) VALUES
          ('old', 'p', 'E', ${at('2026-10-01T00:00:00Z')}, ${at('2026-10-01T00:00:00Z')}),
          ('edge-out', 'p', 'E', ${at('2026-11-15T11:59:59Z')}, ${at('2026-11-15T11:59:59Z')}),
          ('edge-in', 'p', 'E', ${at('2026-11-15T12:00:01Z')}, ${at('2026-11-15T12:00:01Z')}),
          ('new', 'p', 'E', ${at('2026-11-23T00:00:00Z')}, ${at('2026-11-23T00:00:00Z')});
        INSERT INTO portico_analytics.errors (project_id, name, message, occurred_at, received_at) VALUES
          ('p', 'Error', 'old', ${at('2026-11-01T00:00:00Z')}, ${at('2026-11-01T00:00:00Z')}),
          ('p', 'Error', 'new', ${at('2026-11-20T00:00:00Z')}, ${at('2026-11-20T00:00:00Z')});
      `)
      // Now 2026-11-22T12:00:00Z, 7 days: the cutoff is 2026-11-15T12:00:00Z.
      expect(await sweepAnalytics(sweepDb, 7, Date.UTC(2026, 10, 22, 12))).toEqual({ events: 2, errors: 1 })
      expect(
        (await sweepDb.query<{ event_id: string }>('SELECT event_id FROM portico_analytics.events ORDER BY event_id')).rows.map(
          (r) => r.event_id,
        ),
      ).toEqual(['edge-in', 'new'])
      expect((await sweepDb.query<{ message: string }>('SELECT message FROM portico_analytics.errors')).rows.map((r) => r.message)).toEqual(
        ['new'],
      )
      expect(await sweepAnalytics(sweepDb, 7, Date.UTC(2026, 10, 22, 12))).toEqual({ events: 0, errors: 0 })
    } finally {
      await sweepDb.close()
    }
  })

  it('refuses a bad retention at start', () => {
    expect(() => createApp({ chains: TEST_CHAINS, db, analytics: { enabled: true, retentionDays: 0 } })).toThrow(
      'analytics.retentionDays must be a positive integer',
    )
  })
})

describe('startServer runs the retention sweep at start', () => {
  it('rows received before now − retentionDays are gone once the server listens; newer ones stay', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const path = await import('node:path')
    const { openDatabase } = await import('../db/index.ts')
    const { startServer } = await import('../index.ts')
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-sweep-'))
    try {
      const seed = await openDatabase({ dataDir })
      await seed.exec(`INSERT INTO portico_analytics.events (event_id, project_id, event, occurred_at, received_at) VALUES
        ('stale', 'p', 'E', '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z'),
        ('fresh', 'p', 'E', '2026-11-20T00:00:00Z', '2026-11-20T00:00:00Z')`)
      await seed.close()
      const server = await startServer({
        chains: [],
        dataDir,
        indexer: { enabled: false },
        analytics: { enabled: true, retentionDays: 10 },
        now: () => Date.UTC(2026, 10, 23),
      })
      try {
        await expect
          .poll(async () =>
            (await server.db.query<{ event_id: string }>('SELECT event_id FROM portico_analytics.events ORDER BY 1')).rows.map(
              (r) => r.event_id,
            ),
          )
          .toEqual(['fresh'])
      } finally {
        await server.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    // Two opens of a new on-disk PGlite, each migrating: seconds alone, far longer beside the e2e journeys.
  }, 90_000)
})
