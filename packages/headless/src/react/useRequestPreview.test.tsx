import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { ADDRESS, fakeAdapter, jsonFetch, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useRequestPreview } from './index'

async function setup() {
  const api = jsonFetch(() => ({ body: { balances: [] } }))
  const wallet = fakeAdapter('eip155')
  const portico = testPortico({ fetch: api.fetch, adapters: [wallet] })
  await portico.connection.connect('io.metamask')
  wallet.calls.length = 0
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, wallet, wrapper }
}

describe('useRequestPreview', () => {
  it('enabled: false: nothing loads, idle', async () => {
    const { portico, wrapper } = await setup()
    const { result } = renderHook(() => useRequestPreview({ enabled: false }), { wrapper })
    expect(result.current).toMatchObject({ phase: 'idle', request: null, queued: 0, pending: true, canContinue: false, canCancel: false })
    expect(portico.peek('requestPreview')).toBeUndefined()
  })

  it("a previewing provider's personal_sign shows as review with the message; approve() signs and the provider resolves", async () => {
    const { portico, wallet, wrapper } = await setup()
    const { result } = renderHook(() => useRequestPreview(), { wrapper })
    const provider = portico.getProvider('eip155', { preview: true })
    const signed = provider.request({ method: 'personal_sign', params: [stringToHex('Sign in to the app'), ADDRESS] })
    await waitFor(() => expect(result.current.phase).toBe('review'))
    expect(result.current).toMatchObject({
      pending: false,
      request: { id: 1, method: 'personal_sign' },
      action: 'continue',
      canContinue: true,
      preview: { status: 'ready', decoded: { kind: 'message', text: 'Sign in to the app' }, level: 'none' },
    })
    expect(wallet.calls).toEqual([])
    act(() => result.current.approve())
    expect(await signed).toBe('0xsig')
    expect(wallet.calls.map((c) => c.method)).toEqual(['signMessage'])
    await waitFor(() => expect(result.current.phase).toBe('idle'))
  })

  it('reject(): the provider rejects with 4001, the wallet is never asked', async () => {
    const { portico, wallet, wrapper } = await setup()
    const { result } = renderHook(() => useRequestPreview(), { wrapper })
    const provider = portico.getProvider('eip155', { preview: true })
    const signed = provider.request({ method: 'personal_sign', params: ['hello', ADDRESS] }).catch((e: { code: number }) => e.code)
    await waitFor(() => expect(result.current.canCancel).toBe(true))
    act(() => result.current.reject())
    expect(await signed).toBe(4001)
    expect(wallet.calls).toEqual([])
  })
})
