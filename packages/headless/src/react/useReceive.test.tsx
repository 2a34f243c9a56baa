import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ADDRESS, SOL_ADDRESS, base, fakeAdapter, jsonFetch, mainnet, solana, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useReceive } from './index'

function setup(features = {}) {
  const f = jsonFetch(() => ({ body: { balances: [] } }))
  const portico = testPortico({
    networks: [mainnet, solana, base],
    adapters: [fakeAdapter('eip155'), fakeAdapter('solana', [{ id: 'phantom', name: 'Phantom', type: 'announced' }])],
    fetch: f.fetch,
    features,
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, wrapper }
}

describe('useReceive', () => {
  it('not connected: no address, no payload; copy does nothing', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => useReceive({ writeText: async () => {} }), { wrapper })
    expect(result.current.address).toBeUndefined()
    expect(result.current.payload).toBeUndefined()
    expect(await result.current.copy()).toBe(false)
    expect(result.current.copied).toBe(false)
  })

  it('EVM: the address, an EIP-681 payload on the current chain, the EVM networks; copy writes the address and sets copied', async () => {
    const { portico, wrapper } = setup()
    const written: string[] = []
    const { result } = renderHook(() => useReceive({ writeText: async (t) => void written.push(t) }), { wrapper })
    await act(() => portico.connection.connect('io.metamask'))
    await waitFor(() => expect(result.current.address).toBe(ADDRESS))
    expect(result.current.namespace).toBe('eip155')
    expect(result.current.payload).toBe(`ethereum:${ADDRESS}@1`)
    expect(result.current.network?.caipNetworkId).toBe('eip155:1')
    expect(result.current.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
    expect(result.current.copied).toBe(false)
    let ok = false
    await act(async () => {
      ok = await result.current.copy()
    })
    expect(ok).toBe(true)
    expect(written).toEqual([ADDRESS])
    expect(result.current.copied).toBe(true)
  })

  it('a refused clipboard: copy resolves false, copied stays false', async () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => useReceive({ writeText: () => Promise.reject(new Error('denied')) }), { wrapper })
    await act(() => portico.connection.connect('io.metamask'))
    await waitFor(() => expect(result.current.address).toBe(ADDRESS))
    let ok = true
    await act(async () => {
      ok = await result.current.copy()
    })
    expect(ok).toBe(false)
    expect(result.current.copied).toBe(false)
  })

  it('Solana (namespace option): the bare address as payload and the Solana networks', async () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => useReceive({ namespace: 'solana' }), { wrapper })
    await act(() => portico.connection.connect('phantom'))
    await waitFor(() => expect(result.current.address).toBe(SOL_ADDRESS))
    expect(result.current.payload).toBe(SOL_ADDRESS)
    expect(result.current.network?.chainNamespace).toBe('solana')
    expect(result.current.networks.map((n) => n.name)).toEqual(['Solana'])
  })
})
