import { describe, expect, it } from 'vitest'
import type { HistoryResponse, Transaction } from '../../api/schemas'
import type { CaipNetwork, ChainNamespace } from '../types'
import { ADDRESS, mainnet, solana } from '../test-utils'
import { createActivity, type ActivityDeps } from './activity'

const tx = (id: string, chain = 'eip155:1', spam = false): Transaction => ({
  id,
  metadata: { minedAt: '2026-11-01T00:00:00Z', chain, operationType: 'send', status: 'confirmed', sentFrom: ADDRESS, sentTo: '0x1' },
  transfers: [{ direction: 'out', quantity: { numeric: '1' }, ...(spam ? { nft_info: { flags: { is_spam: true } } } : {}) }],
})

function setup(pages: Record<string, HistoryResponse | Error>, account: { namespace?: ChainNamespace; address?: string; network?: CaipNetwork } = { namespace: 'eip155', address: ADDRESS, network: mainnet }) {
  const asked: { address: string; chainId?: string; cursor?: string }[] = []
  const errors: string[] = []
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
    expect(activity.$activity.get()).toMatchObject({ transactions: [{ id: 'a' }], next: 'c2', pages: 1, loading: false, error: null, caipNetworkId: 'eip155:1' })
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
    expect(activity.$activity.get()).toMatchObject({ loading: false, error: 'Failed to fetch transactions', transactions: [] })
    expect(errors).toEqual(['Failed to fetch transactions'])
    pages.first = { data: [tx('a')], next: null }
    await activity.fetchTransactions()
    expect(activity.$activity.get()).toMatchObject({ error: null, transactions: [{ id: 'a' }] })
  })

  it.each<[string, { namespace?: ChainNamespace; address?: string; network?: CaipNetwork }]>([
    ['Solana (activity is EVM only)', { namespace: 'solana', address: 'So1', network: solana }],
    ['no account', { namespace: 'eip155', network: mainnet }],
  ])('%s: nothing is asked and the list is empty', async (_name, account) => {
    const { activity, asked } = setup({ first: { data: [tx('a')], next: null } }, account)
    await expect(activity.fetchTransactions()).resolves.toBe(false)
    expect(asked).toEqual([])
    expect(activity.$activity.get().transactions).toEqual([])
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
})
