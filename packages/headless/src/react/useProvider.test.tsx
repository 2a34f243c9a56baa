import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ADDRESS, fakeAdapter, jsonFetch, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useProvider } from './index'

describe('useProvider', () => {
  it("is portico.getProvider('eip155'), the same object on every render and after a connect", async () => {
    const api = jsonFetch(() => ({ body: { balances: [] } }))
    const portico = testPortico({
      fetch: api.fetch,
      adapters: [fakeAdapter('eip155')],
    })
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    const { result, rerender } = renderHook(() => useProvider(), { wrapper })
    const first = result.current.provider
    expect(first).toBe(portico.getProvider('eip155'))
    expect(await first.request({ method: 'eth_accounts' })).toEqual([])
    await portico.connection.connect('io.metamask')
    rerender()
    expect(result.current.provider).toBe(first)
    expect(await first.request({ method: 'eth_accounts' })).toEqual([ADDRESS])
    expect(await first.request({ method: 'eth_chainId' })).toBe('0x1')
  })

  it("{ preview: true } is portico.getProvider('eip155', { preview: true }), another object than the plain one", () => {
    const portico = testPortico({ adapters: [fakeAdapter('eip155')] })
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    const { result } = renderHook(() => [useProvider({ preview: true }).provider, useProvider().provider], { wrapper })
    const [previewing, plain] = result.current
    expect(previewing).toBe(portico.getProvider('eip155', { preview: true }))
    expect(plain).toBe(portico.getProvider('eip155'))
    expect(previewing).not.toBe(plain)
  })
})
