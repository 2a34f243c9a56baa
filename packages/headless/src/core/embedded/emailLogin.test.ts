import { describe, expect, it } from 'vitest'
import type { ConnectorAnswer, ConnectorPrompt } from '../../adapters'
import { createPortico } from '../portico'
import { fakeAdapter, mainnet, mapStorage } from '../test-utils'
import { type EmailLoginEvent, type EmailLoginState, type EmailLoginStep, initialEmailLoginState, reduceEmailLogin } from './emailLogin'

const EMAIL = 'me@mail.com'
const at = (step: EmailLoginStep, extra: Partial<EmailLoginState> = {}): EmailLoginState => ({
  ...initialEmailLoginState(EMAIL),
  step,
  ...extra,
})
const device: ConnectorPrompt = { kind: 'verifyDevice', email: EMAIL }
const otp: ConnectorPrompt = { kind: 'verifyOtp', email: EMAIL }
const run = (state: EmailLoginState, ...events: EmailLoginEvent[]) => events.reduce(reduceEmailLogin, state)

describe('email login state machine', () => {
  it('a valid email starts sending (trimmed); an invalid one stays idle with "Invalid email. Try again."', () => {
    expect(reduceEmailLogin(initialEmailLoginState(), { type: 'submit', email: '  me@mail.com ' })).toEqual(at('sending'))
    expect(reduceEmailLogin(initialEmailLoginState(), { type: 'submit', email: 'me@mail' })).toEqual({
      ...initialEmailLoginState('me@mail'),
      error: 'Invalid email. Try again.',
    })
  })

  it.each<[string, EmailLoginState, EmailLoginEvent, Partial<EmailLoginState> | 'same']>([
    // state, event, expected (fields) or the same object
    ['new device: the link is emailed', at('sending'), { type: 'prompt', prompt: device, now: 0 }, { step: 'verifyDevice' }],
    [
      'known device: a code is emailed, resend after 30 s',
      at('sending'),
      { type: 'prompt', prompt: otp, now: 1000 },
      { step: 'verifyOtp', resendAvailableAt: 31_000 },
    ],
    [
      'device approved, then the code',
      at('verifyDevice'),
      { type: 'prompt', prompt: otp, now: 5000 },
      { step: 'verifyOtp', resendAvailableAt: 35_000 },
    ],
    ['device approved, the code on its way', at('verifyDevice'), { type: 'prompt', prompt: undefined, now: 0 }, { step: 'sending' }],
    ['the code step is done: verifying', at('verifyOtp'), { type: 'prompt', prompt: undefined, now: 0 }, { step: 'verifying' }],
    [
      'asked for a code again after one was sent: the cooldown is kept',
      at('verifying', { resendAvailableAt: 31_000, code: '111111' }),
      { type: 'prompt', prompt: otp, now: 9000 },
      { step: 'verifyOtp', code: '', resendAvailableAt: 31_000 },
    ],
    ['a prompt while idle is stale', at('idle'), { type: 'prompt', prompt: otp, now: 0 }, 'same'],
    ['a prompt after an error is stale', at('error', { error: 'Failed to connect' }), { type: 'prompt', prompt: otp, now: 0 }, 'same'],
    [
      'a social prompt is not this flow’s',
      at('sending'),
      { type: 'prompt', prompt: { kind: 'social', provider: 'google' }, now: 0 },
      'same',
    ],
    ['typing keeps digits only', at('verifyOtp'), { type: 'code', code: '12 3a' }, { code: '123' }],
    [
      'typing clears a refused code’s error',
      at('verifyOtp', { error: 'Invalid code' }),
      { type: 'code', code: '1' },
      { code: '1', error: undefined },
    ],
    ['typing outside the code step does nothing', at('verifyDevice'), { type: 'code', code: '1' }, 'same'],
    ['an incomplete code', at('verifyOtp', { code: '123' }), { type: 'otpInvalid' }, { error: 'The code is 6 digits' }],
    ['a code sent', at('verifyOtp', { code: '123456', error: 'x' }), { type: 'otpSent' }, { step: 'verifying', error: undefined }],
    [
      'a code refused: its text, the field emptied',
      at('verifying', { code: '123456' }),
      { type: 'otpRejected', error: 'Invalid code' },
      { step: 'verifyOtp', code: '', error: 'Invalid code' },
    ],
    ['resend asked', at('verifyOtp', { error: 'Invalid code' }), { type: 'resendStarted' }, { resending: true, error: undefined }],
    [
      'resend done: a new cooldown',
      at('verifyOtp', { resending: true, resendAvailableAt: 31_000, code: '12' }),
      { type: 'resent', now: 40_000 },
      { resending: false, resendAvailableAt: 70_000, code: '' },
    ],
    [
      'resend refused',
      at('verifyOtp', { resending: true }),
      { type: 'resendFailed', error: 'Too many requests' },
      { resending: false, error: 'Too many requests' },
    ],
    ['connected from verifying', at('verifying'), { type: 'connected' }, { step: 'connected' }],
    ['connected at once (a live session)', at('sending'), { type: 'connected' }, { step: 'connected' }],
    [
      'the connect failed',
      at('verifyDevice'),
      { type: 'failed', error: 'Failed to connect' },
      { step: 'error', error: 'Failed to connect' },
    ],
    [
      "the provider's own 'Invalid email address': back to the form in the modal's words (issue 25 §4)",
      at('sending'),
      { type: 'failed', error: 'Invalid email address' },
      { step: 'idle', error: 'Invalid email. Try again.' },
    ],
    ['a late failure after connecting is ignored', at('connected'), { type: 'failed', error: 'Failed to connect' }, 'same'],
    [
      'cancelled: idle, the email kept',
      at('verifyOtp', { code: '12', resendAvailableAt: 1 }),
      { type: 'cancelled' },
      { step: 'idle', code: '', resendAvailableAt: undefined },
    ],
    ['cancel while idle does nothing', at('idle'), { type: 'cancelled' }, 'same'],
    ['a second submit while one is under way is ignored', at('verifyOtp'), { type: 'submit', email: 'other@mail.com' }, 'same'],
    [
      'submit again after an error: sending, the error gone',
      at('error', { error: 'Failed to connect' }),
      { type: 'submit', email: EMAIL },
      { step: 'sending', error: undefined },
    ],
  ])('%s', (_name, state, event, expected) => {
    const next = reduceEmailLogin(state, event)
    if (expected === 'same') expect(next).toBe(state)
    else expect(next).toEqual({ ...state, ...expected })
  })

  it('a whole login: device link, code, a wrong code, the right one', () => {
    const end = run(
      initialEmailLoginState(),
      { type: 'submit', email: EMAIL },
      { type: 'prompt', prompt: device, now: 0 },
      { type: 'prompt', prompt: otp, now: 10_000 },
      { type: 'code', code: '000000' },
      { type: 'otpSent' },
      { type: 'otpRejected', error: 'Invalid code' },
      { type: 'code', code: '123 456' },
      { type: 'otpSent' },
      { type: 'prompt', prompt: undefined, now: 12_000 },
      { type: 'connected' },
    )
    expect(end).toEqual({ step: 'connected', email: EMAIL, code: '', resending: false, error: undefined, resendAvailableAt: 40_000 })
  })
})

describe('connect with an email', () => {
  it('stores the email-login flag and the email, clears the last-login time (SPEC §4); a wallet connect does not', async () => {
    const storage = mapStorage({ 'portico:lastEmailLoginTime': '123' })
    const adapter = fakeAdapter('eip155', [
      { id: 'auth', name: 'Email', type: 'auth' },
      { id: 'io.metamask', name: 'MetaMask', type: 'announced' },
    ])
    const answers: ConnectorAnswer[] = []
    adapter.respond = async ({ answer }) => void answers.push(answer)
    const portico = createPortico({ projectId: 'p', networks: [mainnet], adapters: [adapter], storage, apiUrl: 'http://127.0.0.1:9' })
    await portico.ready
    await portico.connection.connect('io.metamask')
    expect(storage.map.has('portico:emailLoginUsed')).toBe(false)
    await portico.connection.connect('auth', { auth: { kind: 'email', email: EMAIL } })
    expect(JSON.parse(storage.map.get('portico:emailLoginUsed') ?? 'null')).toBe(true)
    expect(JSON.parse(storage.map.get('portico:connectedEmail') ?? 'null')).toBe(EMAIL)
    expect(storage.map.has('portico:lastEmailLoginTime')).toBe(false)
  })
})
