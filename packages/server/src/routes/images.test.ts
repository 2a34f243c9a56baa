import { DEV_WALLET_ICON } from '@portico/devnet/wallet'
import * as presets from '@portico/headless/networks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_WALLET_RDNS } from '../catalogue/generate.ts'
import { loadCatalogue } from '../catalogue/index.ts'
import { NETWORK_IMAGES } from '../images/networks.ts'
import { web3Icon } from '../images/web3icons.ts'
import { builtinNetworkImages, createBuiltinNetworkImages, WEB3ICONS_NETWORKS } from '../providers/network-images.ts'
import { openTestApp, requestError, type TestApp } from '../test-support.ts'

let app: TestApp
let close: () => Promise<void>
beforeAll(async () => {
  ;({ app, close } = await openTestApp())
})
afterAll(() => close())

const SAFE_SVG_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': 'public, max-age=86400, immutable',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
}
const headersOf = (res: Response) => Object.fromEntries(Object.keys(SAFE_SVG_HEADERS).map((h) => [h, res.headers.get(h)]))

describe('GET /token-images/{symbol}', () => {
  it.each(['USDC', 'usdc', 'ETH', 'WBTC', 'SOL'])(
    'serves the logo of @web3icons/core for %s, cacheable, with safe headers',
    async (symbol) => {
      const res = await app.request(`/token-images/${symbol}`)
      expect(res.status).toBe(200)
      expect(headersOf(res)).toEqual(SAFE_SVG_HEADERS)
      const svg = await res.text()
      expect(svg).toBe(web3Icon('tokens', symbol))
      expect(svg).not.toContain('<text')
      const cached = await app.request(`/token-images/${symbol}`, { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } })
      expect(cached.status).toBe(304)
    },
  )

  it('USDC is the blue coin of the set (#0B53BF)', async () => {
    expect(await (await app.request('/token-images/USDC')).text()).toContain('fill="#0B53BF"')
  })

  it('draws the letters of a symbol the set lacks (PTK, the devnet token), with the same headers', async () => {
    const res = await app.request('/token-images/PTK')
    expect(res.status).toBe(200)
    expect(headersOf(res)).toEqual(SAFE_SVG_HEADERS)
    expect(await res.text()).toContain('>PTK</text>')
  })

  it.each([
    [`/token-images/${encodeURIComponent('<b>')}`, 'Invalid token symbol'],
    [`/token-images/${'A'.repeat(17)}`, 'Invalid token symbol'],
    ['/token-images/..%2F..%2Fetc%2Fpasswd', 'Invalid token symbol'],
  ])('GET %s → 400 %j', async (path, message) => {
    expect(await requestError(app, path)).toMatchObject({ status: 400, body: { error: message } })
  })
})

describe('GET /network-images/{imageId}', () => {
  // Every preset of @portico/headless/networks names a logo this route serves.
  const presetImageIds = [...new Set(Object.values(presets).map((n) => n.assets?.imageId))]

  it('serves a logo for the imageId of every network preset (26 logos for 32 presets: testnets share)', async () => {
    expect(presetImageIds).toHaveLength(26)
    for (const id of presetImageIds) {
      const res = await app.request(`/network-images/${id}`)
      expect(res.status, String(id)).toBe(200)
      expect(headersOf(res)).toEqual(SAFE_SVG_HEADERS)
      expect(await res.text()).toBe(web3Icon('networks', WEB3ICONS_NETWORKS[id as string] as string))
    }
    expect(Object.keys(NETWORK_IMAGES).sort()).toEqual([...presetImageIds].sort())
  })

  it('has the logo of @web3icons/core for every preset: Ethereum, Arbitrum One, BNB Smart Chain …', () => {
    for (const [id, name] of Object.entries(WEB3ICONS_NETWORKS)) expect(web3Icon('networks', name), id).toBeDefined()
    expect(WEB3ICONS_NETWORKS.arbitrum).toBe('arbitrum-one')
    expect(WEB3ICONS_NETWORKS.bnb).toBe('binance-smart-chain')
  })

  it('falls back to the marks drawn for Portico where the set lacks a network', () => {
    expect(builtinNetworkImages().ethereum).toBe(web3Icon('networks', 'ethereum'))
    expect(Object.keys(builtinNetworkImages()).sort()).toEqual(Object.keys(NETWORK_IMAGES).sort())
  })

  it('the drawn marks name the network in the SVG: Base is "Base", Arbitrum One "Arbitrum"', async () => {
    const drawn = createBuiltinNetworkImages(NETWORK_IMAGES)
    expect(await drawn.svg('base')).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="Base">/,
    )
    expect(await drawn.svg('arbitrum')).toContain('aria-label="Arbitrum"')
  })

  it.each(Object.entries(NETWORK_IMAGES))('%s is a small self-contained SVG: no script, link, embedded image or text', (_id, svg) => {
    expect(svg.length).toBeLessThan(1024)
    expect(svg).not.toMatch(/<script|<image|<text|<foreignObject|href=|on[a-z]+=/i)
    // The only URL is the SVG namespace; url(#…) refers to the file's own gradients.
    expect(svg.match(/https?:\/\/[^"]+/g)).toEqual(['http://www.w3.org/2000/svg'])
  })

  it('answers 304 to its ETag', async () => {
    const res = await app.request('/network-images/solana')
    const cached = await app.request('/network-images/solana', { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } })
    expect(cached.status).toBe(304)
  })

  it.each([
    ['/network-images/dogecoin', 404, 'Unknown network image dogecoin'],
    // Names of Object.prototype members are not logos.
    ['/network-images/constructor', 404, 'Unknown network image constructor'],
    ['/network-images/tostring', 404, 'Unknown network image tostring'],
    ['/network-images/__proto__', 400, 'Invalid network image id'],
    ['/network-images/Ethereum', 400, 'Invalid network image id'],
    [`/network-images/${'a'.repeat(33)}`, 400, 'Invalid network image id'],
    ['/network-images/..%2F..%2Fetc%2Fpasswd', 400, 'Invalid network image id'],
    // URL parsing resolves the dot segment before routing: the path is '/', which no route serves.
    ['/network-images/%2e%2e', 404, 'Not found: GET /'],
    ['/network-images/ethereum.svg', 400, 'Invalid network image id'],
    ['/network-images/ethereum%00', 400, 'Invalid network image id'],
  ])('GET %s → %i %j', async (path, status, message) => {
    expect(await requestError(app, path)).toMatchObject({ status, body: { error: message } })
  })

  it('a provider override serves its own table', async () => {
    const own = await openTestApp({
      providers: { networkImages: createBuiltinNetworkImages({ local: '<svg xmlns="http://www.w3.org/2000/svg"/>' }) },
    })
    try {
      expect(await (await own.app.request('/network-images/local')).text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>')
      expect((await own.app.request('/network-images/ethereum')).status).toBe(404)
    } finally {
      await own.close()
    }
  })
})

describe('GET /wallet-images/{imageId} of the dev wallet', () => {
  it('is the icon the dev wallet announces (EIP-6963), not a monogram: the same image in Connect and All wallets', async () => {
    const dev = loadCatalogue().find((w) => w.rdns === DEV_WALLET_RDNS)!
    const res = await app.request(`/wallet-images/${dev.image_id}`)
    expect(res.status).toBe(200)
    const svg = await res.text()
    expect(`data:image/svg+xml,${encodeURIComponent(svg)}`).toBe(DEV_WALLET_ICON)
    expect(svg).not.toContain('<text')
  })
})
