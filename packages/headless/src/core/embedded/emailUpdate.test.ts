import { describe, expect, it } from 'vitest'
import {
  type EmailUpdateEvent,
  type EmailUpdateState,
  type EmailUpdateStep,
  initialEmailUpdateState,
  isSameEmail,
  reduceEmailUpdate,
} from './emailUpdate'

const NEW = 'new@mail.com'
const at = (step: EmailUpdateStep, extra: Partial<EmailUpdateState> = {}): EmailUpdateState => ({
  ...initialEmailUpdateState(NEW),
  step,
  ...extra,
})

describe('email update state machine', () => {
  it('a valid new email starts sending (trimmed); an invalid one or the current one stays idle with its text', () => {
    expect(reduceEmailUpdate(initialEmailUpdateState(), { type: 'submit', email: ' new@mail.com ', currentEmail: 'me@mail.com' })).toEqual(
      at('sending'),
    )
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
    [
      'the code to the current address is sent; resend after 30 s',
      at('sending'),
      { type: 'sent', action: 'VERIFY_PRIMARY_OTP', now: 1000 },
      { step: 'verifyPrimary', stage: 'primary', resendAvailableAt: 31_000 },
    ],
    [
      'a connector that skips the first code',
      at('sending'),
      { type: 'sent', action: 'VERIFY_SECONDARY_OTP', now: 0 },
      { step: 'verifySecondary', stage: 'secondary' },
    ],
    ['sent while idle is stale', at('idle'), { type: 'sent', action: 'VERIFY_PRIMARY_OTP', now: 0 }, 'same'],
    ['typing keeps digits only', at('verifyPrimary', { stage: 'primary' }), { type: 'code', code: '12 3a' }, { code: '123' }],
    ['typing outside a code step does nothing', at('sending'), { type: 'code', code: '1' }, 'same'],
    ['an incomplete code', at('verifySecondary', { code: '12' }), { type: 'otpInvalid' }, { error: 'The code is 6 digits' }],
    [
      'a code sent',
      at('verifyPrimary', { stage: 'primary', code: '123456' }),
      { type: 'otpSent' },
      { step: 'verifying', stage: 'primary' },
    ],
    [
      'the current address confirmed: the new address’s code, a fresh cooldown',
      at('verifying', { stage: 'primary', code: '123456', resendAvailableAt: 31_000 }),
      { type: 'primaryConfirmed', now: 40_000 },
      { step: 'verifySecondary', stage: 'secondary', code: '', resendAvailableAt: 70_000 },
    ],
    ['primaryConfirmed in the second step is stale', at('verifying', { stage: 'secondary' }), { type: 'primaryConfirmed', now: 0 }, 'same'],
    [
      'a refused first code: back to it, with the text',
      at('verifying', { stage: 'primary', code: '111111' }),
      { type: 'otpRejected', error: 'Invalid code. Try again.' },
      { step: 'verifyPrimary', code: '', error: 'Invalid code. Try again.' },
    ],
    [
      'a refused second code: back to it',
      at('verifying', { stage: 'secondary' }),
      { type: 'otpRejected', error: 'Invalid code. Try again.' },
      { step: 'verifySecondary' },
    ],
    [
      'the new address confirmed: done',
      at('verifying', { stage: 'secondary', code: '123456' }),
      { type: 'done', newEmail: NEW },
      { step: 'done', newEmail: NEW, code: '' },
    ],
    ['resend in a code step', at('verifySecondary', { stage: 'secondary' }), { type: 'resendStarted' }, { resending: true }],
    [
      'resent: the update starts over with the current address',
      at('verifySecondary', { stage: 'secondary', resending: true, code: '12' }),
      { type: 'resent', now: 100_000 },
      { step: 'verifyPrimary', stage: 'primary', resending: false, code: '', resendAvailableAt: 130_000 },
    ],
    [
      'a refused resend keeps the step, with the text',
      at('verifyPrimary', { stage: 'primary', resending: true }),
      { type: 'resendFailed', error: 'Too many requests' },
      { step: 'verifyPrimary', resending: false, error: 'Too many requests' },
    ],
    [
      'the update could not start',
      at('sending'),
      { type: 'failed', error: 'That email is already in use' },
      { step: 'error', error: 'That email is already in use' },
    ],
    [
      'cancel keeps the new email for editing',
      at('verifyPrimary', { stage: 'primary', code: '12' }),
      { type: 'cancelled' },
      { step: 'idle', newEmail: NEW, code: '', stage: undefined },
    ],
    ['cancel clears an error', at('error', { error: 'x' }), { type: 'cancelled' }, { step: 'idle', error: undefined }],
    ['cancel when done does nothing', at('done'), { type: 'cancelled' }, 'same'],
    ['submit while under way is ignored', at('verifyPrimary'), { type: 'submit', email: 'other@mail.com' }, 'same'],
  ])('%s', (_name, state, event, expected) => {
    const next = reduceEmailUpdate(state, event)
    if (expected === 'same') expect(next).toBe(state)
    else expect(next).toEqual({ ...next, ...expected })
  })
})
