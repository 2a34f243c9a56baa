import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { SiwxConfig, SiwxSession } from '../core/options/siwx'
import { ADDRESS, fakeAdapter, jsonFetch, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useSiwx } from './index'

function setup(siwx?: SiwxConfig) {
  const evm = fakeAdapter('eip155')
  const api = jsonFetch(() => ({ body: { balances: [] } }))
  const portico = testPortico({
    fetch: api.fetch,
    adapters: [evm],
    metadata: { name: 'Acme', description: '', url: 'https://acme.example', icons: ['https://acme.example/icon.png'] },
    ...(siwx ? { siwx } : {}),
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, evm, wrapper }
}

function memory(): SiwxConfig & { sessions: SiwxSession[] } {
  const sessions: SiwxSession[] = []
  return {
    sessions,
    createMessage: async ({ accountAddress, chainId }) => ({
      accountAddress,
      chainId,
      domain: 'acme.example',
      uri: 'https://acme.example',
      version: '1',
      nonce: 'abcdefgh12',
      issuedAt: '2026-11-23T22:00:00.000Z',
    }),
    addSession: async (s) => void sessions.push(s),
    getSessions: async () => sessions,
    revokeSession: async () => void sessions.splice(0),
  }
}

describe('useSiwx', () => {
  it("without the siwx option: 'disabled', nothing loads, the actions do nothing", async () => {
    const { portico, wrapper } = setup()
    const { result } = renderHook(() => useSiwx(), { wrapper })
    expect(result.current).toMatchObject({ status: 'disabled', isSignedIn: false, required: false, app: { name: 'Acme' } })
    await act(async () => expect(await result.current.signIn()).toBeUndefined())
    expect(portico.peek('siwx')).toBeUndefined()
  })

  it('with it: connect → prompting → signIn → signed-in with the session → signOut → idle', async () => {
    const siwx = memory()
    const { portico, wrapper } = setup(siwx)
    const { result } = renderHook(() => useSiwx(), { wrapper })
    await act(async () => {
      await portico.connection.connect('io.metamask')
    })
    await waitFor(() => expect(result.current.status).toBe('prompting'))
    expect(result.current.app).toEqual({ name: 'Acme', icon: 'https://acme.example/icon.png' })
    await act(async () => {
      await result.current.signIn()
    })
    expect(result.current).toMatchObject({
      status: 'signed-in',
      isSignedIn: true,
      session: { signature: '0xsig', data: { accountAddress: ADDRESS, chainId: 'eip155:1' } },
    })
    expect(siwx.sessions).toHaveLength(1)
    await act(async () => {
      await result.current.signOut()
    })
    expect(result.current).toMatchObject({ status: 'idle', isSignedIn: false })
    expect(siwx.sessions).toHaveLength(0)
  })
})
