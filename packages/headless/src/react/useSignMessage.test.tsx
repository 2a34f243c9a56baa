import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ADDRESS, fakeAdapter, jsonFetch, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useSignMessage } from './index'

function setup() {
  const evm = fakeAdapter('eip155')
  const api = jsonFetch(() => ({ body: { balances: [] } }))
  const portico = testPortico({
    fetch: api.fetch,
    adapters: [evm],
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, evm, wrapper }
}

describe('useSignMessage', () => {
  it("reports 'No account connected' before a wallet is connected", async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => useSignMessage(), { wrapper })
    await act(() => expect(result.current.signMessage('hi')).rejects.toThrow('No account connected'))
    expect(result.current).toMatchObject({ error: 'No account connected', isPending: false, signature: undefined })
  })

  it('returns the wallet signature for the connected account', async () => {
    const { portico, evm, wrapper } = setup()
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useSignMessage(), { wrapper })
    await act(async () => {
      await expect(result.current.signMessage('hi')).resolves.toBe('0xsig')
    })
    expect(result.current).toMatchObject({ signature: '0xsig', isPending: false, error: undefined })
    expect(evm.calls.at(-1)).toEqual({ method: 'signMessage', params: { message: 'hi', address: ADDRESS, connectorId: 'io.metamask' } })
  })

  it("a call the wallet does not allow reads 'Action not allowed' (SPEC §6); the rejection keeps the wallet's text", async () => {
    const { portico, evm, wrapper } = setup()
    await portico.connection.connect('io.metamask')
    evm.signMessage = async () => {
      throw new Error('Requested RPC call is not allowed')
    }
    const { result } = renderHook(() => useSignMessage(), { wrapper })
    await act(() => expect(result.current.signMessage('hi')).rejects.toThrow('Requested RPC call is not allowed'))
    expect(result.current).toMatchObject({ error: 'Action not allowed', isPending: false })
  })
})
