import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { ChainAdapter, ConnectResult } from '../adapters'
import { ADDRESS, fakeAdapter, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useEmbeddedAccount } from './index'

function setup(result: Partial<ConnectResult>, extra: Partial<ChainAdapter> = {}) {
  const adapter = fakeAdapter('eip155', [
    { id: 'auth', name: 'Email', type: 'auth' },
    { id: 'io.metamask', name: 'MetaMask', type: 'announced' },
  ])
  Object.assign(adapter, extra)
  adapter.connectImpl = async (p) =>
    p.connectorId === 'auth'
      ? { address: ADDRESS, chainId: 1, accounts: [ADDRESS], ...result }
      : { address: ADDRESS, chainId: 1, accounts: [ADDRESS] }
  const portico = testPortico({
    adapters: [adapter],
    fetch: (async () => new Response('{}')) as typeof fetch,
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  const { result: hook } = renderHook(() => useEmbeddedAccount(), { wrapper })
  return { portico, hook }
}

describe('useEmbeddedAccount', () => {
  it('nothing connected, or a wallet: not embedded, EOA preferred', async () => {
    const { portico, hook } = setup({ authName: 'me@mail.com' })
    await act(() => portico.ready)
    expect(hook.current).toEqual({
      isEmbedded: false,
      preferredAccountType: 'eoa',
      canUpdateEmail: false,
      smartAccountDeployed: false,
      setPreferredAccountType: expect.any(Function),
    })
    await act(() => portico.connection.connect('io.metamask'))
    expect(hook.current).toEqual({
      isEmbedded: false,
      preferredAccountType: 'eoa',
      canUpdateEmail: false,
      smartAccountDeployed: false,
      setPreferredAccountType: expect.any(Function),
    })
    // A wallet account does not load the embedded account flow (a lazy chunk).
    expect(portico.peek('embeddedAccount')).toBeUndefined()
  })

  it.each<[string, Partial<ConnectResult>, Record<string, unknown>]>([
    [
      'an email login',
      { authName: 'me@mail.com' },
      { email: 'me@mail.com', authName: 'me@mail.com', displayName: 'me@mail.com', socialProvider: undefined, accountType: 'eoa' },
    ],
    [
      'a long email is shortened for display (SPEC §3)',
      { authName: 'a.very.long.email.address@example-domain.com' },
      { email: 'a.very.long.email.address@example-domain.com', displayName: 'a.very.long.e…ample-domain.com' },
    ],
    [
      'a Discord name ending in 0 loses it (SPEC §3)',
      { authName: 'wanderer0', socialProvider: 'discord' },
      { email: undefined, authName: 'wanderer0', displayName: 'wanderer', socialProvider: 'discord' },
    ],
    [
      'a Google login: the name, no email',
      { authName: 'me@gmail.com', socialProvider: 'google' },
      { email: undefined, displayName: 'me@gmail.com', socialProvider: 'google' },
    ],
    ['a smart account', { authName: 'me@mail.com', accountType: 'smartAccount' }, { accountType: 'smartAccount' }],
  ])('%s', async (_name, result, expected) => {
    const { portico, hook } = setup(result)
    await act(() => portico.ready)
    await act(() => portico.connection.connect('auth'))
    expect(hook.current).toMatchObject({
      isEmbedded: true,
      connectorId: 'auth',
      address: ADDRESS,
      preferredAccountType: 'eoa',
      ...expected,
    })
    await act(() => portico.connection.disconnect())
    expect(hook.current.isEmbedded).toBe(false)
  })

  it('setPreferredAccountType: the connector sets the smart account up; the account state follows (type, deployed), and a fallback to EOA resolves with the reason', async () => {
    const asked: unknown[] = []
    let fail = false
    const { portico, hook } = setup(
      { authName: 'me@mail.com' },
      {
        setPreferredAccountType: async (p) => {
          asked.push(p)
          return fail
            ? { type: 'eoa', address: ADDRESS, smartAccountDeployed: false, reason: 'insufficient funds' }
            : { type: p.type, address: ADDRESS, smartAccountDeployed: p.type === 'smartAccount' }
        },
      },
    )
    await act(() => portico.ready)
    await expect(hook.current.setPreferredAccountType('smartAccount')).rejects.toThrow('Not connected to email or social')
    await act(() => portico.connection.connect('auth'))
    let answer: unknown
    await act(async () => {
      answer = await hook.current.setPreferredAccountType('smartAccount')
    })
    expect(answer).toEqual({ type: 'smartAccount', address: ADDRESS, smartAccountDeployed: true })
    expect(asked).toEqual([{ connectorId: 'auth', type: 'smartAccount' }])
    expect(hook.current).toMatchObject({ preferredAccountType: 'smartAccount', accountType: 'smartAccount', smartAccountDeployed: true })
    fail = true
    await act(async () => {
      answer = await hook.current.setPreferredAccountType('smartAccount')
    })
    expect(answer).toMatchObject({ type: 'eoa', reason: 'insufficient funds' })
    expect(hook.current).toMatchObject({ preferredAccountType: 'eoa', accountType: 'eoa', smartAccountDeployed: false })
  })
})
