import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { emptyNamesState } from '../core/names/rules'
import { ADDRESS, fakeAdapter, jsonFetch, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useIdentity, useNames } from './index'

const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function setup(registerStatus = 200) {
  const evm = fakeAdapter('eip155')
  const api = jsonFetch((url) => {
    if (url.pathname.startsWith('/v1/profile/suggestions/')) {
      const name = decodeURIComponent(url.pathname.split('/').pop()!)
      return { body: { suggestions: [{ name: `${name}.portico.id`, registered: name === 'taken' }] } }
    }
    if (url.pathname === '/v1/profile/account' && registerStatus !== 200) return { status: registerStatus, body: {} }
    if (url.pathname === '/v1/profile/account')
      return {
        body: {
          name: 'alice.portico.id',
          registered_at: '2026-11-23T00:00:00Z',
          updated_at: '2026-11-23T00:00:00Z',
          addresses: {},
          attributes: {},
        },
      }
    if (url.pathname === `/v1/identity/${OTHER}`) return { body: { name: 'bob.portico.id', avatar: null } }
    return { body: { balances: [] } }
  })
  const portico = testPortico({
    fetch: api.fetch,
    adapters: [evm],
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, evm, wrapper, api }
}

describe('useNames', () => {
  it('idle until its module loads, then checks availability and registers with the connected account; the account then shows the name', async () => {
    const { portico, evm, wrapper } = setup()
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useNames(), { wrapper })
    await waitFor(() => expect(result.current.pending).toBe(false))
    act(() => result.current.setName('alice'))
    expect(result.current).toMatchObject({ input: 'alice', ruleError: null, checking: true })
    await waitFor(() => expect(result.current).toMatchObject({ checking: false, available: true }), { timeout: 2_000 })
    await act(async () => {
      await expect(result.current.register()).resolves.toMatchObject({ name: 'alice.portico.id' })
    })
    expect(result.current.registered?.name).toBe('alice.portico.id')
    const sign = evm.calls.find((c) => c.method === 'signMessage') as { params: { message: string; address: string } }
    expect(JSON.parse(sign.params.message)).toMatchObject({ name: 'alice', attributes: {} })
    expect(sign.params.address).toBe(ADDRESS)
    expect(portico.chain.$chains.get().eip155?.accountState.profileName).toBe('alice.portico.id')
  })

  it('a taken name is not available; a short one breaks the rule at once', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => useNames(), { wrapper })
    await waitFor(() => expect(result.current.pending).toBe(false))
    act(() => result.current.setName('abc'))
    expect(result.current.ruleError).toBe('Name must be at least 4 characters')
    expect(result.current.ruleErrorCode).toEqual({
      code: 'nameTooShort',
      params: { min: '4' },
      message: 'Name must be at least 4 characters',
    })
    // Characters outside the rule are dropped, not refused (issue 25 §4).
    act(() => result.current.setName('al_ice'))
    expect(result.current).toMatchObject({ input: 'alice', ruleError: null, ruleErrorCode: null })
    act(() => result.current.setName('taken'))
    await waitFor(() => expect(result.current).toMatchObject({ checking: false, available: false }), { timeout: 2_000 })
    // A suggestion's label fills the input.
    act(() => result.current.chooseSuggestion('bobby.portico.id'))
    expect(result.current).toMatchObject({ input: 'bobby', checking: true, ruleErrorCode: null, errorCode: null })
  })

  it("a refused registration without a reason: error 'Error registering name alice', coded registerName { name: 'alice' }", async () => {
    const { portico, wrapper } = setup(400)
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useNames(), { wrapper })
    await waitFor(() => expect(result.current.pending).toBe(false))
    act(() => result.current.setName('alice'))
    await waitFor(() => expect(result.current.canRegister).toBe(true), { timeout: 2_000 })
    await act(async () => {
      await expect(result.current.register()).rejects.toThrow('Error registering name alice')
    })
    expect(result.current).toMatchObject({
      error: 'Error registering name alice',
      errorCode: { code: 'registerName', params: { name: 'alice' }, message: 'Error registering name alice' },
    })
  })
})

describe('useNames in the modal', () => {
  it("before its module loads: the flow's empty state (the default zone, nothing to register)", () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => useNames({ enabled: false }), { wrapper })
    const { pending, setName, chooseSuggestion, register, registerInModal, reset, ruleErrorCode, errorCode, ...state } = result.current
    expect(pending).toBe(true)
    expect([ruleErrorCode, errorCode]).toEqual([null, null])
    expect(state).toEqual(emptyNamesState())
  })

  it('canRegister once the name is free; registerInModal replaces RegisterAccountName with RegisterAccountNameSuccess {name}; the identity of the account then names it', async () => {
    const { portico, wrapper } = setup()
    await portico.connection.connect('io.metamask')
    portico.router.reset('Account')
    portico.router.push('RegisterAccountName')
    const { result } = renderHook(() => ({ names: useNames(), identity: useIdentity() }), { wrapper })
    await waitFor(() => expect(result.current.names.pending).toBe(false))
    expect(result.current.names).toMatchObject({ canRegister: false, zone: 'portico.id', signing: false })
    act(() => result.current.names.setName('alice'))
    expect(result.current.names.canRegister).toBe(false)
    await waitFor(() => expect(result.current.names.canRegister).toBe(true), { timeout: 2_000 })
    await act(async () => {
      await expect(result.current.names.registerInModal()).resolves.toMatchObject({ name: 'alice.portico.id' })
    })
    expect(portico.router.$route.get()).toEqual({ view: 'RegisterAccountNameSuccess', data: { name: 'alice.portico.id' } })
    expect(result.current.identity).toMatchObject({ name: 'alice.portico.id', canChooseName: false })
  })

  it('canChooseName: a connected EVM account without a name; not before connecting (once named: the test above)', async () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => useIdentity(), { wrapper })
    expect(result.current.canChooseName).toBe(false)
    await act(() => portico.connection.connect('io.metamask'))
    await waitFor(() => expect(result.current.canChooseName).toBe(true))
  })
})

describe('useIdentity', () => {
  it("an address's name from /v1/identity; without an address, the connected account's own (no request)", async () => {
    const { portico, wrapper, api } = setup()
    await portico.connection.connect('io.metamask')
    const other = renderHook(() => useIdentity({ address: OTHER }), { wrapper })
    expect(other.result.current).toEqual({ name: null, avatar: null, loading: true, canChooseName: false })
    await waitFor(() =>
      expect(other.result.current).toEqual({ name: 'bob.portico.id', avatar: null, loading: false, canChooseName: false }),
    )
    const before = api.calls.length
    const own = renderHook(() => useIdentity(), { wrapper })
    expect(own.result.current).toMatchObject({ loading: false })
    expect(api.calls.length).toBe(before)
  })
})
