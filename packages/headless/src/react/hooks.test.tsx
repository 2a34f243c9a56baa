import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { Portico } from '../core/portico'
import { ADDRESS, base, fakeAdapter, jsonFetch, mainnet, testPortico } from '../core/test-utils'
import {
  PorticoContextProvider,
  useAccount,
  useBanner,
  useConnect,
  useDisconnect,
  useLegal,
  useModal,
  useNetwork,
  usePortico,
  useRouter,
  useTheme,
  useTooltip,
} from './index'

function setup() {
  const evm = fakeAdapter('eip155', [
    { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' },
    { id: 'io.metamask', name: 'MetaMask', type: 'announced' },
  ])
  const ether = {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:1',
    value: 4500,
    price: 3000,
    iconUrl: '',
    quantity: { decimals: '18', numeric: '1.5' },
  }
  const api = jsonFetch(() => ({ body: { balances: [ether] } }))
  const portico = testPortico({
    fetch: api.fetch,
    networks: [mainnet, base],
    adapters: [evm],
    themeMode: 'dark',
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, evm, wrapper }
}

const render = <T,>(hook: () => T, _portico: Portico, wrapper: (p: { children: ReactNode }) => ReactNode) => renderHook(hook, { wrapper })

describe('React hooks', () => {
  it('usePortico throws outside the provider and returns the instance inside', () => {
    expect(() => renderHook(() => usePortico())).toThrow('usePortico must be used inside <PorticoContextProvider')
    const { portico, wrapper } = setup()
    expect(renderHook(() => usePortico(), { wrapper }).result.current).toBe(portico)
  })

  it('useModal opens, closes and shakes', async () => {
    const { portico, wrapper } = setup()
    const { result } = render(() => useModal(), portico, wrapper)
    expect(result.current.isOpen).toBe(false)
    await act(() => result.current.open())
    expect(result.current.isOpen).toBe(true)
    act(() => result.current.shake())
    expect(result.current.isShaking).toBe(true)
    act(() => result.current.close())
    expect(result.current.isOpen).toBe(false)
  })

  it('useRouter follows navigation', () => {
    const { portico, wrapper } = setup()
    const { result } = render(() => useRouter(), portico, wrapper)
    expect(result.current.view).toBe('Connect')
    act(() => result.current.push('SwitchNetwork', { network: base }))
    expect(result.current.view).toBe('SwitchNetwork')
    expect(result.current.data).toEqual({ network: base })
    expect(result.current.history.map((e) => e.view)).toEqual(['Connect', 'SwitchNetwork'])
    act(() => result.current.goBack())
    expect(result.current.view).toBe('Connect')
  })

  it('useConnect + useAccount + useDisconnect: connect by id, account appears, disconnect clears', async () => {
    const { portico, wrapper } = setup()
    const { result } = render(() => ({ c: useConnect(), a: useAccount(), d: useDisconnect() }), portico, wrapper)
    await act(() => portico.ready)
    expect(result.current.c.connectors.map((c) => c.id)).toEqual(['walletConnect', 'io.metamask'])
    expect(result.current.c.methodsOrder).toEqual(['wallet', 'email', 'social'])
    expect(result.current.a).toMatchObject({ isConnected: false, status: 'disconnected' })
    await act(() => result.current.c.connect('io.metamask'))
    // The balance comes from the API, whose client module loads on its first call.
    await waitFor(() => expect(result.current.a.balance).toBe('1.5'))
    expect(result.current.a).toMatchObject({
      address: ADDRESS,
      caipAddress: `eip155:1:${ADDRESS}`,
      namespace: 'eip155',
      status: 'connected',
      isConnected: true,
      connectorId: 'io.metamask',
      balance: '1.5',
      balanceSymbol: 'ETH',
    })
    expect(result.current.c.connectorStates['io.metamask']).toBe('connected')
    await act(() => result.current.d.disconnect())
    expect(result.current.a).toMatchObject({ isConnected: false, status: 'disconnected', address: undefined })
  })

  it('useConnect exposes a rejection as error text', async () => {
    const { portico, evm, wrapper } = setup()
    evm.connectImpl = async () => {
      throw { code: 4001, message: 'User rejected the request.' }
    }
    const { result } = render(() => useConnect(), portico, wrapper)
    await act(() => result.current.connect('io.metamask'))
    expect(result.current.error).toBe('Connection rejected')
    expect(result.current.status).toBe('disconnected')
  })

  it('useNetwork reports and switches the network', async () => {
    const { portico, wrapper } = setup()
    const { result } = render(() => useNetwork(), portico, wrapper)
    expect(result.current).toMatchObject({
      network: mainnet,
      chainId: 1,
      namespace: 'eip155',
      isSupported: true,
      networks: [mainnet, base],
    })
    await act(() => result.current.switchNetwork(base))
    expect(result.current.chainId).toBe(8453)
  })

  it('useTheme, useBanner, useLegal, useTooltip', () => {
    const { portico, wrapper } = setup()
    const { result } = render(() => ({ t: useTheme(), b: useBanner(), l: useLegal(), tt: useTooltip() }), portico, wrapper)
    expect(result.current.t.themeMode).toBe('dark')
    act(() => result.current.t.setThemeMode('light'))
    expect(result.current.t.themeMode).toBe('light')
    act(() => result.current.b.show('Token Balance Unavailable', 'error'))
    expect(result.current.b).toMatchObject({ message: 'Token Balance Unavailable', variant: 'error', open: true })
    act(() => result.current.l.setLegalChecked(true))
    expect(result.current.l.isLegalCheckboxChecked).toBe(true)
    act(() => result.current.tt.show({ message: 'Copied', triggerRect: { x: 1, y: 2, width: 3, height: 4 } }))
    expect(result.current.tt).toMatchObject({ message: 'Copied', open: true, variant: 'shade' })
  })

  it('two providers hold independent instances', () => {
    const one = setup()
    const two = setup()
    const a = renderHook(() => useRouter(), { wrapper: one.wrapper })
    const b = renderHook(() => useRouter(), { wrapper: two.wrapper })
    act(() => a.result.current.push('Networks'))
    expect(a.result.current.view).toBe('Networks')
    expect(b.result.current.view).toBe('Connect')
  })
})
