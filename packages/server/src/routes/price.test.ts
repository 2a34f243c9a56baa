import { priceResponseSchema } from '@portico/protocol/account'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Database } from '../db/types.ts'
import type { PricedAsset } from '../providers/prices.ts'
import { errorBodySchema, openTestApp, postJson, TEST_CHAINS, type TestApp } from '../test-support.ts'

let app: TestApp
let db: Database
let close: () => Promise<void>
beforeAll(async () => {
  ;({ app, db, close } = await openTestApp())
})
afterAll(() => close())

const addresses = [
  'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
  'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112',
  'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
  `eip155:31337:0x${'7'.repeat(40)}`,
]

async function prices(a: TestApp, body: unknown) {
  const res = await postJson(a, '/v1/fungible/price', body)
  return { status: res.status, body: priceResponseSchema.parse(await res.json()) }
}

describe('POST /v1/fungible/price', () => {
  it('prices native currencies, configured tokens and SOL from the price table; unknown assets are left out', async () => {
    expect(await prices(app, { currency: 'usd', addresses, projectId: 'p1' })).toEqual({
      status: 200,
      body: {
        fungibles: [
          { name: 'Ether', symbol: 'ETH', price: 3000, address: addresses[0], iconUrl: '/token-images/ETH' },
          { name: 'Portico Token', symbol: 'PTK', price: 0.5, address: addresses[1], iconUrl: '/token-images/PTK' },
          { name: 'Solana', symbol: 'SOL', price: 150, address: addresses[2], iconUrl: '/token-images/SOL' },
        ],
      },
    })
  })

  it('asks the price provider for the assets found, with their chain and token address', async () => {
    const asked: PricedAsset[][] = []
    const custom = createApp({
      chains: TEST_CHAINS,
      db,
      publicUrl: 'https://api.portico.example/',
      providers: {
        prices: {
          getUsdPrices: async (assets) => {
            asked.push([...assets])
            return assets.map((_, i) => 10 + i)
          },
        },
      },
    })
    const { body } = await prices(custom, { currency: 'USD', addresses: addresses.slice(0, 2), projectId: 'p1' })
    expect(asked).toEqual([
      [
        { chainId: 'eip155:31337', symbol: 'ETH' },
        { chainId: 'eip155:31337', symbol: 'PTK', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      ],
    ])
    expect(body.fungibles.map((f) => [f.symbol, f.price, f.iconUrl])).toEqual([
      ['ETH', 10, 'https://api.portico.example/token-images/ETH'],
      ['PTK', 11, 'https://api.portico.example/token-images/PTK'],
    ])
  })

  it('answers an empty list without asking the provider when nothing is known', async () => {
    const custom = createApp({
      chains: TEST_CHAINS,
      db,
      providers: { prices: { getUsdPrices: () => Promise.reject(new Error('must not be asked')) } },
    })
    expect(await prices(custom, { currency: 'usd', addresses: [addresses[3]], projectId: 'p1' })).toEqual({
      status: 200,
      body: { fungibles: [] },
    })
  })

  const full = { currency: 'usd', addresses: [], projectId: 'p1' }
  it.each([
    ['{not json', 'Invalid JSON body'],
    ['', 'Invalid JSON body'],
    ['null', 'The body must be a JSON object with currency, addresses and projectId'],
    ['[1,2]', 'The body must be a JSON object with currency, addresses and projectId'],
    [{ currency: 'usd', projectId: 'p1' }, 'addresses must be an array of CAIP-10 addresses'],
    [{ ...full, addresses: 'eip155:1:0xabc' }, 'addresses must be an array of CAIP-10 addresses'],
    [{ ...full, addresses: [1] }, 'addresses must be an array of CAIP-10 addresses'],
    [{ ...full, addresses: ['eip155:1'] }, 'Invalid CAIP address eip155:1'],
    [{ ...full, addresses: ['eip155:1:../../etc/passwd'] }, 'Invalid CAIP address eip155:1:../../etc/passwd'],
    [{ ...full, addresses: Array.from({ length: 101 }, () => addresses[0]) }, 'addresses must hold at most 100 entries'],
    [{ ...full, currency: 'eur' }, 'Unsupported currency eur'],
    [{ ...full, currency: 7 }, 'currency must be a string'],
    [{ addresses: [], projectId: 'p1' }, 'currency must be a string'],
    [{ currency: 'usd', addresses: [] }, 'projectId must be a string'],
  ])('answers 400 for %j', async (body, message) => {
    const res = await postJson(app, '/v1/fungible/price', body)
    expect(res.status).toBe(400)
    expect(errorBodySchema.parse(await res.json())).toEqual({ error: message })
  })

  it.each([
    [{}],
    [{ 'content-type': 'text/plain' }],
    [{ 'content-type': 'application/x-www-form-urlencoded' }],
    [{ 'content-type': 'application/jsonp' }],
  ])('answers 415 for content type %j', async (headers) => {
    const res = await postJson(app, '/v1/fungible/price', full, headers)
    expect(res.status).toBe(415)
    expect(errorBodySchema.parse(await res.json())).toEqual({ error: 'Content-Type must be application/json' })
  })

  it('accepts application/json with a charset', async () => {
    const res = await postJson(app, '/v1/fungible/price', full, { 'content-type': 'Application/JSON; charset=utf-8' })
    expect(res.status).toBe(200)
  })
})
