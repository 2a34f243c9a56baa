import { atom } from 'nanostores'
import { describe, expect, it } from 'vitest'
import type { Connector } from '../../adapters'
import type { WalletsQuery } from '../../api/client'
import type { ExplorerWallet, WalletsResponse } from '../../api/schemas'
import { PorticoError } from '../errors'
import { createStorage } from '../storage/storage'
import { mapStorage } from '../test-utils'
import type { Timers } from '../timers'
import {
  addRecentWallet,
  createExplorer,
  type ExplorerDeps,
  featuredQuery,
  markWallets,
  orderWallets,
  pageQuery,
  recommendedQuery,
  searchQuery,
} from './explorer'

const wallet = (n: number, extra: Partial<ExplorerWallet> = {}): ExplorerWallet => ({
  id: `w${n}`,
  name: `Wallet ${n}`,
  image_url: `http://127.0.0.1:9/img/${n}.svg`,
  rdns: `com.wallet${n}`,
  ...extra,
})
const catalogue = (size: number) => Array.from({ length: size }, (_, i) => wallet(i + 1))

/** A fake explorer answering like the server (filters AND-ed, 1-based pages). */
function fakeApi(wallets: ExplorerWallet[]) {
  const calls: WalletsQuery[] = []
  let fail: number | undefined
  const resolvers: (() => void)[] = []
  let hold = false
  const api = {
    calls,
    failWith(status: number | undefined) {
      fail = status
    },
    hold(on: boolean) {
      hold = on
      if (!on) for (const r of resolvers.splice(0)) r()
    },
    release(index: number) {
      resolvers.splice(index, 1)[0]?.()
    },
    async getWallets(q: WalletsQuery): Promise<WalletsResponse> {
      calls.push(q)
      if (hold) await new Promise<void>((r) => resolvers.push(r))
      if (fail) throw new PorticoError(`HTTP status code: ${fail}`)
      const matches = wallets.filter(
        (w) =>
          (!q.include || q.include.includes(w.id)) &&
          !q.exclude?.includes(w.id) &&
          (!q.search || w.name.toLowerCase().includes(q.search.toLowerCase())),
      )
      const page = q.page ?? 1
      const entries = q.entries ?? 40
      return { count: matches.length, data: matches.slice((page - 1) * entries, page * entries) }
    },
  }
  return api
}

/** Timers driven by hand: run() fires the due callbacks. */
function manualTimers() {
  let now = 0
  let next = 1
  const pending = new Map<number, { at: number; fn: () => void }>()
  const timers: Timers & { advance(ms: number): void; count(): number } = {
    now: () => now,
    setTimeout(fn, ms) {
      const id = next++
      pending.set(id, { at: now + ms, fn })
      return id
    },
    clearTimeout(h) {
      pending.delete(h as number)
    },
    advance(ms) {
      now += ms
      for (const [id, t] of [...pending]) {
        if (t.at <= now) {
          pending.delete(id)
          t.fn()
        }
      }
    },
    count: () => pending.size,
  }
  return timers
}

const flush = () => new Promise((r) => setTimeout(r, 0))

function setup(overrides: Partial<ExplorerDeps> = {}, size = 100) {
  const api = fakeApi(catalogue(size))
  const timers = manualTimers()
  const backing = mapStorage()
  const storage = createStorage(backing)
  const $modal = atom({ open: false })
  const $connectors = atom<Connector[]>([])
  const prefetched: string[] = []
  const explorer = createExplorer({ api, storage, timers, $modal, $connectors, prefetchImage: (u) => prefetched.push(u), ...overrides })
  return { api, timers, storage, backing, $modal, $connectors, prefetched, explorer }
}

