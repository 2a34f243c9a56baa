import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { loadCatalogue, type Wallet } from './catalogue/index.ts'
import { walletId } from './catalogue/generate.ts'
import { DEFAULT_FEATURES, type ChainConfigInput } from './config.ts'
import { createNamesRepository, openDatabase, type Database } from './db/index.ts'

const chains: ChainConfigInput[] = [
  {
    chainId: 31337,
    name: 'Portico Devnet',
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'PTK', name: 'Portico Token', decimals: 18 }],
  },
  {
    chainId: 31338,
    name: 'Portico Devnet 2',
    rpcUrl: 'http://127.0.0.1:2',
    wsUrl: 'ws://127.0.0.1:2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
]

let db: Database
let app: ReturnType<typeof createApp>
const catalogue = loadCatalogue()

beforeAll(async () => {
  db = await openDatabase()
  app = createApp({ chains, db, onError: () => undefined })
})
afterAll(async () => {
  await db.close()
})

async function getJson<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T; res: Response }> {
  const res = await app.request(path, init)
  return { status: res.status, body: (await res.json()) as T, res }
}
type WalletsBody = { count: number; data: Wallet[] }
const names = (body: WalletsBody) => body.data.map((w) => w.name)

describe('GET /getWallets', () => {
  it('answers page 1 of 40 by default, ordered by order, with absolute local image URLs', async () => {
    const { status, body } = await getJson<WalletsBody>('/getWallets')
    expect(status).toBe(200)
    expect(body.count).toBe(catalogue.length)
    expect(body.data).toHaveLength(40)
    expect(body.data[0]).toEqual({
      ...catalogue[0],
      image_url: `http://localhost/wallet-images/${catalogue[0]?.image_id}`,
    })
    expect(body.data[0]?.name).toBe('Portico Dev Wallet')
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(
      ['badge_type', 'chains', 'desktop_link', 'id', 'image_id', 'image_url', 'mobile_link', 'name', 'order', 'rdns', 'webapp_link'],
    )
  })

  it('pages: page 2 of 40 holds wallets 41-80', async () => {
    const { body } = await getJson<WalletsBody>('/getWallets?page=2&entries=40&st=appkit&sv=1.0.0&projectId=p1')
    expect(body.count).toBe(catalogue.length)
    expect(body.data.map((w) => w.id)).toEqual(catalogue.slice(40, 80).map((w) => w.id))
  })

  it('answers an empty page past the end with the full count', async () => {
    const { body } = await getJson<WalletsBody>('/getWallets?page=100&entries=40')
    expect(body).toEqual({ count: catalogue.length, data: [] })
  })

  it.each([
    ['aurora', 12],
    ['AURORA W', 1],
    ['vault', 45],
    ['no such wallet', 0],
  ])('search %j matches %i wallets by name, case-insensitively', async (search, count) => {
    const { body } = await getJson<WalletsBody>(`/getWallets?entries=100&search=${encodeURIComponent(search)}`)
    expect(body.count).toBe(count)
    for (const name of names(body)) expect(name.toLowerCase()).toContain(search.toLowerCase())
  })

  it('include keeps only the listed ids, in catalogue order', async () => {
    const ids = [walletId('Nova Pay'), walletId('Aurora Wallet')]
    const { body } = await getJson<WalletsBody>(`/getWallets?include=${ids.join(',')}`)
    expect(body.count).toBe(2)
    const expected = catalogue.filter((w) => ids.includes(w.id)).map((w) => w.name)
    expect(names(body)).toEqual(expected)
    expect([...names(body)].sort()).toEqual(['Aurora Wallet', 'Nova Pay'])
  })

  it('exclude drops the listed ids and combines with search', async () => {
    const { body } = await getJson<WalletsBody>(
      `/getWallets?search=aurora&exclude=${walletId('Aurora Wallet')},${walletId('Aurora Vault')}`,
    )
    expect(body.count).toBe(10)
    expect(names(body)).not.toContain('Aurora Wallet')
    expect(names(body)).not.toContain('Aurora Vault')
  })

  it('chains keeps wallets supporting any listed CAIP-2 network', async () => {
    const bitcoin = 'bip122:000000000019d6689c085ae165831e93'
    const sui = 'sui:mainnet'
    const expected = catalogue.filter((w) => w.chains.includes(bitcoin) || w.chains.includes(sui))
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(catalogue.length)
    const { body } = await getJson<WalletsBody>(`/getWallets?entries=100&chains=${bitcoin},${sui}`)
    expect(body.count).toBe(expected.length)
    expect(body.data.map((w) => w.id)).toEqual(expected.slice(0, 100).map((w) => w.id))
  })

  it('chains eip155:31337 includes the devnet browser wallet', async () => {
    const { body } = await getJson<WalletsBody>('/getWallets?chains=eip155:31337')
    expect(body.data[0]?.rdns).toBe('dev.portico.wallet')
  })

  it.each([
    ['dev.portico.wallet', ['Portico Dev Wallet']],
    ['DEV.PORTICO.WALLET,example.aurora-wallet', ['Portico Dev Wallet', 'Aurora Wallet']],
    ['org.unknown', []],
  ])('rdns %j selects %j', async (rdns, expected) => {
    const { body } = await getJson<WalletsBody>(`/getWallets?rdns=${rdns}`)
    expect([...names(body)].sort()).toEqual([...expected].sort())
  })

  it('names selects wallets by exact name, case-insensitively', async () => {
    const { body } = await getJson<WalletsBody>(`/getWallets?names=${encodeURIComponent('aurora wallet,Nova Pay,Nova')}`)
    expect([...names(body)].sort()).toEqual(['Aurora Wallet', 'Nova Pay'])
  })

  it('badge_type=certified keeps certified wallets only', async () => {
    const certified = catalogue.filter((w) => w.badge_type === 'certified')
    const { body } = await getJson<WalletsBody>('/getWallets?badge_type=certified')
    expect(body.count).toBe(certified.length)
    expect(body.count).toBeLessThan(catalogue.length)
    expect(body.data.every((w) => w.badge_type === 'certified')).toBe(true)
  })
})

