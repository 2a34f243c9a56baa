import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEV_WALLET_NAME, DEV_WALLET_RDNS, generateCatalogue, serialiseCatalogue } from './generate.ts'
import { loadCatalogue, queryWallets } from './index.ts'

describe('wallet catalogue', () => {
  const wallets = loadCatalogue()

  it('is the committed output of scripts/generate-catalogue.ts', () => {
    const committed = readFileSync(new URL('./wallets.json', import.meta.url), 'utf8')
    expect(committed).toBe(serialiseCatalogue(generateCatalogue()))
  })

  it('holds at least 500 wallets with unique sha256-of-name ids, unique orders and local links', () => {
    expect(wallets.length).toBeGreaterThanOrEqual(500)
    expect(new Set(wallets.map((w) => w.id)).size).toBe(wallets.length)
    expect(new Set(wallets.map((w) => w.order)).size).toBe(wallets.length)
    for (const w of wallets) {
      expect(w.id).toBe(createHash('sha256').update(w.name).digest('hex'))
      expect(w.chains.length).toBeGreaterThan(0)
      for (const link of [w.mobile_link, w.desktop_link, w.webapp_link]) {
        if (link !== null) expect(new URL(link).hostname.endsWith('.example')).toBe(true)
      }
    }
  })

  it('starts with the devnet browser wallet', () => {
    expect(wallets[0]).toMatchObject({ name: DEV_WALLET_NAME, rdns: DEV_WALLET_RDNS, order: 1 })
  })

  it('pages by entries with a 1-based page and counts matches before paging', () => {
    const page = queryWallets(wallets, { page: 3, entries: 7 })
    expect(page.count).toBe(wallets.length)
    expect(page.data.map((w) => w.id)).toEqual(wallets.slice(14, 21).map((w) => w.id))
    // The catalogue's own records; the image URL is the route's business (it knows the public URL).
    expect(page.data).toEqual(wallets.slice(14, 21))
  })
})
