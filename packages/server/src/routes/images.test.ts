import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, requestError, type TestApp } from '../test-support.ts'

let app: TestApp
let close: () => Promise<void>
beforeAll(async () => {
  ;({ app, close } = await openTestApp())
})
afterAll(() => close())

describe('GET /token-images/{symbol}', () => {
  it('serves token icons by symbol, cacheable', async () => {
    const res = await app.request('/token-images/USDC')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, immutable')
    expect(await res.text()).toContain('>USDC</text>')
    const cached = await app.request('/token-images/USDC', { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } })
    expect(cached.status).toBe(304)
  })

  it.each([
    ['/token-images/' + encodeURIComponent('<b>'), 'Invalid token symbol'],
    ['/token-images/' + 'A'.repeat(17), 'Invalid token symbol'],
    ['/token-images/..%2F..%2Fetc%2Fpasswd', 'Invalid token symbol'],
  ])('GET %s → 400 %j', async (path, message) => {
    expect(await requestError(app, path)).toMatchObject({ status: 400, body: { error: message } })
  })
})
