import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS, fakeAdapter, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useOnRamp } from './index'

const OPTIONS = {
  providers: ['coinbase', 'meld'],
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' }],
    },
  ],
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [] }],
}

function setup(failMeldQuote = false) {
  const requests: { path: string; body?: Record<string, unknown> }[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    requests.push({ path: url.pathname, ...(body ? { body } : {}) })
    switch (url.pathname) {
      case '/v1/onramp/options':
        return json(OPTIONS)
      case '/v1/onramp/quote':
        if (failMeldQuote && body?.provider === 'meld')
          return new Response('{}', { status: 400, headers: { 'content-type': 'application/json' } })
        return json({
          purchaseAmount: { amount: String(Number(body?.amount) * (body?.provider === 'meld' ? 0.98 : 0.99)), currency: 'USDC' },
        })
      case '/v1/generators/onrampurl':
        return json({ url: `http://127.0.0.1:4100/checkout?provider=${String(body?.provider)}` })
    }
    if (url.pathname.endsWith('/balance')) return json({ balances: [] })
    return json({})
  }) as typeof globalThis.fetch
  const portico = testPortico({
    adapters: [fakeAdapter('eip155')],
    fetch,
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, wrapper, requests }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useOnRamp', () => {
  it('renders the idle state until the module loads; enabled: false loads nothing', () => {
    const { portico, wrapper, requests } = setup()
    const { result } = renderHook(() => useOnRamp({ enabled: false }), { wrapper })
    expect(result.current).toMatchObject({
      pending: true,
      supported: false,
      initialized: false,
      providers: [],
      purchaseCurrencies: [],
      paymentCurrencies: [],
      paymentAmount: '',
      quotes: [],
      quotesLoading: false,
      presetAmounts: [],
      ready: false,
      inProgress: false,
    })
    expect(portico.peek('onramp')).toBeUndefined()
    expect(requests).toEqual([])
  })

  it('loads the flow on mount, then initializes, quotes each provider and opens the chosen one’s page in a window opened inside the click', async () => {
    const { portico, wrapper, requests } = setup()
    await portico.connection.connect('io.metamask')
    const win = { closed: false, location: { href: '' }, opener: window as unknown, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockImplementation(() => win as unknown as Window)
    const { result } = renderHook(() => useOnRamp(), { wrapper })
    expect(result.current.pending).toBe(true)
    await waitFor(() => expect(result.current.pending).toBe(false))
    expect(portico.peek('onramp')).toBeDefined()
    expect(result.current.supported).toBe(true)
    await act(() => result.current.initialize())
    expect(result.current).toMatchObject({
      initialized: true,
      providers: ['coinbase', 'meld'],
      purchaseCurrency: { id: 'USDC' },
      paymentCurrency: { id: 'USD' },
      limits: { min: '10.00', max: '7500.00' },
    })
    act(() => result.current.setPaymentAmount('250'))
    expect(result.current).toMatchObject({ paymentAmount: '250', quotesLoading: true, ready: true })
    await waitFor(() => expect(result.current.quotesLoading).toBe(false))
    expect(result.current.quotes.map((q) => [q.provider, q.purchaseAmount])).toEqual([
      ['coinbase', '247.5'],
      ['meld', '245'],
    ])
    act(() => result.current.selectProvider('meld'))
    expect(result.current.purchaseAmount).toBe('245')
    let opened: Promise<string | undefined> | undefined
    act(() => {
      opened = result.current.openProvider()
      // The module is loaded: the window opens in the same task as the click.
      expect(open).toHaveBeenCalledTimes(1)
    })
    await act(async () => {
      await expect(opened).resolves.toBe('http://127.0.0.1:4100/checkout?provider=meld')
    })
    expect(open.mock.calls[0]!.slice(0, 2)).toEqual(['about:blank', 'portico-onramp'])
    expect(win).toMatchObject({ opener: null, location: { href: 'http://127.0.0.1:4100/checkout?provider=meld' } })
    expect(requests.find((r) => r.path === '/v1/generators/onrampurl')?.body).toMatchObject({
      provider: 'meld',
      partnerUserId: ADDRESS,
      presetFiatAmount: 250,
      presetCryptoAmount: 245,
    })
    expect(result.current).toMatchObject({
      inProgress: true,
      selectedProvider: { name: 'meld', url: 'http://127.0.0.1:4100/checkout?provider=meld' },
    })
  })

  it('a failed quote: coded on its provider and in errorCode, errorOnQuote (shown on the row); a blocked window: createPopup, not on a quote', async () => {
    const { portico, wrapper } = setup(true)
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useOnRamp(), { wrapper })
    await waitFor(() => expect(result.current.pending).toBe(false))
    await act(() => result.current.initialize())
    expect(result.current).toMatchObject({ errorCode: undefined, errorOnQuote: false, quoteErrorCodes: {} })
    act(() => result.current.setPaymentAmount('250'))
    await waitFor(() => expect(result.current.quotesLoading).toBe(false))
    const status400 = { code: 'httpStatus', params: { status: '400' }, message: 'HTTP status code: 400' }
    expect(result.current).toMatchObject({ error: 'HTTP status code: 400', errorCode: status400, errorOnQuote: true })
    expect(result.current.quoteErrorCodes).toEqual({ meld: status400 })
    vi.spyOn(window, 'open').mockImplementation(() => null)
    await act(async () => {
      await expect(result.current.openProvider('coinbase')).resolves.toBeUndefined()
    })
    expect(result.current).toMatchObject({
      error: 'Could not create popup window',
      errorCode: { code: 'createPopup', message: 'Could not create popup window' },
      errorOnQuote: false,
    })
  })

  it('an action before the module is there loads it first', async () => {
    const { portico, wrapper } = setup()
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useOnRamp({ enabled: false }), { wrapper })
    expect(portico.peek('onramp')).toBeUndefined()
    await act(() => result.current.initialize())
    expect(portico.peek('onramp')?.$onramp.get()).toMatchObject({ initialized: true, providers: ['coinbase', 'meld'] })
  })
})
