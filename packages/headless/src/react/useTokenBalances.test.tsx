import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createPortico } from '../core/portico'
import { fakeAdapter, jsonFetch, mainnet, mapStorage } from '../core/test-utils'
import { PorticoContextProvider, useTokenBalances } from './index'

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
    const f = jsonFetch((url) => (url.pathname.startsWith('/v1/identity') ? { body: { name: 'alice', avatar: null } } : { body: { balances: [usdc] } }))
    const portico = createPortico({ projectId: 'p', apiUrl: 'http://127.0.0.1:9', networks: [mainnet], adapters: [fakeAdapter()], storage: mapStorage(), fetch: f.fetch })
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    const { result } = renderHook(() => useTokenBalances(), { wrapper })
    expect(result.current.tokenBalance).toEqual([])
    expect(f.calls).toHaveLength(0)
    await act(() => portico.connection.connect('io.metamask'))
    await waitFor(() => expect(result.current.tokenBalance.map((t) => t.symbol)).toEqual(['USDC']))
    expect(result.current.loading).toBe(false)
    await waitFor(() => expect(portico.chain.$account.get().profileName).toBe('alice'))
    expect(f.calls.map((u) => u.pathname).sort()).toEqual(['/v1/account/0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B/balance', '/v1/identity/0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'])
  })

  it('fetchOnMount false: the hook itself fetches nothing until refetch', async () => {
    let balances = [usdc]
    const f = jsonFetch(() => ({ body: { balances } }))
    const portico = createPortico({ projectId: 'p', apiUrl: 'http://127.0.0.1:9', networks: [mainnet], adapters: [fakeAdapter()], storage: mapStorage(), fetch: f.fetch })
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
