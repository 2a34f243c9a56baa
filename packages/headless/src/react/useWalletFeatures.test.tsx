import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { base, fakeAdapter, jsonFetch, mainnet, solana, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useEmailCapture, useFeatures, useOriginCheck, useRouter, useWalletFeatures } from './index'

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

  it('a region restriction (SPEC §6): swaps and on-ramp hidden and named in `restricted` (EVM); on Solana only the on-ramp (swaps are not offered there)', async () => {
    const { portico, wrapper } = setup({ swaps: true })
    const { result } = renderHook(
      () => ({ evm: useWalletFeatures({ namespace: 'eip155' }), sol: useWalletFeatures({ namespace: 'solana' }), flags: useFeatures() }),
      { wrapper },
    )
    await act(() => portico.connection.connect('io.metamask'))
    await act(() => portico.connection.connect('phantom'))
    expect(result.current.evm.restricted).toEqual([])
    act(() => portico.features.applyRemote({ swaps: false, onramp: false }, ['swaps', 'onramp']))
    expect(result.current.evm.walletFeatures).toEqual(['receive', 'send'])
    expect(result.current.evm.restricted).toEqual(['onramp', 'swaps'])
    expect(result.current.sol.restricted).toEqual(['onramp'])
    expect(result.current.flags.restricted).toEqual(['swaps', 'onramp'])
  })
})

describe('useOriginCheck and useEmailCapture before the modal opens', () => {
  it('unchecked and idle, and nothing is asked', async () => {
    const f = jsonFetch(() => ({ body: {} }))
    const portico = testPortico({
      fetch: f.fetch,
      features: { emailCapture: true },
    })
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    const { result } = renderHook(() => ({ origin: useOriginCheck(), capture: useEmailCapture() }), { wrapper })
    expect(result.current.origin).toMatchObject({ status: 'unchecked', notAllowed: false, allowedOrigins: [] })
    await waitFor(() => expect(portico.peek('capture')).toBeDefined())
    expect(result.current.capture).toMatchObject({ step: 'idle', enabled: true })
    expect(f.calls.filter((u) => u.pathname !== '/getWallets')).toEqual([])
  })

  it("after the first open: the origin check's answer, notAllowed for a page that matches none", async () => {
    const f = jsonFetch((url) =>
      url.pathname === '/projects/v1/origins' ? { body: { allowedOrigins: ['https://shop.example.com'] } } : { body: { features: {} } },
    )
    const portico = testPortico({
      fetch: f.fetch,
    })
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { result } = renderHook(() => useOriginCheck(), { wrapper })
    await act(() => portico.modal.open())
    await waitFor(() => expect(result.current.status).toBe('notAllowed'))
    expect(result.current).toMatchObject({
      notAllowed: true,
      origin: globalThis.location.origin,
      allowedOrigins: ['https://shop.example.com'],
    })
    expect(error).toHaveBeenCalledTimes(1)
    error.mockRestore()
  })
})
