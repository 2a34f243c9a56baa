import { walletsResponseSchema } from '@portico/protocol/explorer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletId } from '../catalogue/generate.ts'
import { loadCatalogue, syntheticCatalogue } from '../catalogue/index.ts'
import { web3Icon } from '../images/web3icons.ts'
import { createCommittedWalletCatalogue } from '../providers/wallets.ts'
import { openTestApp, requestError, requestJson, type TestApp } from '../test-support.ts'

// The paging, filter and image rules run on the synthetic catalogue (541 invented wallets: scale);
// the default catalogue (real wallets) has its own block below.
let app: TestApp
let close: () => Promise<void>
let real: TestApp
let closeReal: () => Promise<void>
const catalogue = syntheticCatalogue()
const realCatalogue = loadCatalogue()

beforeAll(async () => {
  ;({ app, close } = await openTestApp({ providers: { wallets: createCommittedWalletCatalogue(catalogue) } }))
  ;({ app: real, close: closeReal } = await openTestApp())
})
afterAll(async () => {
  await close()
  await closeReal()
})

const wallets = (path: string, on: TestApp = app) => requestJson(on, path, walletsResponseSchema)
const names = (body: { data: { name: string }[] }) => body.data.map((w) => w.name)

const WIRE_KEYS = [
  'app_store',
  'badge_type',
  'chains',
  'chrome_store',
  'desktop_link',
  'homepage',
  'id',
  'image_id',
  'image_url',
  'mobile_link',
  'name',
  'order',
  'play_store',
  'rdns',
  'webapp_link',
]

describe('GET /getWallets on the default catalogue (real wallets)', () => {
  it('lists the devnet wallet, then MetaMask, Coinbase Wallet, Trust Wallet, Rainbow; no `logo` field on the wire', async () => {
    const { status, body } = await wallets('/getWallets?entries=5', real)
    expect(status).toBe(200)
    expect(body.count).toBe(realCatalogue.length)
    expect(names(body)).toEqual(['Portico Dev Wallet', 'MetaMask', 'Coinbase Wallet', 'Trust Wallet', 'Rainbow'])
    const { logo: _logo, ...metamask } = realCatalogue[1]!
    expect(body.data[1]).toEqual({ ...metamask, image_url: `/wallet-images/${metamask.image_id}` })
    expect(body.data[1]).toMatchObject({
      rdns: 'io.metamask',
      homepage: 'https://metamask.io',
      mobile_link: 'metamask://',
      app_store: 'https://apps.apple.com/app/metamask/id1438144202',
      play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
      chrome_store: 'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
    })
    expect(Object.keys(body.data[1] ?? {}).sort()).toEqual(WIRE_KEYS)
  })

  it.each([
    ['meta', ['MetaMask']],
    ['wallet', ['Portico Dev Wallet', 'Coinbase Wallet', 'Trust Wallet', 'Rabby Wallet', 'OKX Wallet']],
    ['sable', []],
  ])('search %j finds %j first', async (search, expected) => {
    const { body } = await wallets(`/getWallets?search=${search}`, real)
    expect(names(body).slice(0, 5)).toEqual(expected)
  })

  it("serves MetaMask's logo from @web3icons/core with safe headers, and initials for Frame (not in the set)", async () => {
    const metamask = realCatalogue.find((w) => w.name === 'MetaMask')!
    const res = await real.request(`/wallet-images/${metamask.image_id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const svg = await res.text()
    expect(svg).toBe(web3Icon('wallets', 'metamask'))
    expect(svg).toContain('fill="#FF5C16"')
    expect(svg).not.toContain('<text')
    const frame = realCatalogue.find((w) => w.name === 'Frame')!
    expect(frame.logo).toBeNull()
    expect(await (await real.request(`/wallet-images/${frame.image_id}`)).text()).toContain('>F</text>')
    const uniswap = realCatalogue.find((w) => w.name === 'Uniswap Wallet')!
    expect(await (await real.request(`/wallet-images/${uniswap.image_id}`)).text()).toBe(web3Icon('exchanges', 'uniswap'))
  })

  it('answers 404 for an image id of the synthetic catalogue (not served by default)', async () => {
    const sable = catalogue.find((w) => w.name === 'Sable Chest')!
    expect(await requestError(real, `/wallet-images/${sable.image_id}`)).toMatchObject({ status: 404 })
  })
})

describe('GET /getWallets', () => {
  it('answers page 1 of 40 by default, ordered by order, with image URLs as paths of this server', async () => {
    const { status, body } = await wallets('/getWallets')
    expect(status).toBe(200)
    expect(body.count).toBe(catalogue.length)
    expect(body.data).toHaveLength(40)
    const { logo: _logo, ...first } = catalogue[0]!
    expect(body.data[0]).toEqual({ ...first, image_url: `/wallet-images/${first.image_id}` })
    expect(body.data[0]?.name).toBe('Portico Dev Wallet')
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(WIRE_KEYS)
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
