import { act, renderHook, waitFor } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import type { AdapterContext, ConnectorAnswer, ConnectResult } from '../adapters'
import { ADDRESS, fakeAdapter, mainnet, manualTimers, mapStorage, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useEmailLogin, useEmbeddedAccount } from './index'

const EMAIL = 'me@mail.com'

/**
 * An auth connector like the embedded one: connect emails a device link (a new device) or a code,
 * waits for the answers, resolves once the right code (123456) comes; a wrong code is refused with
 * 'Invalid code' and may be tried again.
 */
function authAdapter(opts: { newDevice?: boolean; failWith?: Error } = {}) {
  const adapter = fakeAdapter('eip155', [
    { id: 'auth', name: 'Email', type: 'auth' },
    { id: 'io.metamask', name: 'MetaMask', type: 'announced' },
  ])
  const answers: ConnectorAnswer[] = []
  const connects: unknown[] = []
  let ctx: AdapterContext | undefined
  let settle: { resolve: (r: ConnectResult) => void; reject: (e: unknown) => void } | undefined
  const setup = adapter.setup.bind(adapter)
  adapter.setup = (c) => {
    ctx = c
    return setup(c)
  }
  const prompt = (p: Parameters<AdapterContext['emit']>[1]) => ctx?.emit('auth', p)
  adapter.connectImpl = (p) => {
    connects.push(p)
    if (p.connectorId !== 'auth') return Promise.resolve({ address: ADDRESS, chainId: 1, accounts: [ADDRESS] })
    if (opts.failWith) return Promise.reject(opts.failWith)
    return new Promise((resolve, reject) => {
      settle = { resolve, reject }
      queueMicrotask(() => prompt({ kind: 'prompt', prompt: { kind: opts.newDevice ? 'verifyDevice' : 'verifyOtp', email: EMAIL } }))
    })
  }
  adapter.respond = async ({ answer }) => {
    answers.push(answer)
    if (answer.kind === 'cancel') {
      prompt({ kind: 'prompt', prompt: undefined })
      settle?.reject(Object.assign(new Error('User rejected the request'), { code: 4001 }))
      return
    }
    if (answer.kind === 'resend') return
    if (answer.code !== '123456') throw new Error('Invalid code')
    prompt({ kind: 'prompt', prompt: undefined })
    queueMicrotask(() =>
      settle?.resolve({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: EMAIL, accountType: 'smartAccount' }),
    )
  }
  /** The device link was opened: the code is emailed next. */
  const approveDevice = () => prompt({ kind: 'prompt', prompt: { kind: 'verifyOtp', email: EMAIL } })
  return { adapter, answers, connects, approveDevice }
}

function setup(opts: Parameters<typeof authAdapter>[0] = {}, strict = false) {
  const auth = authAdapter(opts)
  const timers = manualTimers(1_000_000)
  const storage = mapStorage()
  const portico = testPortico({
    adapters: [auth.adapter],
    storage,
    timers,
    fetch: (async () => new Response('{}')) as typeof fetch,
  })
  const wrapper = ({ children }: { children: ReactNode }) => {
    const tree = <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    return strict ? <StrictMode>{tree}</StrictMode> : tree
  }
  return { ...auth, portico, timers, storage, wrapper }
}

