import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { encodeFunctionData, erc20Abi, maxUint256, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { PreviewRequest } from '../core/preview/request'
import { fakeAdapter, jsonFetch, testPortico } from '../core/test-utils'
import { PorticoContextProvider, usePreview } from './index'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function setup() {
  const api = jsonFetch(() => ({ body: { balances: [] } }))
  const portico = testPortico({ fetch: api.fetch, adapters: [fakeAdapter('eip155')] })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, wrapper }
}

const signIn = (domain: string): PreviewRequest => ({
  method: 'personal_sign',
  params: [
    stringToHex(
      [
        `${domain} wants you to sign in with your Ethereum account:`,
        ALICE,
        '',
        '',
        `URI: https://${domain}`,
        'Version: 1',
        'Chain ID: 1',
        'Nonce: k2f9Xv0aQ1',
        'Issued At: 2026-11-23T22:00:00.000Z',
      ].join('\n'),
    ),
    ALICE,
  ],
})

describe('usePreview', () => {
  it('enabled: false and no request: nothing loads, the state is idle', () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => usePreview({ enabled: false }), { wrapper })
    expect(result.current).toMatchObject({ status: 'idle', pending: true, decoded: null, flags: [], level: 'none', failing: false })
    expect(portico.peek('preview')).toBeUndefined()
  })

  it('a request option: previewed once loaded; a sign-in for a domain other than the page’s is flagged, danger', async () => {
    const { portico, wrapper } = setup()
    const request = signIn('evil.example')
    const { result } = renderHook(() => usePreview({ request }), { wrapper })
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current).toMatchObject({
      pending: false,
      method: 'personal_sign',
      decoded: { kind: 'signIn', domain: 'evil.example', address: ALICE },
      flags: ['foreignDomain'],
      level: 'danger',
      simulation: null,
    })
    expect(portico.peek('preview')).toBeDefined()
  })

  it('a sign-in for the page’s own host: no flag', async () => {
    const { wrapper } = setup()
    const request = signIn(globalThis.location.host)
    const { result } = renderHook(() => usePreview({ request }), { wrapper })
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current).toMatchObject({ flags: [], level: 'none' })
  })

  it('preview(): an unlimited approval decoded without reading the chain; reset → idle', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => usePreview(), { wrapper })
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, maxUint256] })
    await act(async () => {
      await result.current.preview(
        { method: 'eth_sendTransaction', params: [{ from: ALICE, to: USDC, data }] },
        { simulate: false, checks: false },
      )
    })
    expect(result.current).toMatchObject({
      status: 'ready',
      decoded: { kind: 'tokenApproval', token: USDC, spender: BOB, amount: maxUint256 },
      flags: ['unlimitedAmount'],
      level: 'danger',
    })
    act(() => result.current.reset())
    expect(result.current).toMatchObject({ status: 'idle', decoded: null })
  })

  it('params the method does not take: status error with a code', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => usePreview(), { wrapper })
    await act(async () => {
      await result.current.preview({ method: 'wallet_sendCalls', params: [{ calls: [] }] })
    })
    expect(result.current).toMatchObject({ status: 'error', error: { code: 'otherError' } })
  })
})
