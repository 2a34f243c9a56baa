import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { fakeAdapter, jsonFetch, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useTokenBalances } from './index'
import { totalUsdValue } from './useTokenBalances'

const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  value: 10,
  price: 1,
  iconUrl: '',
  quantity: { decimals: '6', numeric: '10' },
}

describe('useTokenBalances', () => {
  it('fetches when connected (tokens + identity), not before', async () => {
    const f = jsonFetch((url) =>
      url.pathname.startsWith('/v1/identity') ? { body: { name: 'alice', avatar: null } } : { body: { balances: [usdc] } },
    )
    const portico = testPortico({
      adapters: [fakeAdapter()],
      fetch: f.fetch,
    })
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    const { result } = renderHook(() => useTokenBalances(), { wrapper })
    expect(result.current.tokenBalance).toEqual([])
    expect(f.calls).toHaveLength(0)
    await act(() => portico.connection.connect('io.metamask'))
    await waitFor(() => expect(result.current.tokenBalance.map((t) => t.symbol)).toEqual(['USDC']))
    expect(result.current.loading).toBe(false)
    await waitFor(() => expect(portico.chain.$account.get().profileName).toBe('alice'))
    expect(f.calls.map((u) => u.pathname).sort()).toEqual([
      '/v1/account/0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B/balance',
      '/v1/identity/0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
    ])
  })

  it('fetchOnMount false: the hook itself fetches nothing until refetch', async () => {
    let balances = [usdc]
    // (the balance requests are counted; connecting also reads the account's identity)
    const f = jsonFetch(() => ({ body: { balances } }), { record: /\/balance$/ })
    const portico = testPortico({
      adapters: [fakeAdapter()],
      fetch: f.fetch,
    })
    await portico.connection.connect('io.metamask')
    // connecting fetched the balance once for the new account
    await waitFor(() => expect(portico.chain.$account.get().tokenBalance).toHaveLength(1))
    expect(f.calls).toHaveLength(1)
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    const { result } = renderHook(() => useTokenBalances({ fetchOnMount: false }), { wrapper })
    expect(f.calls).toHaveLength(1)
    balances = [usdc, { ...usdc, symbol: 'DAI', address: 'eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f' }]
    await act(() => result.current.refetch({ forceUpdate: true }))
    expect(f.calls).toHaveLength(2)
    expect(result.current.tokenBalance.map((t) => t.symbol)).toEqual(['USDC', 'DAI'])
  })
})

describe('total value in USD (Account, issue 12)', () => {
  it.each([
    ['no tokens', [], null],
    [
      'no token has a price',
      [
        { value: 0, price: 0 },
        { value: 0, price: 0 },
      ],
      null,
    ],
    ['one priced token', [{ value: 3852.5, price: 3120.5 }], 3852.5],
    [
      'the sum to the cent',
      [
        { value: 3852.51, price: 3120.5 },
        { value: 1520.75, price: 1 },
        { value: 35.7, price: 0.85 },
      ],
      5408.96,
    ],
    [
      'unpriced tokens are left out',
      [
        { value: 10, price: 1 },
        { value: 0, price: 0 },
      ],
      10,
    ],
    [
      '0.1 + 0.2 is 0.3',
      [
        { value: 0.1, price: 1 },
        { value: 0.2, price: 1 },
      ],
      0.3,
    ],
  ] as const)('%s', (_, tokens, total) => {
    expect(totalUsdValue(tokens)).toBe(total)
  })

  it('useTokenBalances gives the total of the active account', async () => {
    const dai = { ...usdc, name: 'Dai', symbol: 'DAI', address: 'eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f', value: 2.5 }
    const f = jsonFetch(() => ({ body: { balances: [usdc, dai] } }))
    const portico = testPortico({
      adapters: [fakeAdapter()],
      fetch: f.fetch,
    })
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    const { result } = renderHook(() => useTokenBalances({ fetchOnMount: false }), { wrapper })
    expect(result.current.totalUsd).toBeNull()
    await act(() => portico.connection.connect('io.metamask'))
    await waitFor(() => expect(result.current.totalUsd).toBe(12.5))
  })
})
