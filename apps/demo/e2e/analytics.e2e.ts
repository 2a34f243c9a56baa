// Issue 15: self-hosted analytics, end to end — the local stack's API with analytics on, a production
// build of the demo, Debian's Chromium. The modal's first open asks GET /getAnalyticsConfig; events
// (modal open, the dev wallet's connection) are batched and sent by navigator.sendBeacon to the local
// API's /batch when the page is hidden, and the API stores them in its database. With analytics off,
// nothing but the config question is sent. No request ever leaves loopback.
import os from 'node:os'
import path from 'node:path'
import type { Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { connectDevWallet } from './support.ts'

let h: Harness
/** The analytics requests the page made: method and path. */
const sent: string[] = []
const ANALYTICS_PATH = /^\/(getAnalyticsConfig|batch|e)$/

beforeAll(async () => {
  h = await startHarness({ analytics: { enabled: true }, outDir: path.join(os.tmpdir(), `portico-demo-e2e-analytics-${process.pid}`) })
  h.page.on('request', (request: Request) => {
    const url = new URL(request.url())
    if (ANALYTICS_PATH.test(url.pathname)) sent.push(`${request.method()} ${url.pathname}`)
  })
})

afterAll(async () => {
  await h?.close()
})

type Row = { event: string; project_id: string; properties: Record<string, unknown> | null }
const stored = () => h.stack.queryApi<Row>('SELECT event, project_id, properties FROM portico_analytics.events ORDER BY occurred_at, event')

/** What the page does when the visitor switches tab: the document becomes hidden. */
const hidePage = () =>
  h.page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })

describe('analytics on the local stack', () => {
  it('a. nothing is asked before the modal opens', async () => {
    await h.page.waitForLoadState('networkidle')
    expect(sent).toEqual([])
  })

  it('b. the modal open and the connection are stored by the local API from the beacon sent on page hide', async () => {
    await connectDevWallet(h)
    await expect.poll(() => h.page.getByTestId('portico-account-address').textContent()).toBe('0xf39F…b92266')
    expect(sent.filter((s) => s.endsWith('/getAnalyticsConfig'))).toEqual(['GET /getAnalyticsConfig'])
    expect(sent).not.toContain('POST /batch')
    expect(await stored()).toEqual([])

    await hidePage()
    await expect
      .poll(() => stored().then((rows) => rows.map((r) => r.event)), { timeout: 10_000 })
      .toEqual(['MODAL_OPEN', 'CONNECT_SUCCESS'])
    const rows = await stored()
    expect(rows.every((r) => r.project_id === h.stack.config.projectId)).toBe(true)
    expect(rows[1]!.properties).toEqual({ connector: 'announced', namespace: 'eip155' })
    // No address in what was stored.
    expect(JSON.stringify(rows)).not.toMatch(/0x[0-9a-fA-F]{40}/)
    expect(sent).toContain('POST /batch')
    expect(h.offLoopback).toEqual([])
  })

  it('c. with analytics off: only the config question, no batch on page hide, nothing stored', async () => {
    await h.stack.stopApi()
    await h.stack.startApi({ analytics: { enabled: false } })
    sent.length = 0
    await h.page.reload()
    await h.page.getByTestId('portico-connect-button-address').click()
    await expect.poll(() => h.page.getByRole('dialog').isVisible()).toBe(true)
    await expect.poll(() => sent).toEqual(['GET /getAnalyticsConfig'])
    await h.page.keyboard.press('Escape')
    await hidePage()
    // Give a beacon time to go, were one queued.
    await h.page.waitForTimeout(1_000)
    expect(sent).toEqual(['GET /getAnalyticsConfig'])
    expect(await stored()).toEqual([])
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
