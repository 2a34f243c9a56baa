import { supportedChainsSchema } from '@portico/protocol/account'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Database } from '../db/types.ts'
import { openTestApp, requestJson, type TestApp } from '../test-support.ts'

let app: TestApp
let db: Database
let close: () => Promise<void>
beforeAll(async () => {
  ;({ app, db, close } = await openTestApp())
})
afterAll(() => close())

describe('GET /v1/supported-chains', () => {
  it('lists every chain over http, chains with a websocket under ws', async () => {
    expect(await requestJson(app, '/v1/supported-chains', supportedChainsSchema)).toMatchObject({
      status: 200,
      body: { http: ['eip155:31337', 'eip155:31338'], ws: ['eip155:31338'] },
    })
  })

  it('lists the Solana chain under http', async () => {
    const withSolana = createApp({
      chains: [],
      db,
      solana: { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', rpcUrl: 'http://127.0.0.1:3' },
    })
    expect((await requestJson(withSolana, '/v1/supported-chains', supportedChainsSchema)).body).toEqual({
      http: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      ws: [],
    })
  })
})
