import { describe, expect, it } from 'vitest'
import type { HistoryResponse, Transaction } from '../../api/schemas'
import type { CaipNetwork, ChainNamespace } from '../types'
import { formatBalance, shortenAddress } from '../format/format'
import { ADDRESS, mainnet, solana } from '../test-utils'
import { activityRowText, createActivity, type ActivityDeps, type ActivityFormat } from './activity'
import type { CodedMessage } from '../errors'

const FORMAT: ActivityFormat = { amount: (n) => formatBalance(n), address: (a) => shortenAddress(a) }

const tx = (id: string, chain = 'eip155:1', spam = false): Transaction => ({
  id,
  metadata: { minedAt: '2026-11-01T00:00:00Z', chain, operationType: 'send', status: 'confirmed', sentFrom: ADDRESS, sentTo: '0x1' },
  transfers: [{ direction: 'out', quantity: { numeric: '1' }, ...(spam ? { nft_info: { flags: { is_spam: true } } } : {}) }],
})

function setup(
  pages: Record<string, HistoryResponse | Error>,
  account: { namespace?: ChainNamespace; address?: string; network?: CaipNetwork } = {
    namespace: 'eip155',
    address: ADDRESS,
    network: mainnet,
  },
) {
  const asked: { address: string; chainId?: string; cursor?: string }[] = []
  const errors: (string | CodedMessage)[] = []
  const current = { ...account }
  const deps: ActivityDeps = {
    async getHistory(address, query) {
      asked.push({ address, ...query })
      const page = pages[query.cursor ?? 'first']
      if (!page || page instanceof Error) throw page ?? new Error('no page')
      return page
    },
    account: () => current,
    showError: (m) => errors.push(m),
  }
  return { activity: createActivity(deps), asked, errors, current }
}

