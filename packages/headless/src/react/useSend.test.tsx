import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { TransferParams } from '../adapters'
import type { TokenBalance } from '../core/chain/chain'
import { ADDRESS, fakeAdapter, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useSend } from './index'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
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
  const transfers: TransferParams[] = []
  const adapter = Object.assign(fakeAdapter('eip155'), {
    capabilities: ['nativeTransfer'] as const,
    async transfer(p: TransferParams) {
      transfers.push(p)
      return '0xhash'
    },
  })
  const balanceCalls: URL[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    if (url.pathname.endsWith('/balance')) {
      balanceCalls.push(url)
      return json({ balances: [ETH] })
    }
    if (url.port === '8545') {
      const { method } = JSON.parse(String(init?.body)) as { method: string }
      return json({ jsonrpc: '2.0', id: 1, result: method === 'eth_estimateGas' ? '0x5208' : '0x3b9aca00' })
    }
    return json({})
  }) as typeof globalThis.fetch
  const portico = testPortico({
    adapters: [adapter],
    fetch,
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, wrapper, transfers, balanceCalls }
}

describe('useSend', () => {
  it('renders the idle form until the module loads; enabled: false loads nothing', () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => useSend({ enabled: false }), { wrapper })
    expect(result.current).toMatchObject({
      pending: true,
      sendTokenAmount: '',
      tokenBalances: [],
      button: { label: 'Select token', disabled: true },
    })
    expect(portico.peek('send')).toBeUndefined()
  })

  it('fills the form, shows the button and the fee, sends, and resets with the hash kept', async () => {
    const { portico, wrapper, transfers, balanceCalls } = setup()
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useSend(), { wrapper })
    await waitFor(() => expect(result.current.pending).toBe(false))
    await waitFor(() => expect(result.current.tokenBalances.map((t) => t.symbol)).toEqual(['ETH']))
    act(() => void result.current.setToken(result.current.tokenBalances[0]!))
    expect(result.current.button).toMatchObject({ action: 'addAmount', label: 'Add amount' })
    await waitFor(() => expect(result.current.gas).toMatchObject({ native: '0.000021', symbol: 'ETH', usd: 0.000021 * 3000 }))
    act(() => result.current.setAmount('0,5'))
    expect(result.current.sendTokenAmount).toBe('0.5')
    expect(result.current.button).toMatchObject({ action: 'addAddress', label: 'Add address' })
    act(() => result.current.setReceiver(TO))
    expect(result.current.button).toEqual({
      action: 'preview',
      label: 'Preview send',
      disabled: false,
      fundWallet: false,
      switchWallet: false,
    })
    let hash = ''
    await act(async () => {
      hash = await result.current.send()
    })
    expect(hash).toBe('0xhash')
    expect(transfers).toEqual([expect.objectContaining({ to: TO, amount: 500_000_000_000_000_000n, address: ADDRESS })])
    expect(balanceCalls.some((u) => u.searchParams.get('forceUpdate') === 'true')).toBe(true)
    expect(result.current).toMatchObject({
      hash: '0xhash',
      token: undefined,
      sendTokenAmount: '',
      receiverInput: '',
      button: { label: 'Select token' },
    })
  })

  it('searchTokens filters the tokens with a balance by name or symbol, letter case ignored', async () => {
    const { portico, wrapper } = setup()
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useSend(), { wrapper })
    await waitFor(() => expect(result.current.tokenBalances.map((t) => t.symbol)).toEqual(['ETH']))
    expect(result.current.searchTokens('ether').map((t) => t.symbol)).toEqual(['ETH'])
    expect(result.current.searchTokens('eTh').map((t) => t.symbol)).toEqual(['ETH'])
    expect(result.current.searchTokens('usdc')).toEqual([])
    expect(result.current.searchTokens('')).toHaveLength(1)
  })

  it("send's SPEC §5 texts reach the caller", async () => {
    const { portico, wrapper } = setup()
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useSend(), { wrapper })
    await waitFor(() => expect(result.current.pending).toBe(false))
    await expect(result.current.send()).rejects.toThrow('An amount and receiver address are required')
  })
})
