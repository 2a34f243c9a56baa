/** Analytics (SPEC §7, §8, §9): batches to /batch by beacon, 45 KB flush, page hidden, error reports 5 a minute. */
import { analyticsBatchSchema, errorReportSchema } from '@portico/protocol/analytics'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS_LIMITS, createAnalyticsClient, type AnalyticsConfig } from './analytics'
import { createHttp } from './http'
import { API_BASE, recordingFetch, SDK, testClient } from './test-support'

afterEach(() => vi.unstubAllGlobals())

function setup(beaconResult: boolean | undefined = true) {
  const clock = { t: 1_000 }
  const beacons: { url: URL; body: string }[] = []
  const subscriptions: (() => void)[] = []
  let unsubscribed = 0
  const f = recordingFetch(() => ({ body: {} }))
  const analytics = core(f.fetch, {
    now: () => clock.t,
    sendBeacon:
      beaconResult === undefined
        ? undefined
        : (url, body) => {
            beacons.push({ url: new URL(url), body })
            return beaconResult
          },
    onPageHidden: (flush) => {
      subscriptions.push(flush)
      return () => unsubscribed++
    },
  })
  return { analytics, clock, beacons, calls: f.calls, subscriptions, unsubscribed: () => unsubscribed }
}

/** The analytics module over the HTTP core, as createApiClient loads it. */
function core(fetch: typeof globalThis.fetch, config: Partial<AnalyticsConfig> = {}) {
  const http = createHttp({ projectId: SDK.projectId, sdkType: SDK.st, sdkVersion: SDK.sv, fetch })
  return createAnalyticsClient(http, { analyticsUrl: API_BASE, ...config })
}

const batchOf = (body: string) => analyticsBatchSchema.parse(JSON.parse(body))

describe('analytics batches (SPEC §7, §9)', () => {
  it('nothing is sent and no page event is watched before the first event', () => {
    const { analytics, beacons, calls, subscriptions } = setup()
    expect(analytics.flush()).toBe(false)
    expect([beacons, calls, subscriptions]).toEqual([[], [], []])
  })

  it('events wait for the batch; flush sends them by beacon to /batch with the SDK parameters', () => {
    const { analytics, beacons, clock, calls } = setup()
    analytics.track('SWAP_ERROR', { message: 'Insufficient liquidity', network: 'eip155:1' })
    clock.t = 2_000
    analytics.track('MODAL_OPEN')
    expect(beacons).toEqual([])
    expect(analytics.queued()).toBe(2)
    expect(analytics.flush()).toBe(true)
    expect(beacons).toHaveLength(1)
    expect(beacons[0]!.url.origin + beacons[0]!.url.pathname).toBe(`${API_BASE}/batch`)
    expect(Object.fromEntries(beacons[0]!.url.searchParams)).toEqual(SDK)
    const { events } = batchOf(beacons[0]!.body)
    expect(events.map((e) => [e.type, e.event, e.timestamp, e.properties])).toEqual([
      ['track', 'SWAP_ERROR', 1_000, { message: 'Insufficient liquidity', network: 'eip155:1' }],
      ['track', 'MODAL_OPEN', 2_000, undefined],
    ])
    expect(new Set(events.map((e) => e.eventId)).size).toBe(2)
    expect(analytics.queued()).toBe(0)
    expect(calls).toEqual([])
  })

  it('a batch is sent when it reaches 45 KB, and never grows past it', () => {
    const { analytics, beacons } = setup()
    const properties = { blob: 'x'.repeat(1000) }
    for (let i = 0; i < 100; i++) analytics.track(`E${i}`, properties)
    expect(beacons.length).toBeGreaterThanOrEqual(2)
    const sizes = beacons.map((b) => new TextEncoder().encode(b.body).length)
    for (const size of sizes) expect(size).toBeLessThanOrEqual(ANALYTICS_LIMITS.batchBytes + 20)
    // Each sent batch was full: one more event would have passed 45 KB.
    const eventBytes = new TextEncoder().encode(JSON.stringify(batchOf(beacons[0]!.body).events[0])).length
    for (const size of sizes) expect(size + eventBytes).toBeGreaterThan(ANALYTICS_LIMITS.batchBytes)
    const sent = beacons.flatMap((b) => batchOf(b.body).events.map((e) => e.event))
    expect(sent.length + analytics.queued()).toBe(100)
    expect(sent).toEqual(Array.from({ length: sent.length }, (_, i) => `E${i}`))
  })

  it('the page being hidden sends the batch; destroy stops watching', () => {
    const { analytics, beacons, subscriptions, unsubscribed } = setup()
    analytics.track('A')
    analytics.track('B')
    expect(subscriptions).toHaveLength(1)
    subscriptions[0]!()
    expect(batchOf(beacons[0]!.body).events.map((e) => e.event)).toEqual(['A', 'B'])
    analytics.destroy()
    expect(unsubscribed()).toBe(1)
  })

  it('a beacon the browser refuses falls back to fetch with keepalive', async () => {
    const { analytics, calls } = setup(false)
    analytics.track('A')
    analytics.flush()
    expect(calls).toHaveLength(1)
    expect([calls[0]!.method, calls[0]!.url.pathname, calls[0]!.keepalive, calls[0]!.headers['content-type']]).toEqual([
      'POST',
      '/api/batch',
      true,
      'text/plain;charset=UTF-8',
    ])
    expect((calls[0]!.body as { events: { event: string }[] }).events.map((e) => e.event)).toEqual(['A'])
  })

  it('navigator.sendBeacon is used when present, fetch with keepalive when not', () => {
    const sent: string[] = []
    vi.stubGlobal('navigator', {
      sendBeacon: (url: string) => {
        sent.push(url)
        return true
      },
    })
    const f = recordingFetch(() => ({ body: {} }))
    const analytics = core(f.fetch, { onPageHidden: () => () => {} })
    analytics.track('A')
    analytics.flush()
    expect(sent.map((u) => new URL(u).pathname)).toEqual(['/api/batch'])
    expect(f.calls).toEqual([])
    vi.stubGlobal('navigator', {})
    analytics.track('B')
    analytics.flush()
    expect(f.calls.map((c) => [c.url.pathname, c.keepalive])).toEqual([['/api/batch', true]])
  })

  it('by default a document turning hidden sends the batch', () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' })
    vi.stubGlobal('document', doc)
    const beacons: string[] = []
    const analytics = core(recordingFetch(() => ({})).fetch, {
      sendBeacon: (_u, body) => {
        beacons.push(body)
        return true
      },
    })
    analytics.track('A')
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(beacons).toEqual([])
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(beacons).toHaveLength(1)
  })
})

