import { analyticsConfigSchema } from '@portico/protocol/explorer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, requestJson, type TestApp } from '../test-support.ts'

let app: TestApp
let close: () => Promise<void>
beforeAll(async () => {
  ;({ app, close } = await openTestApp())
})
afterAll(() => close())

describe('GET /getAnalyticsConfig', () => {
  it('says analytics are off', async () => {
    expect(await requestJson(app, '/getAnalyticsConfig?projectId=p1&st=portico&sv=0.1.0', analyticsConfigSchema)).toMatchObject({
      status: 200,
      body: { isAnalyticsEnabled: false },
    })
  })
})