describe('useEmailLogin', () => {
  it('an invalid email: "Invalid email. Try again." and no call to the connector', async () => {
    const { portico, wrapper, connects } = setup()
    await portico.ready
    const { result } = renderHook(() => useEmailLogin(), { wrapper })
    expect(result.current).toMatchObject({ step: 'idle', email: '', available: true, secondsLeft: 0, canResend: false })
    act(() => result.current.submitEmail('me@mail'))
    expect(result.current).toMatchObject({
      step: 'idle',
      email: 'me@mail',
      error: 'Invalid email. Try again.',
      errorCode: { code: 'invalidEmail', message: 'Invalid email. Try again.' },
    })
    expect(connects).toEqual([])
  })

  it('a known device: the code step, a wrong code shows the connector’s text, the right one connects', async () => {
    const { portico, wrapper, answers, connects, storage } = setup()
    await portico.ready
    const { result } = renderHook(() => ({ login: useEmailLogin(), account: useEmbeddedAccount() }), { wrapper })
    act(() => result.current.login.submitEmail(' me@mail.com '))
    expect(result.current.login.step).toBe('sending')
    expect(connects).toEqual([{ connectorId: 'auth', network: mainnet, signal: undefined, auth: { kind: 'email', email: EMAIL } }])
    await waitFor(() => expect(result.current.login.step).toBe('verifyOtp'))
    expect(result.current.login).toMatchObject({ email: EMAIL, secondsLeft: 30, canResend: false, code: '' })

    // A wrong code, pasted with a space: sent at 6 digits, refused, the field emptied for another try.
    act(() => result.current.login.setCode('000 000'))
    expect(result.current.login.step).toBe('verifying')
    await waitFor(() => expect(result.current.login.step).toBe('verifyOtp'))
    expect(result.current.login).toMatchObject({
      error: 'Invalid code',
      errorCode: { code: 'otherError', params: { detail: 'Invalid code' }, message: 'Invalid code' },
      code: '',
    })

    act(() => result.current.login.setCode('123'))
    expect(result.current.login).toMatchObject({ step: 'verifyOtp', code: '123', error: undefined })
    act(() => result.current.login.submitOtp())
    expect(result.current.login.error).toBe('The code is 6 digits')
    expect(result.current.login.errorCode).toEqual({ code: 'invalidOtp', message: 'The code is 6 digits' })
    act(() => result.current.login.setCode('123456'))
    await waitFor(() => expect(result.current.login.step).toBe('connected'))
    expect(answers).toEqual([
      { kind: 'otp', code: '000000' },
      { kind: 'otp', code: '123456' },
    ])
    expect(portico.router.$route.get().view).toBe('Account')
    expect(result.current.account).toMatchObject({
      isEmbedded: true,
      connectorId: 'auth',
      email: EMAIL,
      authName: EMAIL,
      displayName: EMAIL,
      accountType: 'smartAccount',
    })
    expect(storage.map.get('portico:connectedEmail')).toBe(JSON.stringify(EMAIL))
  })

  it('a new device: "approve this device" until the link is opened, then the code', async () => {
    const { portico, wrapper, approveDevice } = setup({ newDevice: true })
    await portico.ready
    const { result } = renderHook(() => useEmailLogin(), { wrapper })
    act(() => result.current.submitEmail(EMAIL))
    await waitFor(() => expect(result.current.step).toBe('verifyDevice'))
    expect(result.current.canResend).toBe(false)
    act(() => approveDevice())
    expect(result.current).toMatchObject({ step: 'verifyOtp', secondsLeft: 30 })
  })

  it('resend: counts down from 30 s, allowed at 0, then a new 30 s', async () => {
    const { portico, wrapper, answers, timers } = setup()
    await portico.ready
    const { result } = renderHook(() => useEmailLogin(), { wrapper })
    act(() => result.current.submitEmail(EMAIL))
    await waitFor(() => expect(result.current.step).toBe('verifyOtp'))
    act(() => result.current.resend())
    expect(answers).toEqual([])
    act(() => timers.advance(3_000))
    expect(result.current.secondsLeft).toBe(27)
    act(() => timers.advance(26_999))
    expect(result.current).toMatchObject({ secondsLeft: 1, canResend: false })
    act(() => timers.advance(1))
    expect(result.current).toMatchObject({ secondsLeft: 0, canResend: true })
    act(() => result.current.resend())
    expect(result.current.resending).toBe(true)
    await waitFor(() => expect(result.current.resending).toBe(false))
    expect(answers).toEqual([{ kind: 'resend' }])
    expect(result.current).toMatchObject({ secondsLeft: 30, canResend: false, step: 'verifyOtp' })
  })

  it('cancel answers the connector, goes back to idle and leaves no connection error', async () => {
    const { portico, wrapper, answers } = setup()
    await portico.ready
    const { result } = renderHook(() => useEmailLogin(), { wrapper })
    act(() => result.current.submitEmail(EMAIL))
    await waitFor(() => expect(result.current.step).toBe('verifyOtp'))
    act(() => result.current.cancel())
    expect(result.current).toMatchObject({ step: 'idle', email: EMAIL, error: undefined })
    expect(answers).toEqual([{ kind: 'cancel' }])
    await waitFor(() => expect(portico.connection.$connecting.get()).toBeNull())
    expect(portico.connection.$error.get()).toBeNull()
    expect(portico.chain.$account.get().status).toBe('disconnected')
  })

  it("a failed connect: the frame's text (the cause of 'Failed to connect'), then retry signs in again with the same email", async () => {
    const failing = setup({ failWith: new Error('Unable to load email login dependency') })
    await failing.portico.ready
    const { result } = renderHook(() => useEmailLogin(), { wrapper: failing.wrapper })
    act(() => result.current.submitEmail(EMAIL))
    await waitFor(() => expect(result.current.step).toBe('error'))
    expect(result.current.error).toBe('Unable to load email login dependency')
    expect(result.current.errorCode).toEqual({ code: 'frameLoad', message: 'Unable to load email login dependency' })
    expect(failing.portico.connection.$error.get()).toBe('Failed to connect')
    act(() => result.current.retry())
    expect(result.current.step).toBe('sending')
    await waitFor(() => expect(result.current.step).toBe('error'))
    expect(failing.connects).toHaveLength(2)
  })

  it('the EmailLogin view: signs in with the route’s email once (StrictMode), gives up when unmounted', async () => {
    const { portico, wrapper, connects, answers } = setup({}, true)
    await portico.ready
    portico.router.push('EmailLogin', { email: EMAIL })
    const { result, unmount } = renderHook(() => useEmailLogin({ submitOnMount: true }), { wrapper })
    await waitFor(() => expect(result.current.step).toBe('verifyOtp'))
    expect(connects).toHaveLength(1)
    expect(answers).toEqual([])
    unmount()
    await waitFor(() => expect(answers).toEqual([{ kind: 'cancel' }]))
    await waitFor(() => expect(portico.connection.$connecting.get()).toBeNull())
    expect(portico.connection.$error.get()).toBeNull()
  })

  it('no auth connector: "No auth connector found"', async () => {
    const portico = testPortico({
      adapters: [fakeAdapter()],
    })
    await portico.ready
    const { result } = renderHook(() => useEmailLogin(), {
      wrapper: ({ children }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>,
    })
    expect(result.current.available).toBe(false)
    act(() => result.current.submitEmail(EMAIL))
    expect(result.current).toMatchObject({
      step: 'error',
      error: 'No auth connector found',
      errorCode: { code: 'noAuthConnector', message: 'No auth connector found' },
    })
  })
})
