import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { EmailUpdateConfirmation } from '../adapters'
import { ADDRESS, fakeAdapter, manualTimers, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useEmbeddedAccount, useUpdateEmail } from './index'

const OLD = 'me@mail.com'
const NEW = 'new@mail.com'

/** An auth connector whose update mails 111111 to the current address and 222222 to the new one. */
async function setup(opts: { updateFails?: Error; connectorId?: 'auth' | 'io.metamask' } = {}) {
  const adapter = fakeAdapter('eip155', [
    { id: 'auth', name: 'Email', type: 'auth' },
    { id: 'io.metamask', name: 'MetaMask', type: 'announced' },
  ])
  adapter.connectImpl = async (p) => ({
    address: ADDRESS,
    chainId: 1,
    accounts: [ADDRESS],
    ...(p.connectorId === 'auth' ? { authName: OLD } : {}),
  })
  const calls: string[] = []
  adapter.updateEmail = async ({ email }) => {
    calls.push(`update ${email}`)
    if (opts.updateFails) throw opts.updateFails
    return { action: 'VERIFY_PRIMARY_OTP' }
  }
  adapter.confirmEmailUpdate = async ({ step, otp }): Promise<EmailUpdateConfirmation> => {
    calls.push(`${step} ${otp}`)
    if (step === 'primary' && otp === '111111') return { action: 'VERIFY_SECONDARY_OTP' }
    if (step === 'secondary' && otp === '222222') return { newEmail: NEW }
    throw new Error('Invalid code. Try again.')
  }
  const timers = manualTimers(1_000_000)
  const portico = testPortico({
    adapters: [adapter],
    timers,
    fetch: (async () => new Response('{}')) as typeof fetch,
  })
  await portico.ready
  await portico.connection.connect(opts.connectorId ?? 'auth')
  const done: string[] = []
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  const { result } = renderHook(() => ({ update: useUpdateEmail({ onDone: (e) => done.push(e) }), account: useEmbeddedAccount() }), {
    wrapper,
  })
  return { result, calls, timers, done, portico }
}

describe('useUpdateEmail', () => {
  it('the new email, the code to the current address, the code to the new one: done, the account shows the new email', async () => {
    const { result, calls, done } = await setup()
    // available once the embedded account flow (a lazy chunk) is loaded
    await waitFor(() =>
      expect(result.current.update).toMatchObject({ step: 'idle', currentEmail: OLD, available: true, newEmail: '', code: '' }),
    )
    act(() => result.current.update.submitEmail(` ${NEW} `))
    expect(result.current.update.step).toBe('sending')
    await waitFor(() => expect(result.current.update.step).toBe('verifyPrimary'))
    expect(result.current.update).toMatchObject({ newEmail: NEW, secondsLeft: 30, canResend: false })
    // A wrong code: refused with the connector's text, the field emptied.
    act(() => result.current.update.setCode('000 000'))
    await waitFor(() => expect(result.current.update).toMatchObject({ step: 'verifyPrimary', code: '', error: 'Invalid code. Try again.' }))
    // Typing sends at the sixth digit.
    act(() => result.current.update.setCode('11111'))
    expect(result.current.update.step).toBe('verifyPrimary')
    act(() => result.current.update.setCode('111111'))
    expect(result.current.update.step).toBe('verifying')
    await waitFor(() => expect(result.current.update.step).toBe('verifySecondary'))
    expect(result.current.update.error).toBeUndefined()
    act(() => result.current.update.setCode('Code: 22-22-22'))
    await waitFor(() => expect(result.current.update.step).toBe('done'))
    expect(result.current.update).toMatchObject({ newEmail: NEW, currentEmail: NEW })
    expect(result.current.account).toMatchObject({ email: NEW, authName: NEW, displayName: NEW })
    expect(done).toEqual([NEW])
    expect(calls).toEqual([`update ${NEW}`, 'primary 000000', 'primary 111111', 'secondary 222222'])
  })

  it.each([
    ['not an email', 'me@mail', 'Invalid email. Try again.', 'invalidEmail'],
    ['the current email', 'ME@mail.com', 'That is already your email', 'sameEmail'],
  ])('%s: refused before any call', async (_name, email, error, code) => {
    const { result, calls } = await setup()
    act(() => result.current.update.submitEmail(email))
    expect(result.current.update).toMatchObject({ step: 'idle', error, errorCode: { code, message: error } })
    expect(calls).toEqual([])
  })

  it('resend waits for the 30 s cooldown, then starts over with a new code to the current address', async () => {
    const { result, calls, timers } = await setup()
    act(() => result.current.update.submitEmail(NEW))
    await waitFor(() => expect(result.current.update.step).toBe('verifyPrimary'))
    act(() => result.current.update.resend())
    expect(calls).toEqual([`update ${NEW}`])
    act(() => timers.advance(10_000))
    expect(result.current.update.secondsLeft).toBe(20)
    act(() => timers.advance(20_000))
    expect(result.current.update).toMatchObject({ secondsLeft: 0, canResend: true })
    act(() => result.current.update.setCode('111111'))
    await waitFor(() => expect(result.current.update.step).toBe('verifySecondary'))
    expect(result.current.update.canResend).toBe(false)
    act(() => timers.advance(30_000))
    act(() => result.current.update.resend())
    expect(result.current.update.resending).toBe(true)
    await waitFor(() => expect(result.current.update).toMatchObject({ step: 'verifyPrimary', resending: false, secondsLeft: 30 }))
    expect(calls).toEqual([`update ${NEW}`, 'primary 111111', `update ${NEW}`])
  })

  it('a refused update: error with its text; retry starts again; cancel goes back to the field with the email kept', async () => {
    const { result, calls } = await setup({ updateFails: new Error('That email is already in use') })
    act(() => result.current.update.submitEmail(NEW))
    await waitFor(() =>
      expect(result.current.update).toMatchObject({
        step: 'error',
        error: 'That email is already in use',
        errorCode: { code: 'otherError', params: { detail: 'That email is already in use' }, message: 'That email is already in use' },
      }),
    )
    act(() => result.current.update.retry())
    await waitFor(() => expect(result.current.update.step).toBe('error'))
    expect(calls).toEqual([`update ${NEW}`, `update ${NEW}`])
    act(() => result.current.update.cancel())
    expect(result.current.update).toMatchObject({ step: 'idle', newEmail: NEW, error: undefined })
  })

  it('cancel during a code check: its answer is ignored', async () => {
    const { result } = await setup()
    act(() => result.current.update.submitEmail(NEW))
    await waitFor(() => expect(result.current.update.step).toBe('verifyPrimary'))
    act(() => result.current.update.setCode('111111'))
    act(() => result.current.update.cancel())
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10))
    })
    expect(result.current.update.step).toBe('idle')
  })

  it('a wallet account: not available', async () => {
    const { result } = await setup({ connectorId: 'io.metamask' })
    expect(result.current.update).toMatchObject({ available: false, currentEmail: undefined })
    expect(result.current.account.canUpdateEmail).toBe(false)
  })
})
