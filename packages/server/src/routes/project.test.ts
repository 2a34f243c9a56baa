import { DEFAULT_REMOTE_FEATURES, remoteFeaturesSchema } from '@portico/protocol/common'
import { confirmPolicyResponseSchema } from '@portico/protocol/confirm-policy'
import { configResponseSchema, originsResponseSchema } from '@portico/protocol/explorer'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { openTestApp, requestJson, TEST_CHAINS, type TestApp } from '../test-support.ts'
import type { Database } from '../db/types.ts'
import { createProjectsRepository } from '../db/projects.ts'

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

describe('per-project config (projects table, migration 009)', () => {
  it('a project with a row gets its own origins and flags over the server’s; others get the server’s', async () => {
    const projects = createProjectsRepository(db)
    await projects.setOrigins('shop-1', ['https://shop.example', 'https://*.shop.example'])
    await projects.setFeatures('shop-1', { swaps: false, emailCapture: true, socials: ['github'] })
    const server = createApp({ chains: TEST_CHAINS, db, features: { onramp: false }, allowedOrigins: ['https://server.example'] })

    const origins = await requestJson(server, '/projects/v1/origins?projectId=shop-1&st=portico&sv=0.1.0', originsResponseSchema)
    expect(origins.body).toEqual({ allowedOrigins: ['https://shop.example', 'https://*.shop.example'] })
    const config = await requestJson(server, '/appkit/v1/config?projectId=shop-1&st=portico&sv=0.1.0', fullConfigSchema)
    expect(config.body).toEqual({
      features: { ...DEFAULT_REMOTE_FEATURES, onramp: false, swaps: false, emailCapture: true, socials: ['github'] },
    })

    const other = await requestJson(server, '/projects/v1/origins?projectId=unknown-project', originsResponseSchema)
    expect(other.body).toEqual({ allowedOrigins: ['https://server.example'] })
    expect((await requestJson(server, '/appkit/v1/config?projectId=unknown-project', fullConfigSchema)).body).toEqual({
      features: { ...DEFAULT_REMOTE_FEATURES, onramp: false },
    })
  })

  it('set-features merges over what the project set before; a project with flags only keeps the server origins', async () => {
    const projects = createProjectsRepository(db)
    await projects.setFeatures('merge-1', { swaps: false })
    const record = await projects.setFeatures('merge-1', { socials: false })
    expect(record.features).toEqual({ swaps: false, socials: false })
    expect(record.allowedOrigins).toBeNull()
    expect((await requestJson(app, '/projects/v1/origins?projectId=merge-1', originsResponseSchema)).body.allowedOrigins).toContain(
      'http://localhost:*',
    )
    expect((await requestJson(app, '/appkit/v1/config?projectId=merge-1', fullConfigSchema)).body.features).toMatchObject({
      swaps: false,
      socials: false,
      onramp: true,
    })
  })

  it.each([
    ['/appkit/v1/config?projectId=', 'projectId must be 1-128 letters, digits, ".", "_" or "-"'],
    ['/projects/v1/origins?projectId=a%20b', 'projectId must be 1-128 letters, digits, ".", "_" or "-"'],
    ['/appkit/v1/config?tz=..%2Fetc', 'tz must be an IANA time zone such as Europe/Paris'],
  ])('%s → 400 %s', async (path, error) => {
    const res = await app.request(path)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
  })
})