describe('activity flow (lazy; SPEC §4/§5/§7)', () => {
  it('loads the first page for the connected chain, drops other chains and spam, then the next page by cursor', async () => {
    const { activity, asked } = setup({
      first: { data: [tx('a'), tx('b', 'eip155:8453'), tx('s', 'eip155:1', true)], next: 'c2' },
      c2: { data: [tx('c'), tx('a')], next: null },
    })
    await expect(activity.fetchTransactions()).resolves.toBe(true)
    expect(activity.$activity.get()).toMatchObject({
      transactions: [{ id: 'a' }],
      next: 'c2',
      pages: 1,
      loading: false,
      error: null,
      caipNetworkId: 'eip155:1',
    })
    await expect(activity.loadMore()).resolves.toBe(true)
    expect(activity.$activity.get().transactions.map((t) => t.id)).toEqual(['a', 'c'])
    // rows carry the SPEC §5 display: the transfers to show and the operation's sign ('send': none)
    expect(activity.$activity.get().rows.map((r) => [r.transaction.id, r.transfers.length, r.sign])).toEqual([
      ['a', 1, ''],
      ['c', 1, ''],
    ])
    expect(activity.$activity.get()).toMatchObject({ next: null, pages: 2 })
    await expect(activity.loadMore()).resolves.toBe(false)
    expect(asked).toEqual([
      { address: ADDRESS, chainId: 'eip155:1', cursor: undefined },
      { address: ADDRESS, chainId: 'eip155:1', cursor: 'c2' },
    ])
  })

  it('a failure shows Failed to fetch transactions in the state and as a banner; the next fetch starts over', async () => {
    const pages: Record<string, HistoryResponse | Error> = { first: new Error('HTTP status code: 500') }
    const { activity, errors } = setup(pages)
    await expect(activity.fetchTransactions()).resolves.toBe(false)
    expect(activity.$activity.get()).toMatchObject({
      loading: false,
      error: 'Failed to fetch transactions',
      errorCode: { code: 'fetchTransactions', message: 'Failed to fetch transactions' },
      transactions: [],
    })
    expect(errors).toEqual([{ code: 'fetchTransactions', message: 'Failed to fetch transactions' }])
    pages.first = { data: [tx('a')], next: null }
    await activity.fetchTransactions()
    expect(activity.$activity.get()).toMatchObject({ error: null, errorCode: null, transactions: [{ id: 'a' }] })
  })

  it('no account: nothing is asked and the list is empty (not unavailable)', async () => {
    const { activity, asked } = setup({ first: { data: [tx('a')], next: null } }, { namespace: 'eip155', network: mainnet })
    await expect(activity.fetchTransactions()).resolves.toBe(false)
    expect(asked).toEqual([])
    expect(activity.$activity.get()).toMatchObject({ transactions: [], unavailable: false })
  })

  it("Solana: the account's history is asked on the Solana network and listed", async () => {
    const sig = '5CBWkBxFasrKryjUcJ1ZztNDaePpirzSuCkpkRr23eaKpFk4vEPPbeW3WTiMKTatc5dbp8tYb46sYoLC4b5tQnG8'
    const id = `${solana.caipNetworkId}:${sig}`
    const { activity, asked } = setup(
      { first: { data: [{ ...tx(id, solana.caipNetworkId), metadata: { ...tx(id).metadata, chain: solana.caipNetworkId } }], next: null } },
      { namespace: 'solana', address: 'So1', network: solana },
    )
    await expect(activity.fetchTransactions()).resolves.toBe(true)
    expect(asked).toEqual([{ address: 'So1', chainId: solana.caipNetworkId, cursor: undefined }])
    expect(activity.$activity.get()).toMatchObject({ unavailable: false, rows: [{ id, hash: sig, status: 'confirmed' }] })
  })

  it('a namespace without history (Polkadot): nothing is asked and the state says unavailable, not empty', async () => {
    const polkadot = {
      ...mainnet,
      id: '91b171bb158e2d3848fa23a9f1c25182',
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      chainNamespace: 'polkadot',
    } as CaipNetwork
    const { activity, asked } = setup(
      { first: { data: [tx('a')], next: null } },
      { namespace: 'polkadot', address: '15oF4u', network: polkadot },
    )
    await expect(activity.fetchTransactions()).resolves.toBe(false)
    expect(asked).toEqual([])
    expect(activity.$activity.get()).toMatchObject({ transactions: [], unavailable: true, caipNetworkId: polkadot.caipNetworkId })
  })

  it('an answer for an account that is gone is dropped (the newest fetch wins); reset empties the list', async () => {
    let release: (page: HistoryResponse) => void = () => {}
    const deps: ActivityDeps = {
      getHistory: () => new Promise((r) => (release = r)),
      account: () => ({ namespace: 'eip155', address: ADDRESS, network: mainnet }),
      showError: () => {},
    }
    const activity = createActivity(deps)
    const first = activity.fetchTransactions()
    activity.reset()
    release({ data: [tx('late')], next: null })
    await expect(first).resolves.toBe(false)
    expect(activity.$activity.get().transactions).toEqual([])
  })

  it('rows carry what the list shows: description, signed amount, counterpart 4…6, status, icon and the explorer link', async () => {
    const hash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'
    const received: Transaction = {
      id: `eip155:1:${hash}`,
      metadata: {
        minedAt: '2026-11-20T00:00:00Z',
        chain: 'eip155:1',
        operationType: 'receive',
        status: 'pending',
        sentFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        sentTo: ADDRESS,
      },
      transfers: [{ direction: 'in', quantity: { numeric: '3' }, fungible_info: { symbol: 'USDC', icon: { url: 'https://x/usdc.png' } } }],
    }
    const { activity } = setup({ first: { data: [received, tx('b')], next: null } })
    await activity.fetchTransactions()
    const [row, plain] = activity.$activity.get().rows.map((r) => activityRowText(r, FORMAT))
    expect(row).toMatchObject({
      id: received.id,
      hash,
      minedAt: '2026-11-20T00:00:00Z',
      status: 'pending',
      sign: '+',
      description: 'Received +3.000 USDC',
      amount: '+3.000 USDC',
      iconUrl: 'https://x/usdc.png',
      counterpart: { direction: 'from', short: '0x7099…dc79C8', label: '0x7099…dc79C8' },
      explorerUrl: `http://127.0.0.1:4000/1/tx/${hash}`,
    })
    expect(plain).toMatchObject({ description: 'Sent 1.000', amount: '1.000', status: 'confirmed' })
    // A name from the API is the label; the shortened address stays beside it.
    const named = activityRowText(
      { ...row!, counterpart: { direction: 'to', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', name: 'Swap router' } },
      FORMAT,
    )
    expect(named.counterpart).toEqual({
      direction: 'to',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      name: 'Swap router',
      short: '0x7099…dc79C8',
      label: 'Swap router',
    })
    expect(plain?.iconUrl).toBeUndefined()
  })

  it('no explorer on the network: no link', async () => {
    const { activity } = setup(
      { first: { data: [tx('a')], next: null } },
      { namespace: 'eip155', address: ADDRESS, network: { ...mainnet, blockExplorers: undefined } },
    )
    await activity.fetchTransactions()
    expect(activity.$activity.get().rows[0]?.explorerUrl).toBeUndefined()
  })

  it.each<[string, string, string]>([
    ['pending → confirmed', 'pending', 'confirmed'],
    ['pending → failed', 'pending', 'failed'],
  ])('a later page repeating a listed id replaces the entry in place (%s)', async (_name, before, after) => {
    const withStatus = (id: string, status: string): Transaction => ({ ...tx(id), metadata: { ...tx(id).metadata, status } })
    const { activity } = setup({
      first: { data: [withStatus('a', before), tx('b')], next: 'c2' },
      c2: { data: [withStatus('a', after), tx('c')], next: null },
    })
    await activity.fetchTransactions()
    await activity.loadMore()
    const state = activity.$activity.get()
    expect(state.transactions.map((t) => `${t.id}:${t.metadata.status}`)).toEqual([`a:${after}`, 'b:confirmed', 'c:confirmed'])
    expect(state.rows.map((r) => `${r.id}:${r.status}`)).toEqual([`a:${after}`, 'b:confirmed', 'c:confirmed'])
  })

  it('upsert: the same id replaces the entry (pending → confirmed), a new one goes first; other chains and spam are ignored', async () => {
    const pending: Transaction = { ...tx('new'), metadata: { ...tx('new').metadata, status: 'pending' } }
    const { activity } = setup({ first: { data: [tx('a')], next: null } })
    expect(activity.upsert(pending)).toBe(false) // nothing listed yet
    await activity.fetchTransactions()
    expect(activity.upsert(pending)).toBe(true)
    expect(activity.$activity.get().rows.map((r) => `${r.id}:${r.status}`)).toEqual(['new:pending', 'a:confirmed'])
    expect(activity.upsert({ ...pending, metadata: { ...pending.metadata, status: 'confirmed' } })).toBe(true)
    expect(activity.$activity.get().rows.map((r) => `${r.id}:${r.status}`)).toEqual(['new:confirmed', 'a:confirmed'])
    expect(activity.upsert({ ...pending, metadata: { ...pending.metadata, status: 'failed' } })).toBe(true)
    expect(activity.$activity.get().rows.map((r) => `${r.id}:${r.status}`)).toEqual(['new:failed', 'a:confirmed'])
    expect(activity.upsert(tx('base', 'eip155:8453'))).toBe(false)
    expect(activity.upsert(tx('spam', 'eip155:1', true))).toBe(false)
    expect(activity.$activity.get().transactions.map((t) => t.id)).toEqual(['new', 'a'])
  })

  it('group: month groups with labels and relative times at the given now', async () => {
    const at = (id: string, minedAt: string): Transaction => ({ ...tx(id), metadata: { ...tx(id).metadata, minedAt } })
    const { activity } = setup({ first: { data: [at('a', '2026-11-23T11:57:00Z'), at('b', '2026-10-03T00:00:00Z')], next: null } })
    await activity.fetchTransactions()
    const groups = activity.group(activity.$activity.get().rows, Date.parse('2026-11-23T12:00:00Z'), { timeZone: 'UTC', format: FORMAT })
    expect(groups.map((g) => [g.label, g.rows.map((r) => `${r.id} ${r.time} ${r.description} ${r.counterpart?.short}`)])).toEqual([
      ['This month', ['a 3 minutes ago Sent 1.000 0x1']],
      ['October 2026', ['b Oct 3 Sent 1.000 0x1']],
    ])
  })

  describe('a transfer sent from this app (recordSent / settleSent) and the quiet refresh', () => {
    const sent = {
      hash: '0xfeed',
      network: mainnet,
      from: ADDRESS,
      to: '0x00000000000000000000000000000000000000b0',
      amount: '1.5',
      token: { name: 'USD Coin', symbol: 'USDC', iconUrl: 'https://x/usdc.png' },
    }
    const NOW = Date.parse('2026-11-23T10:00:00Z')

    function withClock(pages: Record<string, HistoryResponse | Error>) {
      const s = setup(pages)
      const activity = createActivity({
        getHistory: async (address, query) => {
          s.asked.push({ address, ...query })
          const page = pages[query.cursor ?? 'first']
          if (!page || page instanceof Error) throw page ?? new Error('no page')
          return page
        },
        account: () => s.current,
        showError: (m) => s.errors.push(m),
        now: () => NOW,
      })
      return { ...s, activity }
    }

    it('a send before the list is loaded shows first as pending when it loads, as the server would list it; the server row replaces it', async () => {
      const pages: Record<string, HistoryResponse | Error> = { first: { data: [tx('eip155:1:0xold')], next: null } }
      const { activity } = withClock(pages)
      expect(activity.recordSent(sent)).toBe(false) // nothing listed: kept for later
      await activity.fetchTransactions()
      const rows = activity.$activity.get().rows
      expect(rows.map((r) => [r.id, r.status])).toEqual([
        ['eip155:1:0xfeed', 'pending'],
        ['eip155:1:0xold', 'confirmed'],
      ])
      expect(rows[0]!.transaction).toEqual({
        id: 'eip155:1:0xfeed',
        metadata: {
          minedAt: '2026-11-23T10:00:00.000Z',
          chain: 'eip155:1',
          operationType: 'send',
          status: 'pending',
          sentFrom: ADDRESS,
          sentTo: sent.to,
        },
        transfers: [
          {
            direction: 'out',
            quantity: { numeric: '1.5' },
            fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'https://x/usdc.png' } },
          },
        ],
      })
      expect(rows[0]).toMatchObject({ hash: '0xfeed', counterpart: { direction: 'to', address: sent.to }, iconUrl: 'https://x/usdc.png' })
      // the server now lists it (confirmed): one row with that id, the server's
      const served = { ...tx('eip155:1:0xfeed'), metadata: { ...tx('x').metadata, status: 'confirmed' } }
      pages.first = { data: [served, tx('eip155:1:0xold')], next: null }
      await activity.fetchTransactions()
      expect(activity.$activity.get().rows.map((r) => [r.id, r.status])).toEqual([
        ['eip155:1:0xfeed', 'confirmed'],
        ['eip155:1:0xold', 'confirmed'],
      ])
      expect(activity.$activity.get().transactions[0]).toBe(served)
    })

    it('shown at once when the list is loaded; the receipt turns it confirmed in place, a reverted one failed without transfers', async () => {
      const { activity } = withClock({ first: { data: [tx('eip155:1:0xold')], next: null } })
      await activity.fetchTransactions()
      expect(activity.recordSent(sent)).toBe(true)
      expect(activity.$activity.get().rows.map((r) => [r.id, r.status])).toEqual([
        ['eip155:1:0xfeed', 'pending'],
        ['eip155:1:0xold', 'confirmed'],
      ])
      expect(activity.settleSent(sent, 'confirmed')).toBe(true)
      expect(activity.$activity.get().rows.map((r) => [r.id, r.status])).toEqual([
        ['eip155:1:0xfeed', 'confirmed'],
        ['eip155:1:0xold', 'confirmed'],
      ])
      expect(activity.settleSent({ ...sent, hash: '0xbad' }, 'failed')).toBe(true)
      expect(activity.$activity.get().rows[0]).toMatchObject({ id: 'eip155:1:0xbad', status: 'failed', transfers: [] })
    })

    it('record: any transaction made from this app (a swap) is kept until the server lists it', async () => {
      const pages: Record<string, HistoryResponse | Error> = { first: { data: [], next: null } }
      const { activity } = withClock(pages)
      const trade = { ...tx('eip155:1:0xswap'), metadata: { ...tx('x').metadata, operationType: 'trade', status: 'pending' } }
      expect(activity.record(trade)).toBe(false) // nothing listed yet
      await activity.fetchTransactions()
      expect(activity.$activity.get().rows.map((r) => [r.id, r.status])).toEqual([['eip155:1:0xswap', 'pending']])
      pages.first = { data: [{ ...trade, metadata: { ...trade.metadata, status: 'confirmed' } }], next: null }
      await activity.fetchTransactions()
      expect(activity.$activity.get().rows.map((r) => [r.id, r.status])).toEqual([['eip155:1:0xswap', 'confirmed']])
    })

    it('another account or chain keeps its sends to itself', async () => {
      const { activity, current } = withClock({ first: { data: [], next: null } })
      activity.recordSent({ ...sent, from: '0x00000000000000000000000000000000000000c0' })
      activity.recordSent({ ...sent, hash: '0xbase', network: { ...mainnet, id: 8453, caipNetworkId: 'eip155:8453' } })
      await activity.fetchTransactions()
      expect(activity.$activity.get().rows).toEqual([])
      expect(current.address).toBe(ADDRESS)
    })

    it('refresh re-reads the first page into the loaded pages: new ones first, listed ones updated, cursor and pages kept; a failure is quiet', async () => {
      const pages: Record<string, HistoryResponse | Error> = { first: { data: [tx('a')], next: 'c2' }, c2: { data: [tx('b')], next: null } }
      const { activity, errors } = withClock(pages)
      await activity.fetchTransactions()
      await activity.loadMore()
      const updated = { ...tx('a'), metadata: { ...tx('a').metadata, status: 'failed' } }
      pages.first = { data: [tx('new'), updated], next: 'c2' }
      await expect(activity.refresh()).resolves.toBe(true)
      expect(activity.$activity.get()).toMatchObject({ next: null, pages: 2, loading: false })
      expect(activity.$activity.get().rows.map((r) => [r.id, r.status])).toEqual([
        ['new', 'confirmed'],
        ['a', 'failed'],
        ['b', 'confirmed'],
      ])
      pages.first = new Error('HTTP status code: 502')
      await expect(activity.refresh()).resolves.toBe(false)
      expect(activity.$activity.get()).toMatchObject({ error: null, pages: 2 })
      expect(activity.$activity.get().rows).toHaveLength(3)
      expect(errors).toEqual([])
    })

    it('refresh with nothing listed is a first load', async () => {
      const { activity, asked } = withClock({ first: { data: [tx('a')], next: null } })
      await expect(activity.refresh()).resolves.toBe(true)
      expect(activity.$activity.get()).toMatchObject({ pages: 1, transactions: [{ id: 'a' }] })
      expect(asked).toHaveLength(1)
    })
  })
})
