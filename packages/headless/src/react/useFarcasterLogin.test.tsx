import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { AdapterContext, ConnectorAnswer, ConnectParams, ConnectResult } from '../adapters'
import { ADDRESS, fakeAdapter, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useFarcasterLogin } from './index'

const URL_F = 'https://warpcast.com/~/siwf?channelToken=chan-0123456789abcdef'

/** An auth connector like the embedded one: connect prompts `farcaster` with the channel URL and settles when the test says. */
function farcasterAdapter() {
  const adapter = fakeAdapter('eip155', [{ id: 'auth', name: 'Email', type: 'auth' }])
  const answers: ConnectorAnswer[] = []
  const connects: ConnectParams[] = []
  let ctx: AdapterContext | undefined
  let settle: { resolve: (r: ConnectResult) => void; reject: (e: unknown) => void } | undefined
  const setup = adapter.setup.bind(adapter)
  adapter.setup = (c) => {
    ctx = c
    return setup(c)
  }
  const prompt = (p: Parameters<AdapterContext['emit']>[1]) => ctx?.emit('auth', p)
  adapter.connect = (p: ConnectParams) => {
    connects.push(p)
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
    showUrl: () => prompt({ kind: 'prompt', prompt: { kind: 'farcaster', url: URL_F } }),
    connected: () => {
      prompt({ kind: 'prompt', prompt: undefined })
      settle?.resolve({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: 'ada', socialProvider: 'farcaster' })
    },
    failed: () => {
      prompt({ kind: 'prompt', prompt: undefined })
      settle?.reject(new Error('Failed to connect to farcaster'))
    },
  }
}

function setup(isMobile?: boolean) {
  const f = farcasterAdapter()
  const portico = testPortico({
    adapters: [f.adapter],
    fetch: (async () => new Response('{}')) as typeof fetch,
    ...(isMobile === undefined ? {} : { isMobile }),
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { ...f, portico, wrapper }
}

describe('useFarcasterLogin', () => {
  it('start → starting → waiting with the channel URL → connected (the connect asks for { kind: farcaster })', async () => {
    const s = setup()
    await s.portico.ready
    const { result } = renderHook(() => useFarcasterLogin(), { wrapper: s.wrapper })
    expect(result.current).toMatchObject({ step: 'idle', available: true, isMobile: false })
    expect(result.current.url).toBeUndefined()
    act(() => result.current.start())
    expect(result.current.step).toBe('starting')
    expect(s.connects.map((c) => c.auth)).toEqual([{ kind: 'farcaster' }])
    act(() => s.showUrl())
    expect(result.current).toMatchObject({ step: 'waiting', url: URL_F })
    // SPEC §3: the account state's farcasterUrl while the channel is shown.
    expect(s.portico.chain.getAccount('eip155')?.farcasterUrl).toBe(URL_F)
    act(() => s.connected())
    await waitFor(() => expect(result.current.step).toBe('connected'))
    expect(result.current.url).toBeUndefined()
    expect(s.portico.chain.getAccount('eip155')?.farcasterUrl).toBeUndefined()
  })

  it('a failure → error "Failed to connect to farcaster"; retry opens a new channel', async () => {
    const s = setup()
    await s.portico.ready
    const { result } = renderHook(() => useFarcasterLogin({ startOnMount: true }), { wrapper: s.wrapper })
    await waitFor(() => expect(result.current.step).toBe('starting'))
    act(() => s.showUrl())
    act(() => s.failed())
    await waitFor(() =>
      expect(result.current).toMatchObject({
        step: 'error',
        error: 'Failed to connect to farcaster',
        errorCode: { code: 'farcasterConnection', message: 'Failed to connect to farcaster' },
      }),
    )
    act(() => result.current.retry())
    expect(result.current.step).toBe('starting')
    expect(result.current.error).toBeUndefined()
    expect(s.connects).toHaveLength(2)
  })

  it('cancel (or leaving the view) answers the prompt with cancel; back to idle', async () => {
    const s = setup(true)
    await s.portico.ready
    const { result, unmount } = renderHook(() => useFarcasterLogin({ startOnMount: true }), { wrapper: s.wrapper })
    expect(result.current.isMobile).toBe(true)
    await waitFor(() => expect(result.current.step).toBe('starting'))
    act(() => s.showUrl())
    unmount()
    await waitFor(() => expect(s.answers).toEqual([{ kind: 'cancel' }]))
  })
})
