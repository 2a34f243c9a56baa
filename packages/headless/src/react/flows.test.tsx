import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ADDRESS, fakeAdapter, jsonFetch, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useActivity, useConnect, useFeatures, useNetworkImage, useWallet } from './index'

const tx = (id: string) => ({
  id,
  metadata: {
    minedAt: '2026-11-01T00:00:00Z',
    chain: 'eip155:1',
    operationType: 'receive',
    status: 'confirmed',
    sentFrom: '0x1',
    sentTo: ADDRESS,
  },
  transfers: [{ direction: 'in', quantity: { numeric: '1' } }],
})

function setup(
  route: Parameters<typeof jsonFetch>[0] = () => ({ body: {} }),
  adapter = fakeAdapter('eip155', [
    { id: 'auth', name: 'Email', type: 'auth' },
    { id: 'io.metamask', name: 'MetaMask', type: 'announced' },
  ]),
) {
  const api = jsonFetch(route)
  const portico = testPortico({
    fetch: api.fetch,
    adapters: [adapter],
    features: { email: false },
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, api, wrapper, adapter }
}

describe('hooks over the restructured flows', () => {
  it('useActivity loads the activity flow on first use, then the first page of the connected account', async () => {
    const { portico, api, wrapper } = setup((url) =>
      url.pathname.endsWith('/history') ? { body: { data: [tx('a')], next: null } } : { body: { balances: [] } },
    )
    await portico.connection.connect('io.metamask')
    expect(portico.peek('activity')).toBeUndefined()
    const { result } = renderHook(() => useActivity(), { wrapper })
    expect(result.current.pending).toBe(true)
    await waitFor(() => expect(result.current.transactions.map((t) => t.id)).toEqual(['a']))
    expect(result.current.pending).toBe(false)
    expect(portico.peek('activity')).toBeDefined()
    expect(api.calls.filter((u) => u.pathname.endsWith('/history')).map((u) => u.searchParams.get('chainId'))).toEqual(['eip155:1'])
  })

  it('useActivity({ enabled: false }) loads nothing', async () => {
    const { portico, wrapper } = setup()
    renderHook(() => useActivity({ enabled: false }), { wrapper })
    await new Promise((r) => setTimeout(r, 10))
    expect(portico.peek('activity')).toBeUndefined()
  })

  it('features have one source: remote flags fill what the app did not set, and the connect-method order follows', async () => {
    const { portico, wrapper } = setup((url) =>
      url.pathname === '/appkit/v1/config' ? { body: { features: { email: true, socials: ['github'], swaps: false } } } : { body: {} },
    )
    await portico.ready
    const { result } = renderHook(() => ({ f: useFeatures(), c: useConnect() }), { wrapper })
    expect(result.current.f.features).toMatchObject({ email: false, swaps: true })
    expect(result.current.c.methodsOrder).toEqual(['wallet', 'social'])
    await act(() => result.current.f.loadRemote())
    // the app set email: false itself; the remote config turns socials to github only and swaps off
    expect(result.current.f.features).toMatchObject({ email: false, socials: ['github'], swaps: false })
    expect(result.current.c.methodsOrder).toEqual(['wallet', 'social'])
  })

  it('useWallet lists the adapter capabilities and refuses the rest with the catalogue text', async () => {
    const adapter = Object.assign(fakeAdapter('eip155'), { capabilities: ['typedData'] as const, signTypedData: async () => '0xtyped' })
    const { portico, wrapper } = setup(() => ({ body: { balances: [] } }), adapter)
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useWallet(), { wrapper })
    expect(result.current.capabilities).toEqual(['typedData'])
    await expect(result.current.signTypedData({ domain: {}, types: {}, primaryType: 'X', message: {} })).resolves.toBe('0xtyped')
    await expect(result.current.transfer({ to: ADDRESS, amount: 1n })).rejects.toThrow('Requested RPC call is not allowed')
  })
})

describe('useNetworkImage: no API request before the first open', () => {
  it('outside the modal, an API-hosted logo (imageId) is given only once the modal has opened; an app-given imageUrl at once', async () => {
    const { portico, wrapper } = setup()
    const hosted = { assets: { imageId: 'ethereum' } }
    const given = { assets: { imageUrl: 'https://cdn.example/eth.svg' } }
    const inside = renderHook(() => useNetworkImage(), { wrapper })
    expect(inside.result.current.imageUrlOf(hosted)).toBe('http://127.0.0.1:9/network-images/ethereum')
    const { result } = renderHook(() => useNetworkImage({ deferUntilOpened: true }), { wrapper })
    expect(result.current.imageUrlOf(hosted)).toBeUndefined()
    expect(result.current.imageUrlOf(given)).toBe('https://cdn.example/eth.svg')
    await act(() => portico.modal.open())
    expect(result.current.imageUrlOf(hosted)).toBe('http://127.0.0.1:9/network-images/ethereum')
    act(() => portico.modal.close())
    expect(result.current.imageUrlOf(hosted)).toBe('http://127.0.0.1:9/network-images/ethereum')
  })
})
