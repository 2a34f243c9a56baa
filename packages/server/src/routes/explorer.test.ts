import { walletsResponseSchema } from '@portico/protocol/explorer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletId } from '../catalogue/generate.ts'
import { loadCatalogue } from '../catalogue/index.ts'
import { openTestApp, requestError, requestJson, type TestApp } from '../test-support.ts'

let app: TestApp
let close: () => Promise<void>
const catalogue = loadCatalogue()

beforeAll(async () => {
  ;({ app, close } = await openTestApp())
})
afterAll(() => close())

const wallets = (path: string) => requestJson(app, path, walletsResponseSchema)
const names = (body: { data: { name: string }[] }) => body.data.map((w) => w.name)

describe('GET /getWallets', () => {
  it('answers page 1 of 40 by default, ordered by order, with image URLs as paths of this server', async () => {
    const { status, body } = await wallets('/getWallets')
    expect(status).toBe(200)
    expect(body.count).toBe(catalogue.length)
    expect(body.data).toHaveLength(40)
    expect(body.data[0]).toEqual({
      ...catalogue[0],
      image_url: `/wallet-images/${catalogue[0]?.image_id}`,
    })
    expect(body.data[0]?.name).toBe('Portico Dev Wallet')
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual([
      'badge_type',
      'chains',
      'desktop_link',
      'id',
      'image_id',
      'image_url',
      'mobile_link',
      'name',
      'order',
      'rdns',
      'webapp_link',
    ])
  })

  it('pages: page 2 of 40 holds wallets 41-80', async () => {
    const { body } = await wallets('/getWallets?page=2&entries=40&st=appkit&sv=1.0.0&projectId=p1')
    expect(body.count).toBe(catalogue.length)
    expect(body.data.map((w) => w.id)).toEqual(catalogue.slice(40, 80).map((w) => w.id))
  })

  it('answers an empty page past the end with the full count', async () => {
    const { body } = await wallets('/getWallets?page=100&entries=40')
    expect(body).toEqual({ count: catalogue.length, data: [] })
  })

  it.each([
    ['aurora', 12],
    ['AURORA W', 1],
    ['vault', 45],
    ['no such wallet', 0],
  ])('search %j matches %i wallets by name, case-insensitively', async (search, count) => {
    const { body } = await wallets(`/getWallets?entries=100&search=${encodeURIComponent(search)}`)
    expect(body.count).toBe(count)
    for (const name of names(body)) expect(name.toLowerCase()).toContain(search.toLowerCase())
  })

  it('include keeps only the listed ids, in catalogue order', async () => {
    const ids = [walletId('Nova Pay'), walletId('Aurora Wallet')]
    const { body } = await wallets(`/getWallets?include=${ids.join(',')}`)
    expect(body.count).toBe(2)
    const expected = catalogue.filter((w) => ids.includes(w.id)).map((w) => w.name)
    expect(names(body)).toEqual(expected)
    expect([...names(body)].sort()).toEqual(['Aurora Wallet', 'Nova Pay'])
  })

  it('exclude drops the listed ids and combines with search', async () => {
    const { body } = await wallets(`/getWallets?search=aurora&exclude=${walletId('Aurora Wallet')},${walletId('Aurora Vault')}`)
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
    const { body } = await wallets(`/getWallets?entries=100&chains=${bitcoin},${sui}`)
    expect(body.count).toBe(expected.length)
    expect(body.data.map((w) => w.id)).toEqual(expected.slice(0, 100).map((w) => w.id))
  })

  it('chains eip155:31337 includes the devnet browser wallet', async () => {
    const { body } = await wallets('/getWallets?chains=eip155:31337')
    expect(body.data[0]?.rdns).toBe('dev.portico.wallet')
  })

  it.each([
    ['dev.portico.wallet', ['Portico Dev Wallet']],
    ['DEV.PORTICO.WALLET,example.aurora-wallet', ['Portico Dev Wallet', 'Aurora Wallet']],
    ['org.unknown', []],
  ])('rdns %j selects %j', async (rdns, expected) => {
    const { body } = await wallets(`/getWallets?rdns=${rdns}`)
    expect([...names(body)].sort()).toEqual([...expected].sort())
  })

  it('names selects wallets by exact name, case-insensitively', async () => {
    const { body } = await wallets(`/getWallets?names=${encodeURIComponent('aurora wallet,Nova Pay,Nova')}`)
    expect([...names(body)].sort()).toEqual(['Aurora Wallet', 'Nova Pay'])
  })

  it('badge_type=certified keeps certified wallets only', async () => {
    const certified = catalogue.filter((w) => w.badge_type === 'certified')
    const { body } = await wallets('/getWallets?badge_type=certified')
    expect(body.count).toBe(certified.length)
    expect(body.count).toBeLessThan(catalogue.length)
    expect(body.data.every((w) => w.badge_type === 'certified')).toBe(true)
  })

  it.each([
    ['/getWallets?page=0', 'page must be an integer between 1 and 100000'],
    ['/getWallets?page=abc', 'page must be an integer between 1 and 100000'],
    ['/getWallets?page=1e3', 'page must be an integer between 1 and 100000'],
    [`/getWallets?page=${'9'.repeat(400)}`, 'page must be an integer between 1 and 100000'],
    ['/getWallets?entries=101', 'entries must be an integer between 1 and 100'],
    ['/getWallets?include=xyz', 'Invalid wallet id xyz'],
    [`/getWallets?exclude=${'A'.repeat(64)}`, `Invalid wallet id ${'A'.repeat(64)}`],
    [`/getWallets?include=${'x'.repeat(300)}`, `Invalid wallet id ${'x'.repeat(100)}…`],
    [`/getWallets?include=${Array.from({ length: 101 }, (_, i) => walletId(`w${i}`)).join(',')}`, 'include must hold at most 100 items'],
    ['/getWallets?chains=eip155', 'Invalid CAIP-2 chain id eip155'],
    ['/getWallets?chains=eip155:1:0xabc', 'Invalid CAIP-2 chain id eip155:1:0xabc'],
    ['/getWallets?chains=%07evil', 'Invalid CAIP-2 chain id \\u0007evil'],
    ['/getWallets?badge_type=gold', "badge_type must be 'certified' or 'none'"],
    [`/getWallets?search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
    [`/getWallets?rdns=${'r'.repeat(257)}`, `rdns items must be at most 256 characters, got ${'r'.repeat(100)}…`],
  ])('GET %s → 400 %j', async (path, message) => {
    expect(await requestError(app, path)).toMatchObject({ status: 400, body: { error: message } })
  })
})

describe('GET /wallet-images/{image_id}', () => {
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
    const stale = await app.request(`/wallet-images/${wallet?.image_id}`, { headers: { 'If-None-Match': '"other"' } })
    expect(stale.status).toBe(200)
  })

  it('answers 404 for an unknown wallet image id', async () => {
    expect(await requestError(app, '/wallet-images/00000000-0000-0000-0000-000000000000')).toMatchObject({
      status: 404,
      body: { error: 'Unknown wallet image 00000000-0000-0000-0000-000000000000' },
    })
  })

  it.each([
    ['/wallet-images/not-a-uuid', 'Invalid image id'],
    ['/wallet-images/..%2F..%2Fetc%2Fpasswd', 'Invalid image id'],
  ])('GET %s → 400 %j', async (path, message) => {
    expect(await requestError(app, path)).toMatchObject({ status: 400, body: { error: message } })
  })

  it('answers 400 for an If-None-Match header over 512 characters', async () => {
    const wallet = catalogue[0]
    const res = await requestError(app, `/wallet-images/${wallet?.image_id}`, { headers: { 'If-None-Match': 'x'.repeat(513) } })
    expect(res).toMatchObject({ status: 400, body: { error: 'If-None-Match must be at most 512 characters' } })
  })
})