describe('explorer queries (SPEC §9)', () => {
  it.each<[string, Parameters<typeof pageQuery>, WalletsQuery]>([
    ['first page, no options', [1, {}], { page: 1, entries: 40, include: undefined, exclude: undefined, chains: undefined }],
    [
      'third page with chains',
      [3, { chains: ['eip155:1', 'eip155:8453'] }],
      { page: 3, entries: 40, include: undefined, exclude: undefined, chains: ['eip155:1', 'eip155:8453'] },
    ],
    [
      'include, exclude and featured left out of pages',
      [2, { includeWalletIds: ['a', 'b'], excludeWalletIds: ['x'], featuredWalletIds: ['f', 'x'] }],
      { page: 2, entries: 40, include: ['a', 'b'], exclude: ['x', 'f'], chains: undefined },
    ],
  ])('page query: %s', (_name, args, expected) => {
    expect(pageQuery(...args)).toEqual(expected)
  })

  it.each<[string, Parameters<typeof searchQuery>, WalletsQuery]>([
    [
      'trimmed text, 100 entries',
      ['  meta ', {}],
      { page: 1, entries: 100, search: 'meta', include: undefined, exclude: undefined, chains: undefined },
    ],
    [
      'excludes but does not hide featured',
      ['x', { excludeWalletIds: ['e'], chains: ['eip155:1'] }],
      { page: 1, entries: 100, search: 'x', include: undefined, exclude: ['e'], chains: ['eip155:1'] },
    ],
    [
      'text cut to 100 characters',
      ['a'.repeat(150), {}],
      { page: 1, entries: 100, search: 'a'.repeat(100), include: undefined, exclude: undefined, chains: undefined },
    ],
  ])('search query: %s', (_name, args, expected) => {
    expect(searchQuery(...args)).toEqual(expected)
  })

  it.each<[string, Parameters<typeof featuredQuery>[0], WalletsQuery | undefined]>([
    ['no featured ids: no request', {}, undefined],
    ['first 4 ids', { featuredWalletIds: ['a', 'b', 'c', 'd', 'e'] }, { page: 1, entries: 4, include: ['a', 'b', 'c', 'd'] }],
    [
      'excluded ids skipped',
      { featuredWalletIds: ['a', 'b', 'c', 'd', 'e'], excludeWalletIds: ['b'] },
      { page: 1, entries: 4, include: ['a', 'c', 'd', 'e'] },
    ],
    // exactly as many entries as there are featured ids
    ['one id: one entry', { featuredWalletIds: ['a'] }, { page: 1, entries: 1, include: ['a'] }],
    ['two ids (a duplicate): two entries', { featuredWalletIds: ['a', 'b', 'a'] }, { page: 1, entries: 2, include: ['a', 'b'] }],
    [
      'three ids, one excluded: two entries',
      { featuredWalletIds: ['a', 'b', 'c'], excludeWalletIds: ['c'] },
      { page: 1, entries: 2, include: ['a', 'b'] },
    ],
  ])('featured query: %s', (_name, deps, expected) => {
    expect(featuredQuery(deps)).toEqual(expected)
  })

  it.each<[string, Parameters<typeof recommendedQuery>, WalletsQuery]>([
    ['plain', [{}, []], { page: 1, entries: 4, include: undefined, exclude: undefined, chains: undefined }],
    [
      'excluded, featured and recent ids left out',
      [{ excludeWalletIds: ['x'], featuredWalletIds: ['f'], includeWalletIds: ['i1', 'i2'] }, ['r1', 'f']],
      { page: 1, entries: 4, include: ['i1', 'i2'], exclude: ['x', 'f', 'r1'], chains: undefined },
    ],
  ])('recommended query: %s', (_name, args, expected) => {
    expect(recommendedQuery(...args)).toEqual(expected)
  })
})

