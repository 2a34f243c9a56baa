import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { EmbeddedKeyState, ViewportRect } from '../adapters'
import { ADDRESS, fakeAdapter, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useRecovery } from './index'

const RECT: ViewportRect = { left: 10, top: 120, width: 340, height: 260 }

/**
 * An auth connector whose frame keeps the key state: `recoverWallet` answers what the user did in the frame
 * (the next of `answers`: 'recovered', 'cancelled', or an error), `showRecoverySecret` whether they saved it.
 */
async function setup(initial: EmbeddedKeyState, answers: { recover?: string[]; saved?: boolean[] } = {}) {
  const adapter = fakeAdapter('eip155', [{ id: 'auth', name: 'Email', type: 'auth' }])
  adapter.connectImpl = async () => ({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: 'me@mail.com' })
  const calls: string[] = []
  let state = initial
  adapter.getKeyState = async () => {
    calls.push('state')
    return state
  }
  adapter.recoverWallet = async ({ rect }) => {
    calls.push(`recover ${JSON.stringify(rect)}`)
    const answer = answers.recover?.shift()
    if (answer === 'recovered') {
      state = { state: 'here', unsavedRecovery: false }
      return { recovered: true }
    }
    if (answer === 'cancelled') return { recovered: false }
    throw new Error(answer ?? 'The wallet frame did not answer')
  }
  adapter.showRecoverySecret = async ({ rect }) => {
    calls.push(`show ${JSON.stringify(rect)}`)
    const saved = answers.saved?.shift() ?? false
    if (saved) state = { ...state, unsavedRecovery: false }
    return { saved }
  }
  adapter.hideRecovery = async () => void calls.push('hide')
  const portico = testPortico({ adapters: [adapter], fetch: (async () => new Response('{}')) as typeof fetch })
  await portico.ready
  await portico.connection.connect('auth')
  const recoveredEvents: number[] = []
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  const hook = renderHook(() => useRecovery({ onRecovered: () => recoveredEvents.push(1) }), { wrapper })
  return { ...hook, calls, recoveredEvents, adapter }
}

describe('useRecovery', () => {
  it("a new device: 'needed'; a cancelled ask goes back to 'needed'; a recovery makes it 'here' and says so once", async () => {
    const { result, calls, recoveredEvents } = await setup(
      { state: 'recover', unsavedRecovery: false },
      { recover: ['cancelled', 'recovered'] },
    )
    await waitFor(() => expect(result.current.phase).toBe('needed'))
    expect(result.current).toMatchObject({ unsavedRecovery: false, recovered: false })
    act(() => result.current.recover(RECT))
    expect(result.current.phase).toBe('asking')
    await waitFor(() => expect(result.current.phase).toBe('needed'))
    expect(recoveredEvents).toEqual([])
    act(() => result.current.recover(RECT))
    await waitFor(() => expect(result.current.phase).toBe('here'))
    expect(result.current).toMatchObject({ recovered: true, unsavedRecovery: false })
    expect(result.current.errorCode).toBeUndefined()
    expect(recoveredEvents).toEqual([1])
    expect(calls).toEqual(['state', `recover ${JSON.stringify(RECT)}`, `recover ${JSON.stringify(RECT)}`])
  })

  it("the frame fails: the connector's text, coded, and the phase it was in", async () => {
    const { result } = await setup({ state: 'recover', unsavedRecovery: false }, { recover: ['Sign in again'] })
    await waitFor(() => expect(result.current.phase).toBe('needed'))
    act(() => result.current.recover(RECT))
    await waitFor(() =>
      expect(result.current.errorCode).toEqual({ code: 'otherError', params: { detail: 'Sign in again' }, message: 'Sign in again' }),
    )
    expect(result.current.phase).toBe('needed')
    expect(result.current.recovered).toBe(false)
  })

  it('the device that made the keys: the secret is unsaved until the user says they saved it; a hidden view keeps it unsaved', async () => {
    const { result, calls } = await setup({ state: 'here', unsavedRecovery: true }, { saved: [false, true] })
    await waitFor(() => expect(result.current.phase).toBe('here'))
    expect(result.current.unsavedRecovery).toBe(true)
    act(() => result.current.showSecret(RECT))
    expect(result.current.phase).toBe('showing')
    await waitFor(() => expect(result.current.phase).toBe('here'))
    expect(result.current.unsavedRecovery).toBe(true)
    act(() => result.current.showSecret(RECT))
    await waitFor(() => expect(result.current.unsavedRecovery).toBe(false))
    expect(result.current.phase).toBe('here')
    expect(calls.filter((c) => c.startsWith('show'))).toHaveLength(2)
  })

  it("a wallet whose keys the API holds: 'server'; hide and unmount take an open view off the frame", async () => {
    const server = await setup({ state: 'server', unsavedRecovery: false })
    await waitFor(() => expect(server.result.current.phase).toBe('server'))

    const { result, calls, unmount, adapter } = await setup({ state: 'here', unsavedRecovery: true })
    await waitFor(() => expect(result.current.phase).toBe('here'))
    // A view the user is still reading (the frame has not answered): hide() takes it off, the phase goes back.
    adapter.showRecoverySecret = () => new Promise(() => calls.push('show'))
    act(() => result.current.showSecret(RECT))
    await waitFor(() => expect(calls.at(-1)).toBe('show'))
    expect(result.current.phase).toBe('showing')
    act(() => result.current.hide())
    expect(result.current.phase).toBe('here')
    expect(calls.at(-1)).toBe('hide')
    act(() => result.current.showSecret(RECT))
    await waitFor(() => expect(calls.at(-1)).toBe('show'))
    unmount()
    expect(calls.at(-1)).toBe('hide')
  })

  it("no embedded account: 'unavailable', and the connector is not asked", async () => {
    const adapter = fakeAdapter('eip155', [{ id: 'injected', name: 'Browser', type: 'injected' }])
    let asked = 0
    adapter.getKeyState = async () => {
      asked++
      return { state: 'here', unsavedRecovery: false }
    }
    const portico = testPortico({ adapters: [adapter], fetch: (async () => new Response('{}')) as typeof fetch })
    await portico.ready
    await portico.connection.connect('injected')
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    const { result } = renderHook(() => useRecovery(), { wrapper })
    expect(result.current).toMatchObject({ phase: 'unavailable', unsavedRecovery: false, recovered: false })
    expect(asked).toBe(0)
  })
})
