import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { TwoFactorState, ViewportRect } from '../adapters'
import { ADDRESS, fakeAdapter, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useExportKey, useTwoFactor } from './index'

const STEP_UP_REQUIRED = 'Confirm with your second factor first'

/** An auth connector whose TOTP takes 123456 (and nothing else), and whose frame shows keys after a step-up. */
async function setup() {
  const adapter = fakeAdapter('eip155', [{ id: 'auth', name: 'Email', type: 'auth' }])
  adapter.connectImpl = async () => ({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: 'me@mail.com' })
  const calls: string[] = []
  let state: TwoFactorState = { totp: 'off', passkey: false, stepUp: false }
  adapter.getTwoFactor = async () => {
    calls.push('get')
    return state
  }
  // The set-up shows in the connector's frame over the rect; nothing of it comes back.
  adapter.enrollTotp = async ({ rect }) => {
    calls.push(`enroll ${JSON.stringify(rect)}`)
    state = { totp: 'pending', passkey: state.passkey, stepUp: false }
  }
  adapter.hideTotpEnrollment = async () => void calls.push('hide enrollment')
  adapter.submitTotp = async ({ action, code }) => {
    calls.push(`${action} ${code}`)
    if (code !== '123456') throw new Error('Invalid code. Check your authenticator app and try again.')
    state =
      action === 'remove'
        ? { totp: 'off', passkey: state.passkey, stepUp: state.stepUp }
        : { totp: 'on', passkey: state.passkey, stepUp: true }
    return state
  }
  adapter.stepUpPasskey = async () => {
    calls.push('passkey')
    if (!state.passkey) throw new Error('You have no passkey. Add one first.')
    state = { ...state, stepUp: true }
    return state
  }
  adapter.showKeyExport = async ({ kind, rect }) => {
    calls.push(`show ${kind} ${JSON.stringify(rect)}`)
    if (!state.stepUp) throw new Error(STEP_UP_REQUIRED)
  }
  adapter.hideKeyExport = async () => void calls.push('hide')
  const portico = testPortico({ adapters: [adapter], fetch: (async () => new Response('{}')) as typeof fetch })
  await portico.ready
  await portico.connection.connect('auth')
  const accepted: string[] = []
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  const hook = renderHook(() => ({ twoFactor: useTwoFactor({ onAccepted: (a) => accepted.push(a) }), exportKey: useExportKey() }), {
    wrapper,
  })
  return {
    ...hook,
    calls,
    accepted,
    setStepUp: (stepUp: boolean) => (state = { ...state, stepUp }),
    setPasskey: (passkey: boolean) => (state = { ...state, passkey }),
  }
}

const RECT: ViewportRect = { left: 10, top: 120, width: 340, height: 220 }

describe('useTwoFactor', () => {
  it('off → enroll (shown in the frame over the rect; nothing of it in the hook) → a wrong code (the connector text, coded) → the right one: verified', async () => {
    const { result, calls, accepted } = await setup()
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('off'))
    act(() => result.current.twoFactor.enroll(RECT))
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('enroll'))
    expect(JSON.stringify(result.current.twoFactor)).not.toMatch(/otpauth|secret/i)
    // Not 6 digits: coded, nothing sent.
    act(() => result.current.twoFactor.setCode('12 34'))
    expect(result.current.twoFactor.code).toBe('1234')
    act(() => result.current.twoFactor.submit())
    expect(result.current.twoFactor.errorCode).toEqual({ code: 'invalidOtp', message: 'The code is 6 digits' })
    act(() => result.current.twoFactor.submit({ code: '000000' }))
    await waitFor(() =>
      expect(result.current.twoFactor.errorCode).toEqual({
        code: 'otherError',
        params: { detail: 'Invalid code. Check your authenticator app and try again.' },
        message: 'Invalid code. Check your authenticator app and try again.',
      }),
    )
    expect(result.current.twoFactor.phase).toBe('enroll')
    act(() => result.current.twoFactor.setCode('123-456'))
    act(() => result.current.twoFactor.submit())
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('verified'))
    expect(result.current.twoFactor).toMatchObject({ state: { totp: 'on', stepUp: true }, code: '', busy: false })
    expect(result.current.twoFactor.errorCode).toBeUndefined()
    expect(calls).toEqual(['get', `enroll ${JSON.stringify(RECT)}`, 'confirm 000000', 'confirm 123456'])
    expect(accepted).toEqual(['confirm'])
  })

  it('on: verify steps up; remove turns it off', async () => {
    const { result, calls, accepted } = await setup()
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('off'))
    act(() => result.current.twoFactor.enroll(RECT))
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('enroll'))
    act(() => result.current.twoFactor.submit({ code: '123456' }))
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('verified'))
    act(() => result.current.twoFactor.submit({ action: 'remove', code: '123456' }))
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('off'))
    expect(calls.slice(-1)).toEqual(['remove 123456'])
    expect(accepted).toEqual(['confirm', 'remove'])
  })
})