describe('paging', () => {
  it.each<[number, number[], number, boolean]>([
    // catalogue size, page requests made, wallets loaded, more to load
    [100, [1, 2, 3], 100, false],
    [80, [1, 2], 80, false],
    [41, [1, 2], 41, false],
    [0, [1], 0, false],
  ])('%i wallets load in pages %j', async (size, pages, loaded, more) => {
    const { api, explorer } = setup({}, size)
    for (let i = 0; i < 5; i++) await explorer.loadMore()
    expect(api.calls.map((c) => c.page)).toEqual(pages)
    expect(explorer.$list.get().wallets).toHaveLength(loaded)
    expect(explorer.$list.get().count).toBe(size)
    expect(explorer.$hasMore.get()).toBe(more)
  })

  it.each<[string, number, number[]]>([
    // wallets the explorer really has (it claims 500), pages asked
    ['stops at the first short page', 50, [1, 2]],
    ['stops at the first empty page', 80, [1, 2, 3]],
  ])('an explorer count larger than its pages: %s', async (_name, size, pages) => {
    const api = fakeApi(catalogue(size))
    const claiming = { getWallets: async (q: WalletsQuery) => ({ ...(await api.getWallets(q)), count: 500 }) }
    const explorer = createExplorer({ api: claiming, storage: createStorage(mapStorage()), timers: manualTimers(), $connectors: atom([]) })
    for (let i = 0; i < 6; i++) await explorer.loadMore()
    expect(api.calls.map((c) => c.page)).toEqual(pages)
    expect(explorer.$list.get().wallets).toHaveLength(size)
    expect(explorer.$hasMore.get()).toBe(false)
  })

  it('one request at a time: a second loadMore while loading shares the first', async () => {
    const { api, explorer } = setup({}, 100)
    api.hold(true)
    const a = explorer.loadMore()
    const b = explorer.loadMore()
    expect(explorer.$list.get().loading).toBe(true)
    api.hold(false)
    await Promise.all([a, b])
    expect(api.calls.map((c) => c.page)).toEqual([1])
    expect(explorer.$list.get()).toMatchObject({ page: 1, loading: false, error: null })
    expect(
      explorer.$list
        .get()
        .wallets.map((w) => w.id)
        .slice(0, 2),
    ).toEqual(['w1', 'w2'])
  })

  it('an error keeps the loaded wallets and the same page is asked again', async () => {
    const { api, explorer } = setup({}, 100)
    await explorer.loadMore()
    api.failWith(500)
    await explorer.loadMore()
    expect(explorer.$list.get()).toMatchObject({ page: 1, loading: false, error: 'HTTP status code: 500' })
    expect(explorer.$list.get().wallets).toHaveLength(40)
    api.failWith(undefined)
    await explorer.loadMore()
    expect(api.calls.map((c) => c.page)).toEqual([1, 2, 2])
    expect(explorer.$list.get()).toMatchObject({ page: 2, error: null })
    expect(explorer.$list.get().wallets).toHaveLength(80)
  })

  it('the listed wallets are featured first, each once', async () => {
    const { explorer } = setup({ featuredWalletIds: ['w50', 'w3'] }, 100)
    await explorer.loadFeatured()
    await explorer.loadMore()
    const ids = explorer.$wallets.get().map((w) => w.id)
    expect(ids.slice(0, 4)).toEqual(['w50', 'w3', 'w1', 'w2'])
    expect(ids.filter((id) => id === 'w3')).toHaveLength(1)
  })
})

