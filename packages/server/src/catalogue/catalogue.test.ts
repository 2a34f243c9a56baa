import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { web3Icon } from '../images/web3icons.ts'
import { DEV_WALLET_NAME, DEV_WALLET_RDNS } from './generate.ts'
import { loadCatalogue, queryWallets, realWalletSchema, syntheticCatalogue } from './index.ts'

describe('the default catalogue: real wallets (wallets.json)', () => {
  const wallets = loadCatalogue()
  const entries = JSON.parse(readFileSync(new URL('./wallets.json', import.meta.url), 'utf8')) as unknown[]

  it('has every entry valid against the schema (name, rdns, homepage, namespaces, links, logo)', () => {
    for (const entry of entries) expect(realWalletSchema.safeParse(entry).error, JSON.stringify(entry)).toBeUndefined()
  })

  it('holds at least 40 real wallets after the devnet browser wallet, in the file order', () => {
    expect(wallets[0]).toMatchObject({ name: DEV_WALLET_NAME, rdns: DEV_WALLET_RDNS, order: 1 })
    expect(wallets.length - 1).toBeGreaterThanOrEqual(40)
    expect(wallets.map((w) => w.order)).toEqual(wallets.map((_, i) => i + 1))
    expect(wallets.slice(1, 7).map((w) => w.name)).toEqual([
      'MetaMask',
      'Coinbase Wallet',
      'Trust Wallet',
      'Rainbow',
      'Phantom',
      'Rabby Wallet',
    ])
  })

  it.each([
    'MetaMask',
    'Coinbase Wallet',
    'Trust Wallet',
    'Rainbow',
    'Phantom',
    'Rabby Wallet',
    'OKX Wallet',
    'Zerion',
    'Ledger Live',
    'Safe',
    'Uniswap Wallet',
    'Backpack',
    'Solflare',
    'Exodus',
    'Argent',
    'imToken',
    'TokenPocket',
    'Bitget Wallet',
    'Binance Wallet',
    'Brave Wallet',
    'Frame',
    'Taho',
    'Enkrypt',
    'Keplr',
    'Leap Wallet',
    'Xverse',
    'Leather',
    'UniSat Wallet',
    'Talisman',
    'SubWallet',
    'Polkadot.js',
    'Slush',
    'Suiet',
    'Glow',
    'Magic Eden',
    'Zengo',
    '1inch Wallet',
    'SafePal',
    'Coin98',
  ])('lists %s', (name) => {
    expect(wallets.some((w) => w.name === name)).toBe(true)
  })

  it('has unique names, sha256-of-name ids, image ids and rdns', () => {
    expect(new Set(wallets.map((w) => w.name.toLowerCase())).size).toBe(wallets.length)
    expect(new Set(wallets.map((w) => w.image_id)).size).toBe(wallets.length)
    for (const w of wallets) expect(w.id).toBe(createHash('sha256').update(w.name).digest('hex'))
    const rdns = wallets.flatMap((w) => (w.rdns === null ? [] : [w.rdns]))
    expect(new Set(rdns).size).toBe(rdns.length)
    expect(rdns.length).toBeGreaterThanOrEqual(20)
  })

  it('states the EIP-6963 rdns of the big browser wallets', () => {
    const rdnsOf = (name: string) => wallets.find((w) => w.name === name)?.rdns
    expect(rdnsOf('MetaMask')).toBe('io.metamask')
    expect(rdnsOf('Coinbase Wallet')).toBe('com.coinbase.wallet')
    expect(rdnsOf('Rabby Wallet')).toBe('io.rabby')
    expect(rdnsOf('Phantom')).toBe('app.phantom')
  })

  it('expands namespaces to chains: MetaMask on EVM (devnet 31337 too) and Solana, Keplr on Cosmos, Xverse on Bitcoin and Stacks', () => {
    const chainsOf = (name: string) => wallets.find((w) => w.name === name)?.chains ?? []
    expect(chainsOf('MetaMask')).toEqual(expect.arrayContaining(['eip155:1', 'eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']))
    expect(chainsOf('Keplr')).toEqual(['cosmos:cosmoshub-4'])
    expect(chainsOf('Xverse')).toEqual(['bip122:000000000019d6689c085ae165831e93', 'stacks:1'])
    expect(queryWallets(wallets, { page: 1, entries: 100, chains: ['sui:mainnet'] }).data.map((w) => w.name)).toEqual([
      'OKX Wallet',
      'Bitget Wallet',
      'Slush',
      'Suiet',
      'OneKey',
      'Nightly',
    ])
  })

  it('names a logo of @web3icons/core only where the set has it (at least 25 wallets)', () => {
    const withLogo = wallets.filter((w) => w.logo !== null)
    expect(withLogo.length).toBeGreaterThanOrEqual(25)
    for (const w of withLogo) {
      const [kind, name] = (w.logo as string).split('/') as ['wallets' | 'exchanges', string]
      expect(web3Icon(kind, name), w.name).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    }
  })

  it('finds MetaMask when searching "meta" (any case) and Trust Wallet for "trust"', () => {
    expect(queryWallets(wallets, { page: 1, entries: 40, search: 'meta' }).data.map((w) => w.name)).toEqual(['MetaMask'])
    expect(queryWallets(wallets, { page: 1, entries: 40, search: 'META' }).data.map((w) => w.name)).toEqual(['MetaMask'])
    expect(queryWallets(wallets, { page: 1, entries: 40, search: 'trust' }).data.map((w) => w.name)).toEqual(['Trust Wallet'])
  })

  it('finds a wallet by rdns (any case), as Connect matches installed wallets', () => {
    expect(queryWallets(wallets, { page: 1, entries: 40, rdns: ['IO.METAMASK', 'app.phantom'] }).data.map((w) => w.name)).toEqual([
      'MetaMask',
      'Phantom',
    ])
  })
})

describe('the synthetic catalogue (scale tests only)', () => {
  const wallets = syntheticCatalogue()

  it('holds 541 wallets with unique sha256-of-name ids, unique orders and .example links, "Sable Chest" among them', () => {
    expect(wallets).toHaveLength(541)
    expect(new Set(wallets.map((w) => w.id)).size).toBe(wallets.length)
    expect(new Set(wallets.map((w) => w.order)).size).toBe(wallets.length)
    expect(wallets.some((w) => w.name === 'Sable Chest')).toBe(true)
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
    expect(page.data).toEqual(wallets.slice(14, 21))
  })
})
