import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Features } from '../core/options/options'
import { fakeAdapter, manualTimers, testPortico } from '../core/test-utils'
import { PorticoContextProvider, usePayWithExchange } from './index'

const ETH_PRICE_ID = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

function setup(features?: Partial<Features>) {
  const methods: string[] = []
  const popups: { location: { href: string }; opener: unknown; close(): void }[] = []
  vi.stubGlobal('open', () => {
    const popup = { location: { href: '' }, opener: {}, close: () => undefined }
    popups.push(popup)
    return popup
  })
  vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValue('11111111-2222-4333-8444-555555555555')
  const statuses = ['IN_PROGRESS', 'SUCCESS']
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    const body = init?.body ? (JSON.parse(String(init.body)) as { method?: string; addresses?: string[] }) : {}
    if (url.pathname === '/v1/fungible/price')
      return json({
        fungibles: (body.addresses ?? []).filter((a) => a === ETH_PRICE_ID).map((a) => ({ symbol: 'ETH', address: a, price: 2500 })),
      })
    if (url.pathname === '/v1/json-rpc') {
      methods.push(body.method!)
      const rpc = (result: unknown) => json({ jsonrpc: '2.0', id: 1, result })
      if (body.method === 'portico_getExchanges')
        return rpc({
          exchanges: [
            { id: 'dev-exchange', name: 'Dev Exchange' },
            { id: 'b', name: 'B' },
            { id: 'c', name: 'C' },
          ],
        })
      if (body.method === 'portico_getExchangePayUrl') return rpc({ url: 'http://127.0.0.1:9/pay/s9', sessionId: 's9' })
      if (body.method === 'portico_getExchangeBuyStatus') return rpc({ status: statuses.shift() ?? 'SUCCESS', txHash: '0xdone' })
    }
    if (url.pathname.endsWith('/balance')) return json({ balances: [] })
    return json({})
  }) as typeof globalThis.fetch
  const timers = manualTimers(1_700_000_000_000)
  const portico = testPortico({
    adapters: [fakeAdapter('eip155')],
    fetch,
    timers,
    ...(features ? { features } : {}),
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, wrapper, timers, methods, popups }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('usePayWithExchange', () => {
  it('renders the idle state until the module loads; enabled: false loads nothing', () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => usePayWithExchange({ enabled: false }), { wrapper })
    expect(result.current).toMatchObject({
      pending: true,
      available: true,
      amount: '',
      tokenAmount: '',
      priceLoading: false,
      isLoading: false,
      exchanges: [],
      assets: [],
      isPaymentInProgress: false,
    })
    expect(result.current.paymentAsset).toBeUndefined()
    expect(portico.peek('exchange')).toBeUndefined()
  })

  it.each<[Partial<Features>, boolean]>([
    [{ payWithExchange: false, payments: false }, false],
    [{ payWithExchange: false, payments: true }, true],
    [{ payWithExchange: false, payments: false, pay: true }, true],
  ])('availability is known before the module loads: %j → %s', (features, available) => {
    const { portico, wrapper } = setup(features)
    const { result } = renderHook(() => usePayWithExchange({ enabled: false }), { wrapper })
    expect(result.current).toMatchObject({ pending: true, available })
    expect(portico.peek('exchange')).toBeUndefined()
  })

  it('loads on mount, then: asset and exchanges, amount in tokens, pay in the popup, IN_PROGRESS, polled to SUCCESS', async () => {
    const { portico, wrapper, timers, methods, popups } = setup()
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => usePayWithExchange(), { wrapper })
    await waitFor(() => expect(result.current.pending).toBe(false))
    await act(() => result.current.initialize())
    expect(result.current).toMatchObject({
      paymentAsset: { metadata: { symbol: 'ETH' }, price: 2500 },
      exchanges: [{ id: 'dev-exchange' }, { id: 'b' }],
    })
    expect(result.current.assets.map((a) => a.metadata.symbol)).toEqual(['ETH', 'USDC', 'USDT'])
    act(() => result.current.setAmount('50'))
    expect(result.current).toMatchObject({ amount: '50', tokenAmount: '0.02' })
    await act(async () => {
      await expect(result.current.payWithExchange('dev-exchange')).resolves.toMatchObject({ sessionId: 's9', status: 'IN_PROGRESS' })
    })
    expect(popups[0]!.location.href).toBe('http://127.0.0.1:9/pay/s9')
    expect(result.current).toMatchObject({
      isPaymentInProgress: true,
      paymentId: '11111111-2222-4333-8444-555555555555',
      currentPayment: { exchangeId: 'dev-exchange', status: 'IN_PROGRESS' },
    })
    act(() => timers.advance(5_000))
    await waitFor(() => expect(methods.filter((m) => m === 'portico_getExchangeBuyStatus')).toHaveLength(1))
    await waitFor(() => expect(result.current.currentPayment?.status).toBe('IN_PROGRESS'))
    act(() => timers.advance(5_000))
    await waitFor(() =>
      expect(result.current).toMatchObject({ isPaymentInProgress: false, currentPayment: { status: 'SUCCESS', result: '0xdone' } }),
    )
    expect(methods.filter((m) => m === 'portico_getExchangePayUrl')).toHaveLength(1)
  })

  it('an action before the module is there loads it first', async () => {
    const { portico, wrapper } = setup()
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => usePayWithExchange({ enabled: false }), { wrapper })
    await act(() => result.current.initialize({ amount: '25' }))
    expect(portico.peek('exchange')?.$exchange.get()).toMatchObject({
      amount: '25',
      tokenAmount: '0.01',
      paymentAsset: { asset: 'native' },
    })
  })

  it("'No account connected' comes back from payWithExchange before any popup", async () => {
    const { wrapper, popups } = setup()
    const { result } = renderHook(() => usePayWithExchange(), { wrapper })
    await waitFor(() => expect(result.current.pending).toBe(false))
    await act(() => result.current.initialize({ amount: '25' }))
    await act(async () => {
      await expect(result.current.payWithExchange('dev-exchange')).rejects.toThrow('No account connected')
    })
    expect(result.current.error).toBe('No account connected')
    expect(popups).toHaveLength(0)
  })
})
