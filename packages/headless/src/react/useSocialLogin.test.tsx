import { act, renderHook, waitFor } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import type { AdapterContext, ConnectorAnswer, ConnectParams, ConnectResult } from '../adapters'
import { ADDRESS, fakeAdapter, mapStorage, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useEmbeddedAccount, useSocialLogin } from './index'

const URL_D = 'http://127.0.0.1:4300/auth?provider=discord'

/**
 * An auth connector like the embedded one: connect "opens the popup" at once (recorded, in the same
 * call), prompts social with the provider's URL, and settles when the test says (the popup's result,
 * its closing).
 */
function socialAdapter() {
  const adapter = fakeAdapter('eip155', [{ id: 'auth', name: 'Email', type: 'auth' }])
  const answers: ConnectorAnswer[] = []
  const connects: ConnectParams[] = []
  /** Popups opened synchronously inside connect. */
  const popups: string[] = []
  let ctx: AdapterContext | undefined
  let settle: { resolve: (r: ConnectResult) => void; reject: (e: unknown) => void } | undefined
  const setup = adapter.setup.bind(adapter)
  adapter.setup = (c) => {
    ctx = c
    return setup(c)
  }
  const prompt = (p: Parameters<AdapterContext['emit']>[1]) => ctx?.emit('auth', p)
  // Not async: the popup opens before connect returns, as the embedded adapter does.
  adapter.connect = (p: ConnectParams) => {
    connects.push(p)
    if (p.auth?.kind === 'social') popups.push(p.auth.provider)
    return new Promise<ConnectResult>((resolve, reject) => {
      settle = { resolve, reject }
    })
  }
  adapter.respond = async ({ answer }) => {
    answers.push(answer)
    if (answer.kind === 'cancel') {
      prompt({ kind: 'prompt', prompt: undefined })
      settle?.reject(new Error('Modal closed'))
    }
  }
  return {
    adapter,
    answers,
    connects,
    popups,
    showProvider: (url = URL_D) => prompt({ kind: 'prompt', prompt: { kind: 'social', provider: 'discord', url } }),
    resultArrived: () => prompt({ kind: 'prompt', prompt: undefined }),
    connected: (name = 'ada0') =>
      settle?.resolve({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: name, socialProvider: 'discord' }),
    popupClosed: () => {
      prompt({ kind: 'prompt', prompt: undefined })
      settle?.reject(new Error('Popup closed'))
    },
  }
}

function setup(strict = false) {
  const social = socialAdapter()
  const storage = mapStorage()
  const portico = testPortico({
    adapters: [social.adapter],
    storage,
    fetch: (async () => new Response('{}')) as typeof fetch,
  })
  const wrapper = ({ children }: { children: ReactNode }) => {
    const tree = <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    return strict ? <StrictMode>{tree}</StrictMode> : tree
  }
  return { ...social, portico, wrapper }
}