describe('input validation', () => {
  it.each([
    ['/getWallets?page=0', 'page must be an integer between 1 and 100000'],
    ['/getWallets?page=abc', 'page must be an integer between 1 and 100000'],
    ['/getWallets?entries=101', 'entries must be an integer between 1 and 100'],
    ['/getWallets?include=xyz', 'Invalid wallet id xyz'],
    ['/getWallets?exclude=' + 'A'.repeat(64), 'Invalid wallet id ' + 'A'.repeat(64)],
    ['/getWallets?chains=eip155', 'Invalid CAIP-2 chain id eip155'],
    ['/getWallets?chains=eip155:1:0xabc', 'Invalid CAIP-2 chain id eip155:1:0xabc'],
    ['/getWallets?badge_type=gold', "badge_type must be 'certified' or 'none'"],
    ['/getWallets?search=' + 'x'.repeat(101), 'search must be at most 100 characters'],
    ['/v1/identity/0x123', 'Invalid EVM address'],
    ['/v1/identity/0x' + 'g'.repeat(40), 'Invalid EVM address'],
    ['/v1/account/not-an-address/balance?chainId=eip155:31337', 'Invalid EVM address'],
    ['/v1/account/0x' + '1'.repeat(40) + '/balance?chainId=eip155:1', 'Unsupported chainId eip155:1'],
    ['/v1/account/0x' + '1'.repeat(40) + '/balance?chainId=foo', 'Invalid CAIP-2 chain id foo'],
    ['/v1/account/0x' + '1'.repeat(40) + '/balance?currency=eur&chainId=eip155:31337', 'Unsupported currency eur'],
    ['/wallet-images/not-a-uuid', 'Invalid image id'],
    ['/token-images/' + encodeURIComponent('<b>'), 'Invalid token symbol'],
  ])('GET %s → 400 %j', async (path, message) => {
    const { status, body } = await getJson<{ error: string }>(path)
    expect(status).toBe(400)
    expect(body).toEqual({ error: message })
  })

  it('answers unknown routes with 404 JSON', async () => {
    const { status, body } = await getJson('/v1/nope?x=1')
    expect(status).toBe(404)
    expect(body).toEqual({ error: 'Not found: GET /v1/nope' })
  })

  it('answers 500 JSON for unexpected errors and reports them', async () => {
    const reported: unknown[] = []
    const failing = createApp({
      chains,
      db,
      balanceProvider: {
        getBalances: () => Promise.reject(new TypeError('provider bug')),
      },
      onError: (error) => reported.push(error),
    })
    const res = await failing.request(`/v1/account/0x${'1'.repeat(40)}/balance?chainId=eip155:31337`)
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ error: 'Internal server error' })
    expect(reported).toHaveLength(1)
    expect((reported[0] as Error).message).toBe('provider bug')
  })

  it('rejects an invalid chains config', () => {
    expect(() => createApp({ chains: [{ ...chains[0], chainId: -1 } as ChainConfigInput], db })).toThrow()
    expect(() => createApp({ chains: [chains[0] as ChainConfigInput, chains[0] as ChainConfigInput], db })).toThrow(
      'duplicate chainId 31337',
    )
  })
})

describe('explorer config routes', () => {
  it('serves the default feature flags and honours overrides', async () => {
    expect((await getJson('/appkit/v1/config')).body).toEqual({ features: DEFAULT_FEATURES })
    const custom = createApp({ chains, db, features: { swaps: false, socials: ['google', 'github'] } })
    const res = await custom.request('/appkit/v1/config')
    expect(await res.json()).toEqual({ features: { ...DEFAULT_FEATURES, swaps: false, socials: ['google', 'github'] } })
  })

  it('serves allowed origins and the analytics config', async () => {
    expect((await getJson('/projects/v1/origins')).body).toEqual({
      allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*', 'http://127.0.0.1', 'http://localhost'],
    })
    expect((await getJson('/getAnalyticsConfig')).body).toEqual({ isAnalyticsEnabled: false })
  })
})

