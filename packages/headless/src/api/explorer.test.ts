/** The explorer client (SPEC §7 wallet explorer host): queries sent, answers, catalogue text. */
import { describe, expect, it } from 'vitest'
import type { ApiClient } from './client'
import { EXPLORER_BASE, recordingFetch, SDK, testClient } from './test-support'

interface Row {
  name: string
  call: (api: ApiClient) => Promise<unknown>
  path: string
  query: Record<string, string>
  answer: unknown
  result: unknown
}

const wallet = { id: 'w1', name: 'Dev Wallet', image_url: 'http://127.0.0.1/w1.png', rdns: 'dev.portico.wallet', chains: ['eip155:1'] }

const rows: Row[] = [
  {
    name: 'wallets, defaults',
    call: (api) => api.explorer.getWallets(),
    path: '/getWallets',
    query: { page: '1', entries: '40' },
    answer: { count: 1, data: [wallet] },
    result: { count: 1, data: [wallet] },
  },
  {
    name: 'wallets, every filter',
    call: (api) =>
      api.explorer.getWallets({
        page: 3,
        entries: 100,
        search: 'dev',
        include: ['w1', 'w2'],
        exclude: ['w3'],
        badge_type: 'certified',
        chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
        names: ['Dev Wallet'],
        rdns: ['dev.portico.wallet'],
      }),
    path: '/getWallets',
    query: {
      page: '3',
      entries: '100',
      search: 'dev',
      badge_type: 'certified',
      include: 'w1,w2',
      exclude: 'w3',
      chains: 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      names: 'Dev Wallet',
      rdns: 'dev.portico.wallet',
    },
    answer: { count: 0, data: [] },
    result: { count: 0, data: [] },
  },
  {
    name: 'remote config (only the flags sent)',
    call: (api) => api.explorer.getConfig(),
    path: '/appkit/v1/config',
    query: {},
    answer: { features: { swaps: false, onramp: true } },
    result: { features: { swaps: false, onramp: true }, restricted: [] },
  },
  {
    name: 'remote config with the visitor time zone (SPEC §6): tz sent, restricted features read',
    call: (api) => api.explorer.getConfig({ tz: 'America/Havana' }),
    path: '/appkit/v1/config',
    query: { tz: 'America/Havana' },
    answer: {
      features: { swaps: false, onramp: false, payWithExchange: false, email: true },
      restricted: ['swaps', 'onramp', 'payWithExchange'],
    },
    result: {
      features: { swaps: false, onramp: false, payWithExchange: false, email: true },
      restricted: ['swaps', 'onramp', 'payWithExchange'],
    },
  },
  {
    name: 'analytics config',
    call: (api) => api.explorer.getAnalyticsConfig(),
    path: '/getAnalyticsConfig',
    query: {},
    answer: { isAnalyticsEnabled: true },
    result: { isAnalyticsEnabled: true },
  },
  {
    name: 'allowed origins',
    call: (api) => api.explorer.getOrigins(),
    path: '/projects/v1/origins',
    query: {},
    answer: { allowedOrigins: ['http://127.0.0.1:5173'] },
    result: { origins: ['http://127.0.0.1:5173'] },
  },
]

describe('explorer client (SPEC §7)', () => {
  it.each(rows)('$name: GET $path with its query, the parsed answer', async (row) => {
    const f = recordingFetch(() => ({ body: row.answer }))
    await expect(row.call(testClient(f.fetch))).resolves.toEqual(row.result)
    const sent = f.calls[0]!
    expect(sent.url.origin + sent.url.pathname).toBe(`${EXPLORER_BASE}${row.path}`)
    expect([sent.method, sent.query, sent.sdk, sent.body]).toEqual(['GET', row.query, SDK, undefined])
  })

  it.each([
    ['wallets', (api: ApiClient) => api.explorer.getWallets()],
    ['remote config', (api: ApiClient) => api.explorer.getConfig()],
    ['analytics config', (api: ApiClient) => api.explorer.getAnalyticsConfig()],
  ])('%s: a body of the wrong shape ends with "Something went wrong"', async (_name, call) => {
    const f = recordingFetch(() => ({ body: { count: 'x', features: 1, isAnalyticsEnabled: 'yes' } }))
    await expect(call(testClient(f.fetch))).rejects.toMatchObject({ name: 'PorticoError', message: 'Something went wrong' })
  })

  it('remote config naming a restriction outside swaps, onramp, payWithExchange: "Something went wrong"', async () => {
    const f = recordingFetch(() => ({ body: { features: {}, restricted: ['email'] } }))
    await expect(testClient(f.fetch).explorer.getConfig()).rejects.toMatchObject({ name: 'PorticoError', message: 'Something went wrong' })
  })

  it('origins of the wrong shape: no origins', async () => {
    const f = recordingFetch(() => ({ body: { allowedOrigins: 'all' } }))
    await expect(testClient(f.fetch).explorer.getOrigins()).resolves.toEqual({ origins: [] })
  })
})