describe('GET /projects/v1/confirm-policy (migration 024)', () => {
  const POLICY = {
    auto: {
      methods: ['eth_sendTransaction' as const],
      chains: { 'eip155:31337': { targets: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], perTx: '10000000000000000' } },
    },
    stepUp: { 'eip155:31337': '500000000000000000' },
  }

  it('serves the project’s policy as set; null for a project without one, and once removed', async () => {
    const projects = createProjectsRepository(db)
    await projects.setConfirmPolicy('policy-1', POLICY)
    const { status, body } = await requestJson(app, '/projects/v1/confirm-policy?projectId=policy-1', confirmPolicyResponseSchema)
    expect(status).toBe(200)
    expect(body).toEqual({ policy: POLICY })
    expect((await requestJson(app, '/projects/v1/confirm-policy?projectId=nobody', confirmPolicyResponseSchema)).body).toEqual({
      policy: null,
    })
    // Other settings of the project leave the policy alone; `set-policy off` removes it.
    expect((await projects.setFeatures('policy-1', { swaps: false })).confirmPolicy).toEqual(POLICY)
    await projects.setConfirmPolicy('policy-1', null)
    expect((await requestJson(app, '/projects/v1/confirm-policy?projectId=policy-1', confirmPolicyResponseSchema)).body).toEqual({
      policy: null,
    })
  })

  it('a policy written by hand that does not parse is served as none (the frame then asks for everything)', async () => {
    await db.query(
      `INSERT INTO portico_projects.projects (id, confirm_policy) VALUES ('hand-1', '{"auto":{"methods":["wallet_grantPermissions"]}}'::jsonb)`,
    )
    expect((await requestJson(app, '/projects/v1/confirm-policy?projectId=hand-1', confirmPolicyResponseSchema)).body).toEqual({
      policy: null,
    })
  })

  it('the repository refuses a bad policy', async () => {
    await expect(createProjectsRepository(db).setConfirmPolicy('p', { stepUp: { 'eip155:1': '1.5' } })).rejects.toThrow()
  })

  it.each([
    ['/projects/v1/confirm-policy', 'projectId is required'],
    ['/projects/v1/confirm-policy?projectId=', 'projectId must be 1-128 letters, digits, ".", "_" or "-"'],
    ['/projects/v1/confirm-policy?projectId=%00', 'projectId must be 1-128 letters, digits, ".", "_" or "-"'],
    [`/projects/v1/confirm-policy?projectId=${'a'.repeat(129)}`, 'projectId must be 1-128 letters, digits, ".", "_" or "-"'],
  ])('%s → 400 %s', async (path, error) => {
    const res = await app.request(path)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
  })
})

describe('region restrictions (SPEC §6): GET /appkit/v1/config?tz=', () => {
  const restrictedApp = () => createApp({ chains: TEST_CHAINS, db, restrictedTimezones: ['Asia/Pyongyang', 'America/Havana'] })

  it('a restricted time zone turns swaps, onramp and payWithExchange off and names them in restricted', async () => {
    const { body } = await requestJson(restrictedApp(), '/appkit/v1/config?projectId=p1&tz=America%2FHavana', configResponseSchema)
    expect(body).toEqual({
      features: { ...DEFAULT_REMOTE_FEATURES, swaps: false, onramp: false, payWithExchange: false },
      restricted: ['swaps', 'onramp', 'payWithExchange'],
    })
  })

  it('the comparison ignores case; a feature already off is not listed as restricted', async () => {
    const projects = createProjectsRepository(db)
    await projects.setFeatures('no-swaps', { swaps: false })
    const { body } = await requestJson(restrictedApp(), '/appkit/v1/config?projectId=no-swaps&tz=asia%2Fpyongyang', configResponseSchema)
    expect(body.restricted).toEqual(['onramp', 'payWithExchange'])
    expect(body.features).toMatchObject({ swaps: false, onramp: false, payWithExchange: false, email: true })
  })

  it('another or no time zone: the features unchanged, no restricted field, and the list is never in the answer', async () => {
    for (const path of ['/appkit/v1/config?tz=Europe%2FParis', '/appkit/v1/config']) {
      const res = await restrictedApp().request(path)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ features: DEFAULT_REMOTE_FEATURES })
      expect(text).not.toContain('Havana')
    }
  })

  it('refuses a bad list at start', () => {
    expect(() => createApp({ chains: TEST_CHAINS, db, restrictedTimezones: ['not a zone'] })).toThrow()
  })
})
