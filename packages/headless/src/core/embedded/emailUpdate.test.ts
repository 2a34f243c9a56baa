import { describe, expect, it } from 'vitest'
import type { EmailUpdateConfirmation } from '../../adapters'
import { createPortico } from '../portico'
import { ADDRESS, fakeAdapter, mainnet, mapStorage } from '../test-utils'
import { type EmailUpdateEvent, type EmailUpdateState, type EmailUpdateStep, initialEmailUpdateState, isSameEmail, reduceEmailUpdate } from './emailUpdate'

const NEW = 'new@mail.com'
const at = (step: EmailUpdateStep, extra: Partial<EmailUpdateState> = {}): EmailUpdateState => ({ ...initialEmailUpdateState(NEW), step, ...extra })

describe('email update state machine', () => {
  it('a valid new email starts sending (trimmed); an invalid one or the current one stays idle with its text', () => {
    expect(reduceEmailUpdate(initialEmailUpdateState(), { type: 'submit', email: ' new@mail.com ', currentEmail: 'me@mail.com' })).toEqual(at('sending'))
    expect(reduceEmailUpdate(initialEmailUpdateState(), { type: 'submit', email: 'new@mail', currentEmail: 'me@mail.com' })).toEqual({
      ...initialEmailUpdateState('new@mail'),
      error: 'Invalid email. Try again.',
    })
    expect(reduceEmailUpdate(initialEmailUpdateState(), { type: 'submit', email: 'Me@Mail.com', currentEmail: 'me@mail.com' })).toEqual({
      ...initialEmailUpdateState('Me@Mail.com'),
      error: 'That is already your email',
    })
  })

  it.each<[string, string, string | undefined, boolean]>([
    ['same', 'a@b.co', 'a@b.co', true],
    ['case and spaces', ' A@B.co ', 'a@b.co', true],
    ['different', 'a@b.co', 'c@b.co', false],
    ['no current email', 'a@b.co', undefined, false],
  ])('isSameEmail: %s', (_n, email, current, expected) => expect(isSameEmail(email, current)).toBe(expected))

  it.each<[string, EmailUpdateState, EmailUpdateEvent, Partial<EmailUpdateState> | 'same']>([
    ['the code to the current address is sent; resend after 30 s', at('sending'), { type: 'sent', action: 'VERIFY_PRIMARY_OTP', now: 1000 }, { step: 'verifyPrimary', stage: 'primary', resendAvailableAt: 31_000 }],
    ['a connector that skips the first code', at('sending'), { type: 'sent', action: 'VERIFY_SECONDARY_OTP', now: 0 }, { step: 'verifySecondary', stage: 'secondary' }],
    ['sent while idle is stale', at('idle'), { type: 'sent', action: 'VERIFY_PRIMARY_OTP', now: 0 }, 'same'],
    ['typing keeps digits only', at('verifyPrimary', { stage: 'primary' }), { type: 'code', code: '12 3a' }, { code: '123' }],
    ['typing outside a code step does nothing', at('sending'), { type: 'code', code: '1' }, 'same'],
    ['an incomplete code', at('verifySecondary', { code: '12' }), { type: 'otpInvalid' }, { error: 'The code is 6 digits' }],
    ['a code sent', at('verifyPrimary', { stage: 'primary', code: '123456' }), { type: 'otpSent' }, { step: 'verifying', stage: 'primary' }],
    [
      'the current address confirmed: the new address’s code, a fresh cooldown',
      at('verifying', { stage: 'primary', code: '123456', resendAvailableAt: 31_000 }),
      { type: 'primaryConfirmed', now: 40_000 },
      { step: 'verifySecondary', stage: 'secondary', code: '', resendAvailableAt: 70_000 },
    ],
    ['primaryConfirmed in the second step is stale', at('verifying', { stage: 'secondary' }), { type: 'primaryConfirmed', now: 0 }, 'same'],
    ['a refused first code: back to it, with the text', at('verifying', { stage: 'primary', code: '111111' }), { type: 'otpRejected', error: 'Invalid code. Try again.' }, { step: 'verifyPrimary', code: '', error: 'Invalid code. Try again.' }],
    ['a refused second code: back to it', at('verifying', { stage: 'secondary' }), { type: 'otpRejected', error: 'Invalid code. Try again.' }, { step: 'verifySecondary' }],
    ['the new address confirmed: done', at('verifying', { stage: 'secondary', code: '123456' }), { type: 'done', newEmail: NEW }, { step: 'done', newEmail: NEW, code: '' }],
    ['resend in a code step', at('verifySecondary', { stage: 'secondary' }), { type: 'resendStarted' }, { resending: true }],
    [
      'resent: the update starts over with the current address',
      at('verifySecondary', { stage: 'secondary', resending: true, code: '12' }),
      { type: 'resent', now: 100_000 },
      { step: 'verifyPrimary', stage: 'primary', resending: false, code: '', resendAvailableAt: 130_000 },
    ],
    ['a refused resend keeps the step, with the text', at('verifyPrimary', { stage: 'primary', resending: true }), { type: 'resendFailed', error: 'Too many requests' }, { step: 'verifyPrimary', resending: false, error: 'Too many requests' }],
    ['the update could not start', at('sending'), { type: 'failed', error: 'That email is already in use' }, { step: 'error', error: 'That email is already in use' }],
    ['cancel keeps the new email for editing', at('verifyPrimary', { stage: 'primary', code: '12' }), { type: 'cancelled' }, { step: 'idle', newEmail: NEW, code: '', stage: undefined }],
    ['cancel clears an error', at('error', { error: 'x' }), { type: 'cancelled' }, { step: 'idle', error: undefined }],
    ['cancel when done does nothing', at('done'), { type: 'cancelled' }, 'same'],
    ['submit while under way is ignored', at('verifyPrimary'), { type: 'submit', email: 'other@mail.com' }, 'same'],
  ])('%s', (_name, state, event, expected) => {
    const next = reduceEmailUpdate(state, event)
    if (expected === 'same') expect(next).toBe(state)
    else expect(next).toEqual({ ...next, ...expected })
  })
})

