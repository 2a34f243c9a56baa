import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { ConnectResult } from '../adapters'
import { createPortico } from '../core/portico'
import { ADDRESS, fakeAdapter, mainnet, mapStorage } from '../core/test-utils'
import { PorticoContextProvider, useEmbeddedAccount } from './index'

function setup(result: Partial<ConnectResult>) {
  const adapter = fakeAdapter('eip155', [
    { id: 'auth', name: 'Email', type: 'auth' },
    { id: 'io.metamask', name: 'MetaMask', type: 'announced' },
  ])
  adapter.connectImpl = async (p) => (p.connectorId === 'auth' ? { address: ADDRESS, chainId: 1, accounts: [ADDRESS], ...result } : { address: ADDRESS, chainId: 1, accounts: [ADDRESS] })
  const portico = createPortico({ projectId: 'p', apiUrl: 'http://127.0.0.1:9', networks: [mainnet], adapters: [adapter], storage: mapStorage(), fetch: (async () => new Response('{}')) as typeof fetch })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  const { result: hook } = renderHook(() => useEmbeddedAccount(), { wrapper })
  return { portico, hook }
}

describe('useEmbeddedAccount', () => {
  it('nothing connected, or a wallet: not embedded, EOA preferred', async () => {
    const { portico, hook } = setup({ authName: 'me@mail.com' })
    await act(() => portico.ready)
    expect(hook.current).toEqual({ isEmbedded: false, preferredAccountType: 'eoa', canUpdateEmail: false })
    await act(() => portico.connection.connect('io.metamask'))
    expect(hook.current).toEqual({ isEmbedded: false, preferredAccountType: 'eoa', canUpdateEmail: false })
  })

  it.each<[string, Partial<ConnectResult>, Record<string, unknown>]>([
    ['an email login', { authName: 'me@mail.com' }, { email: 'me@mail.com', authName: 'me@mail.com', displayName: 'me@mail.com', socialProvider: undefined, accountType: 'eoa' }],
    [
      'a long email is shortened for display (SPEC §3)',
      { authName: 'a.very.long.email.address@example-domain.com' },
      { email: 'a.very.long.email.address@example-domain.com', displayName: 'a.very.long.e…ample-domain.com' },
    ],
    ['a Discord name ending in 0 loses it (SPEC §3)', { authName: 'wanderer0', socialProvider: 'discord' }, { email: undefined, authName: 'wanderer0', displayName: 'wanderer', socialProvider: 'discord' }],
    ['a Google login: the name, no email', { authName: 'me@gmail.com', socialProvider: 'google' }, { email: undefined, displayName: 'me@gmail.com', socialProvider: 'google' }],
    ['a smart account', { authName: 'me@mail.com', accountType: 'smartAccount' }, { accountType: 'smartAccount' }],
  ])('%s', async (_name, result, expected) => {
    const { portico, hook } = setup(result)
    await act(() => portico.ready)
    await act(() => portico.connection.connect('auth'))
    expect(hook.current).toMatchObject({ isEmbedded: true, connectorId: 'auth', address: ADDRESS, preferredAccountType: 'eoa', ...expected })
    await act(() => portico.connection.disconnect())
    expect(hook.current.isEmbedded).toBe(false)
  })
})
