import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createPortico } from '../core/portico'
import { base, fakeAdapter, jsonFetch, mainnet, mapStorage, solana } from '../core/test-utils'
import { PorticoContextProvider, useRouter, useWalletFeatures } from './index'

function setup(features = {}) {
  const f = jsonFetch(() => ({ body: { balances: [] } }))
  const portico = createPortico({
    projectId: 'p',
    apiUrl: 'http://127.0.0.1:9',
    networks: [mainnet, solana, base],
    adapters: [fakeAdapter('eip155'), fakeAdapter('solana', [{ id: 'phantom', name: 'Phantom', type: 'announced' }])],
    storage: mapStorage(),
    fetch: f.fetch,
    features,
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, wrapper }
}

describe('useWalletFeatures', () => {
  it('Solana account: on-ramp, receive and send (swaps are EVM only)', async () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => useWalletFeatures({ namespace: 'solana' }), { wrapper })
    await act(() => portico.connection.connect('phantom'))
    await waitFor(() => expect(result.current.walletFeatures).toEqual(['onramp', 'receive', 'send']))
  })

  it('nothing before a connection; on-ramp, swaps, receive and send once connected on EVM; open pushes their views', async () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => ({ f: useWalletFeatures(), router: useRouter() }), { wrapper })
    expect(result.current.f.walletFeatures).toEqual([])
    await act(() => portico.connection.connect('io.metamask'))
    await waitFor(() => expect(result.current.f.walletFeatures).toEqual(['onramp', 'swaps', 'receive', 'send']))
    act(() => result.current.f.open('onramp'))
    expect(result.current.router.view).toBe('OnRampProviders')
    act(() => result.current.f.open('swaps'))
    expect(result.current.router.view).toBe('Swap')
    act(() => result.current.f.open('receive'))
    expect(result.current.router.view).toBe('WalletReceive')
    act(() => result.current.f.open('send'))
    expect(result.current.router.view).toBe('WalletSend')
  })

  it('the onramp flag off: no on-ramp entry, and opening it does nothing', async () => {
    const { portico, wrapper } = setup({ onramp: false })
    const { result } = renderHook(() => ({ f: useWalletFeatures(), router: useRouter() }), { wrapper })
    await act(() => portico.connection.connect('io.metamask'))
    await waitFor(() => expect(result.current.f.walletFeatures).toEqual(['swaps', 'receive', 'send']))
    const before = result.current.router.view
    act(() => result.current.f.open('onramp'))
    expect(result.current.router.view).toBe(before)
  })
})