describe('connection.updateEmail / confirmEmailUpdate', () => {
  async function setup(withUpdate = true) {
    const adapter = fakeAdapter('eip155', [
      { id: 'auth', name: 'Email', type: 'auth' },
      { id: 'io.metamask', name: 'MetaMask', type: 'announced' },
    ])
    adapter.connectImpl = async (p) => ({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], ...(p.connectorId === 'auth' ? { authName: 'me@mail.com' } : {}) })
    const calls: unknown[] = []
    if (withUpdate) {
      adapter.updateEmail = async (p) => {
        calls.push(['update', p])
        return { action: 'VERIFY_PRIMARY_OTP' }
      }
      adapter.confirmEmailUpdate = async (p): Promise<EmailUpdateConfirmation> => {
        calls.push(['confirm', p])
        if (p.otp === '000000') throw new Error('Invalid code. Try again.')
        return p.step === 'primary' ? { action: 'VERIFY_SECONDARY_OTP' } : { newEmail: 'new@mail.com' }
      }
    }
    const portico = createPortico({ projectId: 'p', apiUrl: 'http://127.0.0.1:9', networks: [mainnet], adapters: [adapter], storage: mapStorage(), fetch: (async () => new Response('{}')) as typeof fetch })
    await portico.ready
    return { portico, calls }
  }

  it('goes to the auth connector of the connection; the new email becomes the auth name', async () => {
    const { portico, calls } = await setup()
    await portico.connection.connect('auth')
    expect(portico.connection.canUpdateEmail()).toBe(true)
    expect(await portico.connection.updateEmail('new@mail.com')).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    await expect(portico.connection.confirmEmailUpdate('primary', '000000')).rejects.toThrow('Invalid code. Try again.')
    expect(await portico.connection.confirmEmailUpdate('primary', '111111')).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(portico.connection.getConnection('eip155')?.authName).toBe('me@mail.com')
    expect(await portico.connection.confirmEmailUpdate('secondary', '222222')).toEqual({ newEmail: 'new@mail.com' })
    expect(portico.connection.getConnection('eip155')?.authName).toBe('new@mail.com')
    expect(calls).toEqual([
      ['update', { connectorId: 'auth', email: 'new@mail.com' }],
      ['confirm', { connectorId: 'auth', step: 'primary', otp: '000000' }],
      ['confirm', { connectorId: 'auth', step: 'primary', otp: '111111' }],
      ['confirm', { connectorId: 'auth', step: 'secondary', otp: '222222' }],
    ])
  })

  it("a wallet connection, or an auth connector without the capability: 'Not connected to email or social'", async () => {
    const { portico, calls } = await setup()
    await portico.connection.connect('io.metamask')
    expect(portico.connection.canUpdateEmail()).toBe(false)
    await expect(portico.connection.updateEmail('new@mail.com')).rejects.toThrow('Not connected to email or social')
    await expect(portico.connection.confirmEmailUpdate('primary', '111111')).rejects.toThrow('Not connected to email or social')
    expect(calls).toEqual([])
    const bare = await setup(false)
    await bare.portico.connection.connect('auth')
    expect(bare.portico.connection.canUpdateEmail()).toBe(false)
    await expect(bare.portico.connection.updateEmail('new@mail.com')).rejects.toThrow('Not connected to email or social')
  })
})