describe('search', () => {
  it('waits 300 ms after the last keystroke and sends only the last text', async () => {
    const { api, timers, explorer } = setup({}, 100)
    explorer.setSearch('W')
    timers.advance(200)
    explorer.setSearch('Wa')
    timers.advance(299)
    expect(api.calls).toEqual([])
    expect(explorer.$search.get()).toMatchObject({ query: 'Wa', loading: true })
    timers.advance(1)
    await flush()
    expect(api.calls.map((c) => c.search)).toEqual(['Wa'])
    expect(explorer.$search.get()).toMatchObject({ query: 'Wa', loading: false, count: 100 })
    expect(explorer.$search.get().results).toHaveLength(100)
    expect(explorer.$wallets.get()).toHaveLength(100)
  })

  it('the latest query wins over a slower earlier answer', async () => {
    const { api, timers, explorer } = setup({}, 100)
    api.hold(true)
    explorer.setSearch('Wallet 1')
    timers.advance(300)
    explorer.setSearch('Wallet 7')
    timers.advance(300)
    expect(api.calls.map((c) => c.search)).toEqual(['Wallet 1', 'Wallet 7'])
    api.release(1) // 'Wallet 7' answers first
    await flush()
    api.release(0) // then the stale 'Wallet 1'
    await flush()
    expect(explorer.$search.get().results.map((w) => w.id)).toEqual([
      'w7',
      'w70',
      'w71',
      'w72',
      'w73',
      'w74',
      'w75',
      'w76',
      'w77',
      'w78',
      'w79',
    ])
  })

  it('clearing the text cancels the pending search and shows the full list again', async () => {
    const { api, timers, explorer } = setup({}, 100)
    await explorer.loadMore()
    explorer.setSearch('Wallet 9')
    explorer.setSearch('  ')
    timers.advance(1000)
    await flush()
    expect(api.calls.filter((c) => c.search !== undefined)).toEqual([])
    expect(explorer.$search.get()).toMatchObject({ loading: false, results: [] })
    expect(explorer.$wallets.get()).toHaveLength(40)
  })

  it('a failed search shows the error and can be retried', async () => {
    const { api, timers, explorer } = setup({}, 10)
    api.failWith(503)
    explorer.setSearch('Wallet 2')
    timers.advance(300)
    await flush()
    expect(explorer.$search.get()).toMatchObject({ loading: false, error: 'HTTP status code: 503' })
    api.failWith(undefined)
    await explorer.retrySearch()
    expect(explorer.$search.get().results.map((w) => w.id)).toEqual(['w2'])
  })
})

describe('recent wallets (2 kept, most recent first, de-duplicated)', () => {
  const a = wallet(1)
  const b = wallet(2)
  const c = wallet(3)
  it.each<[string, ExplorerWallet[], ExplorerWallet, string[]]>([
    ['first', [], a, ['w1']],
    ['second goes first', [a], b, ['w2', 'w1']],
    ['third pushes out the oldest', [b, a], c, ['w3', 'w2']],
    ['again: moved to the front, not repeated', [b, a], a, ['w1', 'w2']],
    ['same as newest: unchanged', [a, b], a, ['w1', 'w2']],
  ])('%s', (_name, list, added, expected) => {
    expect(addRecentWallet(list, added).map((w) => w.id)).toEqual(expected)
  })

  it('are remembered in storage and read back through zod by a new instance', () => {
    const { explorer, backing } = setup()
    explorer.addRecent({ ...a, chains: ['eip155:1'], order: 3 })
    explorer.addRecent(b)
    explorer.addRecent(a)
    const stored = JSON.parse(backing.map.get('portico:recentWallets') ?? 'null')
    expect(stored.map((w: ExplorerWallet) => w.id)).toEqual(['w1', 'w2'])
    expect(stored[0].chains).toBeUndefined()
    const again = createExplorer({ api: fakeApi([]), storage: createStorage(backing), timers: manualTimers(), $connectors: atom([]) })
    expect(again.$recent.get().map((w) => w.id)).toEqual(['w1', 'w2'])
  })

  it.each<[string, string]>([
    ['not JSON', '{oops'],
    ['wrong shape', JSON.stringify([{ name: 'no id' }])],
    ['not a list', JSON.stringify({ id: 'w1' })],
  ])('corrupt storage (%s) gives no recent wallets and is removed', (_name, raw) => {
    const backing = mapStorage({ 'portico:recentWallets': raw })
    const explorer = createExplorer({ api: fakeApi([]), storage: createStorage(backing), timers: manualTimers(), $connectors: atom([]) })
    expect(explorer.$recent.get()).toEqual([])
    expect(backing.map.has('portico:recentWallets')).toBe(false)
  })

  it('recommended wallets leave out recent ones', async () => {
    const { api, explorer } = setup({}, 10)
    explorer.addRecent(wallet(1))
    await explorer.loadRecommended()
    expect(api.calls[0]?.exclude).toEqual(['w1'])
    expect(explorer.$recommended.get().map((w) => w.id)).toEqual(['w2', 'w3', 'w4', 'w5'])
  })
})