describe('error reports (SPEC §7 POST /e, §8 at most 5 a minute)', () => {
  it('POST /e with the error; the sixth report of a minute is not sent', async () => {
    const { analytics, clock, calls } = setup()
    const results: boolean[] = []
    for (let i = 0; i < 7; i++) results.push(await analytics.reportError(new TypeError(`boom ${i}`), { view: 'Account' }))
    expect(results).toEqual([true, true, true, true, true, false, false])
    expect(calls).toHaveLength(5)
    expect(calls[0]!.method).toBe('POST')
    expect(calls[0]!.url.pathname).toBe('/api/e')
    const report = errorReportSchema.parse(calls[0]!.body)
    expect([report.name, report.message, report.timestamp, report.properties]).toEqual(['TypeError', 'boom 0', 1_000, { view: 'Account' }])
    clock.t = 60_999
    await expect(analytics.reportError('late')).resolves.toBe(false)
    clock.t = 61_000
    await expect(analytics.reportError('string error')).resolves.toBe(true)
    expect(errorReportSchema.parse(calls[5]!.body)).toMatchObject({ name: 'Error', message: 'string error' })
  })

  it('a report the server refuses resolves false', async () => {
    const f = recordingFetch(() => ({ status: 500 }))
    await expect(core(f.fetch).reportError(new Error('x'))).resolves.toBe(false)
  })
})

describe('createApiClient().analytics: the module loads on first use', () => {
  it('events tracked before it loaded keep their order and their time; flush sends them', async () => {
    const clock = { t: 5_000 }
    const beacons: string[] = []
    const api = testClient(recordingFetch(() => ({})).fetch, {
      now: () => clock.t,
      sendBeacon: (_u, body) => {
        beacons.push(body)
        return true
      },
      onPageHidden: () => () => {},
    })
    await expect(api.analytics.flush()).resolves.toBe(false)
    api.analytics.track('FIRST', { n: 1 })
    clock.t = 6_000
    api.analytics.track('SECOND')
    clock.t = 9_000
    await expect(api.analytics.flush()).resolves.toBe(true)
    expect(batchOf(beacons[0]!).events.map((e) => [e.event, e.timestamp])).toEqual([
      ['FIRST', 5_000],
      ['SECOND', 6_000],
    ])
    await expect(api.analytics.flush()).resolves.toBe(false)
  })

  it('error reports go through it, 5 a minute', async () => {
    const f = recordingFetch(() => ({ body: {} }))
    const api = testClient(f.fetch, { now: () => 0 })
    const results = []
    for (let i = 0; i < 6; i++) results.push(await api.analytics.reportError(new Error(`e${i}`)))
    expect(results).toEqual([true, true, true, true, true, false])
    expect(f.calls.map((c) => c.url.pathname)).toEqual(Array(5).fill('/api/e'))
  })
})
