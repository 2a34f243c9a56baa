import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { SendTransactionParams } from '../adapters'
import type { TokenBalance } from '../core/chain/chain'
import { fakeAdapter, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useSwap } from './index'

const ETH_ID = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USDC_ID = 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const ROUTER = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0'
const ETH: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 6000,
  price: 3000,
  iconUrl: '',
  quantity: { decimals: '18', numeric: '2' },
}

function setup() {
  const sent: SendTransactionParams[] = []
  const adapter = Object.assign(fakeAdapter('eip155'), {
    async sendTransaction(p: SendTransactionParams) {
      sent.push(p)
      return '0xswap'
    },
  })
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    const body = init?.body ? (JSON.parse(String(init.body)) as { addresses?: string[] }) : {}
    switch (url.pathname) {
      case '/v1/convert/tokens':
        return json({
          tokens: [
            { name: 'Ether', symbol: 'ETH', address: ETH_ID, decimals: 18 },
            { name: 'USD Coin', symbol: 'USDC', address: USDC_ID, decimals: 6 },
          ],
        })
      case '/v1/fungible/price':
        return json({ fungibles: (body.addresses ?? []).map((a) => ({ symbol: '', address: a, price: a === ETH_ID ? 3000 : 1 })) })
      case '/v1/convert/gas-price':
        return json({ standard: '1000000000', fast: '1000000000', instant: '1000000000' })
      case '/v1/convert/quotes':
        return json({ quotes: [{ toAmount: ((BigInt(url.searchParams.get('amount')!) * 2970n) / 10n ** 12n).toString() }] })
      case '/v1/convert/build-transaction':
        return json({
          tx: { to: ROUTER, data: '0x7ff36ab5', value: '500000000000000000', eip155: { gas: '150000', gasPrice: '1000000000' } },
        })
    }
    if (url.pathname.endsWith('/balance')) return json({ balances: [ETH] })
    return json({})
  }) as typeof globalThis.fetch
  const portico = testPortico({
    adapters: [adapter],
    fetch,
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, wrapper, sent }
}

describe('useSwap', () => {
  it('renders the idle state until the module loads; enabled: false loads nothing', () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => useSwap({ enabled: false }), { wrapper })
    expect(result.current).toMatchObject({
      pending: true,
      initialized: false,
      sourceTokenAmount: '',
      toTokenAmount: '',
      slippage: 1,
      myTokensWithBalance: [],
      button: { label: 'Select token', disabled: true },
    })
    expect(result.current.searchTokens('eth')).toEqual([])
    expect(portico.peek('swap')).toBeUndefined()
  })

  it('initializes, chooses tokens, quotes after the pause, swaps, and is back at Account with the success banner', async () => {
    const { portico, wrapper, sent } = setup()
    await portico.connection.connect('io.metamask')
    portico.router.reset('Account')
    portico.router.push('SwapPreview')
    const { result } = renderHook(() => useSwap(), { wrapper })
    await waitFor(() => expect(result.current.pending).toBe(false))
    await act(() => result.current.initialize())
    expect(result.current).toMatchObject({ initialized: true, supported: true, sourceToken: { symbol: 'ETH' }, networkTokenSymbol: 'ETH' })
    expect(result.current.searchTokens('usd').map((t) => t.symbol)).toEqual(['USDC'])
    await act(() => result.current.setToToken(result.current.tokens!.find((t) => t.symbol === 'USDC')))
    act(() => result.current.setSourceTokenAmount('0,5'))
    expect(result.current.sourceTokenAmount).toBe('0.5')
    await waitFor(() => expect(result.current.toTokenAmount).toBe('1485.000000'))
    await waitFor(() => expect(result.current.button).toEqual({ action: 'review', label: 'Review swap', disabled: false, loading: false }))
    expect(result.current).toMatchObject({
      providerFee: '0.00425',
      maxSlippage: '14.85',
      minimumReceived: '1470.15',
      sourceTokenAmountUsd: 1500,
      toTokenAmountUsd: 1485,
    })
    await act(async () => {
      await expect(result.current.sendTransactionForSwap()).resolves.toBe('0xswap')
    })
    expect(sent[0]).toMatchObject({ to: ROUTER, value: 500_000_000_000_000_000n })
    expect(result.current).toMatchObject({ initialized: false, sourceTokenAmount: '', toTokenAmount: '' })
    expect(portico.router.$route.get().view).toBe('Account')
    await waitFor(() =>
      expect(portico.banner.$banner.get()).toMatchObject({ message: 'Swapped 0.5 ETH to 1,485 USDC', variant: 'success', open: true }),
    )
  })

  it('an action before the module is there loads it first', async () => {
    const { portico, wrapper } = setup()
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useSwap({ enabled: false }), { wrapper })
    await act(() => result.current.initialize())
    expect(portico.peek('swap')?.$swap.get().initialized).toBe(true)
  })
})