describe('featured and recommended requests ($suggested: the Connect view waits for them)', () => {
  it('idle, loading while either is out, then done', async () => {
    const { api, explorer } = setup({ featuredWalletIds: ['w9'] }, 10)
    expect(explorer.$suggested.get()).toEqual({ status: 'idle', error: null })
    api.hold(true)
    const featured = explorer.loadFeatured()
    const recommended = explorer.loadRecommended()
    expect(explorer.$suggested.get()).toEqual({ status: 'loading', error: null })
    api.hold(false)
    await Promise.all([featured, recommended])
    expect(explorer.$suggested.get()).toEqual({ status: 'done', error: null })
    expect(explorer.$recommended.get().map((w) => w.id)).toEqual(['w1', 'w2', 'w3', 'w4'])
  })

  it('a failure is reported with its text; retrySuggested asks again and clears it', async () => {
    const { api, explorer } = setup({ featuredWalletIds: ['w9'] }, 10)
    api.failWith(503)
    await Promise.all([explorer.loadFeatured(), explorer.loadRecommended()])
    expect(explorer.$suggested.get()).toEqual({ status: 'error', error: 'HTTP status code: 503' })
    expect([explorer.$featured.get(), explorer.$recommended.get()]).toEqual([[], []])
    api.failWith(undefined)
    await explorer.retrySuggested()
    expect(explorer.$suggested.get()).toEqual({ status: 'done', error: null })
    expect(explorer.$featured.get().map((w) => w.id)).toEqual(['w9'])
    expect(explorer.$recommended.get()).toHaveLength(4)
    // Both were asked twice: once failing, once answered.
    expect(api.calls).toHaveLength(4)
  })

  it('what came in is not asked for again on retry', async () => {
    const { api, explorer } = setup({ featuredWalletIds: ['w9'] }, 10)
    await explorer.loadFeatured()
    api.failWith(500)
    await explorer.loadRecommended()
    expect(explorer.$suggested.get()).toEqual({ status: 'error', error: 'HTTP status code: 500' })
    api.failWith(undefined)
    await explorer.retrySuggested()
    expect(api.calls.map((c) => c.include ?? 'recommended')).toEqual([['w9'], 'recommended', 'recommended'])
    expect(explorer.$suggested.get().status).toBe('done')
  })
})