describe('useTwoFactor: the set-up off screen', () => {
  it('hideEnrollment, and leaving mid-set-up, take it off the frame; a confirmed code does not need to', async () => {
    const { result, calls, unmount } = await setup()
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('off'))
    act(() => result.current.twoFactor.enroll(RECT))
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('enroll'))
    act(() => result.current.twoFactor.hideEnrollment())
    expect(result.current.twoFactor.phase).toBe('off')
    await waitFor(() => expect(calls.at(-1)).toBe('hide enrollment'))
    act(() => result.current.twoFactor.enroll(RECT))
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('enroll'))
    unmount()
    await waitFor(() => expect(calls.at(-1)).toBe('hide enrollment'))
    expect(calls.filter((c) => c === 'hide enrollment')).toHaveLength(2)
  })
})

describe('useExportKey', () => {
  it('without a step-up: the connector refuses, coded; after one: shown over the box; hide asks the frame to take it away', async () => {
    const { result, calls, setStepUp } = await setup()
    await waitFor(() => expect(result.current.exportKey.phase).toBe('idle'))
    act(() => result.current.exportKey.show('evm', RECT))
    expect(result.current.exportKey).toMatchObject({ phase: 'opening', kind: 'evm' })
    await waitFor(() => expect(result.current.exportKey.errorCode?.params).toEqual({ detail: STEP_UP_REQUIRED }))
    expect(result.current.exportKey.phase).toBe('idle')
    setStepUp(true)
    act(() => result.current.exportKey.show('solana', RECT))
    await waitFor(() => expect(result.current.exportKey).toMatchObject({ phase: 'shown', kind: 'solana' }))
    expect(result.current.exportKey.errorCode).toBeUndefined()
    act(() => result.current.exportKey.hide())
    expect(result.current.exportKey.phase).toBe('idle')
    await waitFor(() => expect(calls.slice(-1)).toEqual(['hide']))
    expect(calls.filter((c) => c.startsWith('show'))).toEqual([`show evm ${JSON.stringify(RECT)}`, `show solana ${JSON.stringify(RECT)}`])
  })

  it('unmounting while shown takes the key off screen', async () => {
    const { result, calls, setStepUp, unmount } = await setup()
    setStepUp(true)
    await waitFor(() => expect(result.current.exportKey.phase).toBe('idle'))
    act(() => result.current.exportKey.show('evm', RECT))
    await waitFor(() => expect(result.current.exportKey.phase).toBe('shown'))
    unmount()
    await waitFor(() => expect(calls.slice(-1)).toEqual(['hide']))
  })

  it('a user with a passkey and no TOTP: phase off, canUsePasskey; the passkey steps up (verified) and the export goes on', async () => {
    const { result, calls, setPasskey } = await setup()
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('off'))
    expect(result.current.twoFactor.canUsePasskey).toBe(false)
    // Without a passkey the call does nothing.
    act(() => result.current.twoFactor.stepUpWithPasskey())
    expect(calls).not.toContain('passkey')
    setPasskey(true)
    act(() => result.current.twoFactor.refresh())
    await waitFor(() => expect(result.current.twoFactor.canUsePasskey).toBe(true))
    expect(result.current.twoFactor.phase).toBe('off')
    act(() => result.current.twoFactor.stepUpWithPasskey())
    await waitFor(() => expect(result.current.twoFactor.phase).toBe('verified'))
    expect(result.current.twoFactor.state).toEqual({ totp: 'off', passkey: true, stepUp: true })
    act(() => result.current.exportKey.show('evm', RECT))
    await waitFor(() => expect(result.current.exportKey.phase).toBe('shown'))
    expect(calls.filter((c) => c === 'passkey')).toEqual(['passkey'])
  })
})
