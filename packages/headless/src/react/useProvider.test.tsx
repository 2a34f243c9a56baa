import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createPortico } from '../core/portico'
import { ADDRESS, fakeAdapter, jsonFetch, mainnet, mapStorage } from '../core/test-utils'
import { PorticoContextProvider, useProvider } from './index'

describe('useProvider', () => {
  it("is portico.getProvider('eip155'), the same object on every render and after a connect", async () => {
    const api = jsonFetch(() => ({ body: { balances: [] } }))
    const portico = createPortico({
      projectId: 'p',
      apiUrl: 'http://127.0.0.1:9',
      fetch: api.fetch,
      networks: [mainnet],
      adapters: [fakeAdapter('eip155')],
      storage: mapStorage(),
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
})