describe('wallet guide ($guide: wallets to get, issue 9 §3.12)', () => {
  /** Wallets 1–12: odd ones have a website, every third an App Store page, w2 is installed here. */
  function guideSetup(mobile = false) {
    const wallets = Array.from({ length: 12 }, (_, i) =>
      wallet(i + 1, {
        homepage: (i + 1) % 2 === 1 ? `https://w${i + 1}.example` : null,
        app_store: (i + 1) % 3 === 0 ? `https://apps.apple.com/app/w${i + 1}` : null,
      }),
    )
    const api = fakeApi(wallets)
    const $connectors = atom<Connector[]>([
      { id: 'com.wallet2', name: 'Wallet 2', type: 'announced', namespace: 'eip155', rdns: 'com.wallet2' },
    ])
    const explorer = createExplorer({
      api,
      storage: createStorage(mapStorage()),
      timers: manualTimers(),
      $connectors,
      featuredWalletIds: ['w9'],
      isMobile: () => mobile,
    })
    return { explorer }
  }
  const summary = (e: ReturnType<typeof guideSetup>['explorer']) =>
    e.$guide.get().map((w) => `${w.id}:${w.links.map((l) => l.kind).join('+')}`)

  it('featured, recommended then page wallets; not installed; only those with somewhere to get them; each once', async () => {
    const { explorer } = guideSetup()
    await Promise.all([explorer.loadFeatured(), explorer.loadRecommended(), explorer.loadMore()])
    // w9 featured; w1–w4 recommended (w2 installed, w4 nothing); then the page.
    expect(summary(explorer)).toEqual([
      'w9:website+appStore',
      'w1:website',
      'w3:website+appStore',
      'w5:website',
      'w6:appStore',
      'w7:website',
      'w11:website',
      'w12:appStore',
    ])
  })

  it('at most 8, and on a phone the stores lead (and only wallets with a mobile link are listed)', async () => {
    const { explorer } = guideSetup(true)
    await Promise.all([explorer.loadFeatured(), explorer.loadRecommended(), explorer.loadMore()])
    expect(explorer.$guide.get()).toEqual([])
    const mobile = createExplorer({
      api: fakeApi(
        Array.from({ length: 20 }, (_, i) =>
          wallet(i + 1, {
            mobile_link: `w${i + 1}://`,
            homepage: `https://w${i + 1}.example`,
            app_store: `https://apps.apple.com/app/w${i + 1}`,
          }),
        ),
      ),
      storage: createStorage(mapStorage()),
      timers: manualTimers(),
      $connectors: atom([]),
      isMobile: () => true,
    })
    await mobile.loadMore()
    expect(summary(mobile)).toEqual(['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'w8'].map((id) => `${id}:appStore+website`))
  })
})

describe('findWallet', () => {
  it.each<[string, string | undefined]>([
    ['w7', 'recent'],
    ['w50', 'featured'],
    ['w1', 'loaded page'],
    ['w99', 'search result'],
    ['nope', undefined],
  ])('%s → %s', async (id, from) => {
    const { explorer, timers } = setup({ featuredWalletIds: ['w50'] }, 100)
    explorer.addRecent(wallet(7))
    await explorer.loadFeatured()
    await explorer.loadMore()
    explorer.setSearch('Wallet 99')
    timers.advance(300)
    await flush()
    expect(explorer.findWallet(id)?.id).toBe(from === undefined ? undefined : id)
  })
})

describe('installed wallets', () => {
  const connectors: Connector[] = [
    { id: 'com.wallet2', name: 'Wallet 2', type: 'announced', namespace: 'eip155', rdns: 'COM.wallet2' },
    { id: 'injected', name: 'Browser', type: 'injected', namespace: 'eip155', explorerId: 'w3' },
    { id: 'wc', name: 'WalletConnect', type: 'walletConnect', namespace: 'eip155', rdns: 'com.wallet4' },
  ]
  it.each<[string, boolean, string | undefined]>([
    ['w1', false, undefined],
    ['w2', true, 'com.wallet2'], // rdns, case-insensitive
    ['w3', true, 'injected'], // explorer id
    ['w4', false, undefined], // only announced / injected connectors count
  ])('%s installed=%s', (id, installed, connectorId) => {
    const [listed] = markWallets([wallet(Number(id.slice(1)))], connectors, [])
    expect(listed?.installed).toBe(installed)
    expect(listed?.connectorId).toBe(connectorId)
  })

  it('a wallet announced later becomes installed in the listed wallets', async () => {
    const { explorer, $connectors } = setup({}, 5)
    await explorer.loadMore()
    expect(explorer.$wallets.get().filter((w) => w.installed)).toEqual([])
    $connectors.set([{ id: 'com.wallet5', name: 'Wallet 5', type: 'announced', namespace: 'eip155', rdns: 'com.wallet5' }])
    expect(
      explorer.$wallets
        .get()
        .filter((w) => w.installed)
        .map((w) => [w.id, w.connectorId]),
    ).toEqual([['w5', 'com.wallet5']])
  })
})

describe('default order (SPEC §9): walletConnect, recent, injected, featured, custom, external, recommended', () => {
  const c = (id: string, type: Connector['type'], extra: Partial<Connector> = {}): Connector => ({
    id,
    name: id,
    type,
    namespace: 'eip155',
    ...extra,
  })
  const label = (list: ReturnType<typeof orderWallets>) =>
    list.map((e) => (e.kind === 'connector' ? e.connector.id : `${e.group}:${e.wallet.id}`))

  it.each<[string, Parameters<typeof orderWallets>[0], string[]]>([
    [
      'every group',
      {
        connectors: [
          c('ext', 'external'),
          c('auth', 'auth'),
          c('io.metamask', 'announced', { rdns: 'io.metamask' }),
          c('walletConnect', 'walletConnect'),
          c('used', 'injected'),
        ],
        recentConnectorIds: ['used'],
        recent: [wallet(7)],
        featured: [wallet(1), wallet(2)],
        featuredWalletIds: ['w1', 'w2'],
        custom: [wallet(90, { id: 'custom1' })],
        recommended: [wallet(3), wallet(4)],
      },
      [
        'walletConnect',
        'used',
        'recent:w7',
        'io.metamask',
        'featured:w1',
        'featured:w2',
        'custom:custom1',
        'ext',
        'recommended:w3',
        'recommended:w4',
        'auth',
      ],
    ],
    [
      'featured keep the featuredWalletIds order',
      { connectors: [], featured: [wallet(2), wallet(1)], featuredWalletIds: ['w1', 'w2'] },
      ['featured:w1', 'featured:w2'],
    ],
    [
      'a recent wallet that is also recommended is listed once, as recent',
      { connectors: [], recent: [wallet(3)], recommended: [wallet(3), wallet(4)] },
      ['recent:w3', 'recommended:w4'],
    ],
    [
      'an installed wallet is represented by its connector, which becomes recent',
      {
        connectors: [c('walletConnect', 'walletConnect'), c('com.wallet5', 'announced', { rdns: 'com.wallet5' }), c('other', 'announced')],
        recent: [wallet(5)],
        recommended: [wallet(5), wallet(6)],
      },
      ['walletConnect', 'com.wallet5', 'other', 'recommended:w6'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(label(orderWallets(input))).toEqual(expected)
  })

  it('marks installed and recent connectors', () => {
    const list = orderWallets({ connectors: [c('com.wallet5', 'announced', { rdns: 'com.wallet5' })], recent: [wallet(5)] })
    expect(list).toEqual([
      { kind: 'connector', connector: c('com.wallet5', 'announced', { rdns: 'com.wallet5' }), recent: true, installed: true },
    ])
  })
})

describe('image prefetch (20 at most, only once the modal opens)', () => {
  it('prefetches nothing before open, then recent, featured, recommended and first-page images up to 20, once', async () => {
    const { api, $modal, explorer, prefetched } = setup({ featuredWalletIds: ['w60', 'w61'] }, 100)
    explorer.addRecent(wallet(99))
    await flush()
    expect(api.calls).toEqual([])
    expect(prefetched).toEqual([])
    $modal.set({ open: true })
    await flush()
    await flush()
    expect(prefetched).toHaveLength(20)
    expect(prefetched.slice(0, 7)).toEqual([99, 60, 61, 1, 2, 3, 4].map((n) => `http://127.0.0.1:9/img/${n}.svg`))
    expect(new Set(prefetched).size).toBe(20)
    $modal.set({ open: false })
    $modal.set({ open: true })
    await flush()
    expect(prefetched).toHaveLength(20)
    expect(api.calls.filter((c) => c.page === 1 && c.entries === 40)).toHaveLength(1)
  })

  it('fewer wallets than 20: each image once', async () => {
    const { $modal, prefetched } = setup({}, 3)
    $modal.set({ open: true })
    await flush()
    await flush()
    expect(prefetched).toEqual([1, 2, 3].map((n) => `http://127.0.0.1:9/img/${n}.svg`))
  })

  it('an instance created while the modal is open prefetches at once', async () => {
    const api = fakeApi(catalogue(30))
    const prefetched: string[] = []
    createExplorer({
      api,
      storage: createStorage(mapStorage()),
      timers: manualTimers(),
      $connectors: atom([]),
      $modal: atom({ open: true }),
      prefetchImage: (u) => prefetched.push(u),
    })
    await flush()
    await flush()
    expect(prefetched).toHaveLength(20)
  })
})

describe('explorer rules (issue 8 §7)', () => {
  it.each([
    [false, ['w3', 'w4', 'w1', 'w2']],
    [true, ['w4', 'w2']],
  ])('mobile %s: wallets without a mobile link are not listed -> %j', async (mobile, ids) => {
    const wallets = [
      wallet(1),
      wallet(2, { mobile_link: 'two://' }),
      wallet(3, { mobile_link: null }),
      wallet(4, { mobile_link: 'https://four.app' }),
    ]
    const api = fakeApi(wallets)
    const { explorer } = setup({ api, isMobile: () => mobile, featuredWalletIds: ['w3', 'w4'] })
    await explorer.loadFeatured()
    await explorer.loadMore()
    expect(explorer.$wallets.get().map((w) => w.id)).toEqual(ids)
  })

  it('mobile: search results, featured, recommended and recent explorer entries need a mobile link too', async () => {
    const wallets = [wallet(1), wallet(2, { mobile_link: 'two://' }), wallet(3), wallet(4, { mobile_link: 'four://' }), wallet(5)]
    const api = fakeApi(wallets)
    const backing = mapStorage({ 'portico:recentWallets': JSON.stringify([{ id: 'w5', name: 'Wallet 5' }]) })
    const { explorer, timers } = setup({ api, isMobile: () => true, featuredWalletIds: ['w1', 'w2'], storage: createStorage(backing) })
    await Promise.all([explorer.loadFeatured(), explorer.loadRecommended()])
    const listed = explorer.$ordered.get().map((e) => (e.kind === 'wallet' ? `${e.group}:${e.wallet.id}` : e.connector.id))
    expect(listed).toEqual(['featured:w2', 'recommended:w4'])
    explorer.setSearch('wallet')
    timers.advance(300)
    await flush()
    expect(explorer.$wallets.get().map((w) => w.id)).toEqual(['w2', 'w4'])
  })

  it('recent: at most 2 are loaded whatever storage holds, and only a wallet that connected becomes recent', async () => {
    const five = [1, 2, 3, 4, 5].map((n) => ({ id: `w${n}`, name: `Wallet ${n}` }))
    const storage = createStorage(mapStorage({ 'portico:recentWallets': JSON.stringify(five) }))
    const { explorer } = setup({ storage, push: () => {} })
    expect(explorer.$recent.get().map((w) => w.id)).toEqual(['w1', 'w2'])
    // An explorer wallet chosen: recent once a pairing connects, not before, not through another connector.
    explorer.select(wallet(9))
    expect(explorer.$recent.get().map((w) => w.id)).toEqual(['w1', 'w2'])
    explorer.connected('io.metamask', 'announced')
    expect(explorer.$recent.get().map((w) => w.id)).toEqual(['w1', 'w2'])
    explorer.select(wallet(9))
    explorer.connected('walletConnect', 'walletConnect')
    expect(explorer.$recent.get().map((w) => w.id)).toEqual(['w9', 'w1'])
    expect(storage.get('recentWallets')?.map((w) => w.id)).toEqual(['w9', 'w1'])
    // An installed wallet: recent when its own connector connected.
    explorer.select({ ...wallet(7), installed: true, connectorId: 'com.wallet7', recent: false })
    explorer.connected('com.wallet7', 'announced')
    expect(explorer.$recent.get().map((w) => w.id)).toEqual(['w7', 'w9'])
    // A connection without a choice changes nothing.
    explorer.connected('walletConnect', 'walletConnect')
    expect(explorer.$recent.get().map((w) => w.id)).toEqual(['w7', 'w9'])
  })

  it('select routes: installed → ConnectingExternal with its connector, other → ConnectingWalletConnect with its id', () => {
    const routes: unknown[] = []
    const { explorer } = setup({ push: (view, data) => routes.push([view, data]) })
    explorer.select({ ...wallet(7), installed: true, connectorId: 'com.wallet7', recent: false })
    explorer.select(wallet(8))
    expect(routes).toEqual([
      ['ConnectingExternal', { connectorId: 'com.wallet7' }],
      ['ConnectingWalletConnect', { walletId: 'w8' }],
    ])
  })
})