describe('CORS', () => {
  const preflight = (a: ReturnType<typeof createApp>, origin: string) =>
    a.request('/getWallets', {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'content-type' },
    })

  it.each(['http://localhost:5173', 'http://127.0.0.1:6006', 'http://localhost'])(
    'answers a preflight from %s by default',
    async (origin) => {
      const res = await preflight(app, origin)
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('access-control-allow-methods')).toContain('GET')
      expect(res.headers.get('access-control-allow-headers')).toContain('content-type')
    },
  )

  it.each(['https://evil.example', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example:80'])(
    'does not allow %s by default',
    async (origin) => {
      const res = await preflight(app, origin)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    },
  )

  it('adds the allow-origin header to simple requests of allowed origins', async () => {
    const res = await app.request('/getAnalyticsConfig', { headers: { Origin: 'http://localhost:3000' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
  })

  it('uses a configured origin list instead of the default', async () => {
    const custom = createApp({ chains, db, allowedOrigins: ['https://app.example', 'https://*.preview.example'] })
    expect((await preflight(custom, 'https://app.example')).headers.get('access-control-allow-origin')).toBe(
      'https://app.example',
    )
    expect((await preflight(custom, 'https://pr-7.preview.example')).headers.get('access-control-allow-origin')).toBe(
      'https://pr-7.preview.example',
    )
    expect((await preflight(custom, 'http://localhost:5173')).headers.get('access-control-allow-origin')).toBeNull()
    expect(await (await custom.request('/projects/v1/origins')).json()).toEqual({
      allowedOrigins: ['https://app.example', 'https://*.preview.example'],
    })
  })
})

describe('images', () => {
  it('serves a deterministic, cacheable SVG per wallet image id', async () => {
    const wallet = catalogue.find((w) => w.name === 'Aurora Wallet')
    const first = await app.request(`/wallet-images/${wallet?.image_id}`)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400, immutable')
    const svg = await first.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('>AW</text>')
    expect(svg).toContain('aria-label="Aurora Wallet"')
    const second = await app.request(`/wallet-images/${wallet?.image_id}`)
    expect(await second.text()).toBe(svg)
    const etag = first.headers.get('etag') ?? ''
    const cached = await app.request(`/wallet-images/${wallet?.image_id}`, { headers: { 'If-None-Match': etag } })
    expect(cached.status).toBe(304)
  })

  it('answers 404 for an unknown wallet image id', async () => {
    const { status, body } = await getJson('/wallet-images/00000000-0000-0000-0000-000000000000')
    expect(status).toBe(404)
    expect(body).toEqual({ error: 'Unknown wallet image 00000000-0000-0000-0000-000000000000' })
  })

  it('serves token icons by symbol', async () => {
    const res = await app.request('/token-images/USDC')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(await res.text()).toContain('>USDC</text>')
  })
})

describe('toolkit routes', () => {
  it('lists supported chains: every chain over http, chains with a websocket under ws', async () => {
    expect((await getJson('/v1/supported-chains')).body).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: ['eip155:31338'] })
  })

  it('answers identity from registered names only', async () => {
    const address = '0x00000000000000000000000000000000000000Aa'
    expect((await getJson(`/v1/identity/${address}`)).body).toEqual({ name: null, avatar: null })
    await createNamesRepository(db).register({
      name: 'identity-test',
      address,
      coinType: 0x80000000 | 31337,
      attributes: { avatar: 'http://127.0.0.1/avatar.png' },
    })
    // Lower-case and without the 0x prefix: both valid EVM addresses (SPEC §5).
    for (const path of [address.toLowerCase(), address.slice(2)]) {
      expect((await getJson(`/v1/identity/${path}`)).body).toEqual({
        name: 'identity-test',
        avatar: 'http://127.0.0.1/avatar.png',
      })
    }
  })
})

describe('POST /v1/fungible/price', () => {
  const post = (body: unknown) =>
    app.request('/v1/fungible/price', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('prices native currencies, configured tokens and SOL from the price table; unknown assets are left out', async () => {
    const addresses = [
      'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112',
      'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      'eip155:31337:0x' + '7'.repeat(40),
    ]
    const res = await post({ currency: 'usd', addresses, projectId: 'p1' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      fungibles: [
        { name: 'Ether', symbol: 'ETH', price: 3000, address: addresses[0], iconUrl: 'http://localhost/token-images/ETH' },
        { name: 'Portico Token', symbol: 'PTK', price: 0.5, address: addresses[1], iconUrl: 'http://localhost/token-images/PTK' },
        { name: 'Solana', symbol: 'SOL', price: 150, address: addresses[2], iconUrl: 'http://localhost/token-images/SOL' },
      ],
    })
  })

  it.each([
    ['{not json', 'Invalid JSON body'],
    [{ currency: 'usd' }, 'addresses must be an array of CAIP-10 addresses'],
    [{ addresses: ['eip155:1'] }, 'Invalid CAIP address eip155:1'],
    [{ currency: 'eur', addresses: [] }, 'Unsupported currency eur'],
  ])('answers 400 for %j', async (body, message) => {
    const res = await post(body)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: message })
  })
})