describe('useSocialLogin', () => {
  it('start opens the popup in the same call (the click), then follows the connector: popup → connecting → connected', async () => {
    const s = setup()
    await s.portico.ready
    const { result } = renderHook(() => ({ login: useSocialLogin(), account: useEmbeddedAccount() }), { wrapper: s.wrapper })
    expect(result.current.login).toMatchObject({ step: 'idle', available: true, popupClosed: false })
    act(() => {
      result.current.login.start('discord')
      // Still inside the click: the connector has already opened its window.
      expect(s.popups).toEqual(['discord'])
    })
    expect(s.connects[0]).toMatchObject({ connectorId: 'auth', auth: { kind: 'social', provider: 'discord' } })
    expect(result.current.login).toMatchObject({ step: 'popup', provider: 'discord', url: undefined })
    act(() => s.showProvider())
    expect(result.current.login).toMatchObject({ step: 'popup', url: URL_D })
    act(() => s.resultArrived())
    expect(result.current.login.step).toBe('connecting')
    act(() => s.connected('ada0'))
    await waitFor(() => expect(result.current.login.step).toBe('connected'))
    // SPEC §3: a Discord name ending in 0 loses the last character.
    expect(result.current.login.displayName).toBe('ada')
    expect(result.current.account).toMatchObject({ isEmbedded: true, socialProvider: 'discord', displayName: 'ada' })
    expect(s.portico.router.$route.get().view).toBe('Account')
  })

  it('the popup closed: error "Popup closed", popupClosed; retry starts again with the same provider', async () => {
    const s = setup()
    await s.portico.ready
    const { result } = renderHook(() => useSocialLogin(), { wrapper: s.wrapper })
    act(() => result.current.start('discord'))
    act(() => s.showProvider())
    act(() => s.popupClosed())
    await waitFor(() => expect(result.current.step).toBe('error'))
    expect(result.current).toMatchObject({
      error: 'Popup closed',
      errorCode: { code: 'popupClosed', message: 'Popup closed' },
      popupClosed: true,
      provider: 'discord',
    })
    expect(s.portico.connection.$error.get()).toBeNull()
    act(() => result.current.retry())
    expect(s.popups).toEqual(['discord', 'discord'])
    expect(result.current).toMatchObject({ step: 'popup', error: undefined, errorCode: undefined, popupClosed: false })
  })

  it('a second start while one is under way is ignored', async () => {
    const s = setup()
    await s.portico.ready
    const { result } = renderHook(() => useSocialLogin(), { wrapper: s.wrapper })
    act(() => result.current.start('discord'))
    act(() => result.current.start('github'))
    expect(s.popups).toEqual(['discord'])
  })

  it('one sign-in seen by every component: the Connect view starts it and unmounts, the waiting view follows it', async () => {
    const s = setup()
    await s.portico.ready
    const starter = renderHook(() => useSocialLogin(), { wrapper: s.wrapper })
    act(() => starter.result.current.start('discord'))
    starter.unmount()
    await act(async () => undefined)
    expect(s.answers).toEqual([]) // the starter does not cancel on unmount
    const view = renderHook(() => useSocialLogin({ cancelOnUnmount: true }), { wrapper: s.wrapper })
    expect(view.result.current).toMatchObject({ step: 'popup', provider: 'discord' })
    act(() => s.showProvider())
    expect(view.result.current.url).toBe(URL_D)
    // Leaving the waiting view gives the sign-in up: the connector is told, the popup closes.
    view.unmount()
    await waitFor(() => expect(s.answers).toEqual([{ kind: 'cancel' }]))
  })

  it('StrictMode: the double mount neither cancels nor starts twice', async () => {
    const s = setup(true)
    await s.portico.ready
    const { result } = renderHook(() => useSocialLogin({ cancelOnUnmount: true }), { wrapper: s.wrapper })
    act(() => result.current.start('discord'))
    await act(async () => undefined)
    expect(s.popups).toEqual(['discord'])
    expect(s.answers).toEqual([])
    expect(result.current.step).toBe('popup')
  })

  it('cancel before the connector prompted: given at its prompt; the state is idle at once', async () => {
    const s = setup()
    await s.portico.ready
    const { result } = renderHook(() => useSocialLogin(), { wrapper: s.wrapper })
    act(() => result.current.start('discord'))
    act(() => result.current.cancel())
    expect(result.current).toMatchObject({ step: 'idle', provider: 'discord' })
    expect(s.answers).toEqual([])
    act(() => s.showProvider())
    await waitFor(() => expect(s.answers).toEqual([{ kind: 'cancel' }]))
    expect(result.current.step).toBe('idle')
  })

  it('no auth connector: available false, start fails with "No auth connector found"', async () => {
    const portico = testPortico({
      adapters: [fakeAdapter('eip155')],
    })
    await portico.ready
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    const { result } = renderHook(() => useSocialLogin(), { wrapper })
    expect(result.current.available).toBe(false)
    act(() => result.current.start('google'))
    expect(result.current).toMatchObject({
      step: 'error',
      error: 'No auth connector found',
      errorCode: { code: 'noAuthConnector', message: 'No auth connector found' },
    })
  })
})
