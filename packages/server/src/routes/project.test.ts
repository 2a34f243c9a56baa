import { DEFAULT_REMOTE_FEATURES, remoteFeaturesSchema } from '@portico/protocol/common'
import { configResponseSchema, originsResponseSchema } from '@portico/protocol/explorer'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { openTestApp, requestJson, TEST_CHAINS, type TestApp } from '../test-support.ts'
import type { Database } from '../db/types.ts'

let app: TestApp
let db: Database
let close: () => Promise<void>

beforeAll(async () => {
  ;({ app, db, close } = await openTestApp())
})
afterAll(() => close())

/** The server always sends every flag: parsed with the full schema, not the client's partial one. */
const fullConfigSchema = z.object({ features: remoteFeaturesSchema })

describe('GET /appkit/v1/config', () => {
  it('serves the default feature flags', async () => {
    const { status, body } = await requestJson(app, '/appkit/v1/config', fullConfigSchema)
    expect(status).toBe(200)
    expect(body).toEqual({ features: DEFAULT_REMOTE_FEATURES })
    // What the client parses it with accepts it too.
    expect(configResponseSchema.safeParse(body).success).toBe(true)
  })

  it('honours overrides', async () => {
    const custom = createApp({ chains: TEST_CHAINS, db, features: { swaps: false, socials: ['google', 'github'] } })
    const { body } = await requestJson(custom, '/appkit/v1/config', fullConfigSchema)
    expect(body).toEqual({ features: { ...DEFAULT_REMOTE_FEATURES, swaps: false, socials: ['google', 'github'] } })
  })

  it('refuses bad feature overrides at start', () => {
    expect(() => createApp({ chains: TEST_CHAINS, db, features: { socials: ['myspace'] as never } })).toThrow()
  })
})

describe('GET /projects/v1/origins', () => {
  it('serves the default allowed origins', async () => {
    const { body } = await requestJson(app, '/projects/v1/origins', originsResponseSchema)
    expect(body).toEqual({ allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*', 'http://127.0.0.1', 'http://localhost'] })
  })

  it('serves the configured list', async () => {
    const custom = createApp({ chains: TEST_CHAINS, db, allowedOrigins: ['https://app.example', 'https://*.preview.example'] })
    const { body } = await requestJson(custom, '/projects/v1/origins', originsResponseSchema)
    expect(body).toEqual({ allowedOrigins: ['https://app.example', 'https://*.preview.example'] })
  })
})
