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
  it('Solana account: receive and send (on-ramp is not built yet, swaps are EVM only)', async () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => useWalletFeatures({ namespace: 'solana' }), { wrapper })
    await act(() => portico.connection.connect('phantom'))
    await waitFor(() => expect(result.current.walletFeatures).toEqual(['receive', 'send']))
  })

  it('nothing before a connection; swaps, receive and send once connected on EVM (on-ramp not built yet); open pushes their views', async () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => ({ f: useWalletFeatures(), router: useRouter() }), { wrapper })
    expect(result.current.f.walletFeatures).toEqual([])
    await act(() => portico.connection.connect('io.metamask'))
    await waitFor(() => expect(result.current.f.walletFeatures).toEqual(['swaps', 'receive', 'send']))
    act(() => result.current.f.open('swaps'))
    expect(result.current.router.view).toBe('Swap')
    act(() => result.current.f.open('receive'))
    expect(result.current.router.view).toBe('WalletReceive')
    act(() => result.current.f.open('send'))
    expect(result.current.router.view).toBe('WalletSend')
    // a feature not offered opens nothing
    act(() => result.current.f.open('onramp'))
    expect(result.current.router.view).toBe('WalletSend')
  })
})
