import { describe, expect, it } from 'vitest'
import type { ConnectorPrompt } from '../../adapters'
import { initialSocialLoginState, reduceSocialLogin, type SocialLoginEvent, type SocialLoginState } from './socialLogin'

const URL_G = 'http://127.0.0.1:4300/auth?provider=google'
const social: ConnectorPrompt = { kind: 'social', provider: 'google', url: URL_G }
const popup = (extra: Partial<SocialLoginState> = {}): SocialLoginState => ({ step: 'popup', provider: 'google', ...extra })

describe('social login state machine', () => {
  it.each<[string, SocialLoginState, SocialLoginEvent, SocialLoginState | 'same']>([
    ['start: the popup is open', initialSocialLoginState(), { type: 'start', provider: 'google' }, popup()],
    ['a second start while one is under way is ignored', popup(), { type: 'start', provider: 'github' }, 'same'],
    [
      'start again after an error: the error gone',
      { step: 'error', provider: 'google', error: 'Popup closed' },
      { type: 'start', provider: 'x' },
      { step: 'popup', provider: 'x' },
    ],
    [
      'start after connected (another account)',
      { step: 'connected', provider: 'google' },
      { type: 'start', provider: 'discord' },
      { step: 'popup', provider: 'discord' },
    ],
    ['the popup went to the provider', popup(), { type: 'prompt', prompt: social }, popup({ url: URL_G })],
    ['the same prompt again changes nothing', popup({ url: URL_G }), { type: 'prompt', prompt: social }, 'same'],
    ['no prompt yet (the URL is being asked for) is not "done"', popup(), { type: 'prompt', prompt: undefined }, 'same'],
    [
      'the prompt cleared after it was shown: connecting',
      popup({ url: URL_G }),
      { type: 'prompt', prompt: undefined },
      { step: 'connecting', provider: 'google', url: URL_G },
    ],
    [
      'another provider’s prompt is not this sign-in’s',
      popup(),
      { type: 'prompt', prompt: { kind: 'social', provider: 'x', url: 'u' } },
      'same',
    ],
    ['an email prompt is not this flow’s', popup(), { type: 'prompt', prompt: { kind: 'verifyOtp', email: 'a@b.co' } }, 'same'],
    ['a prompt while idle is stale', initialSocialLoginState(), { type: 'prompt', prompt: social }, 'same'],
    [
      'connected',
      { step: 'connecting', provider: 'google', url: URL_G },
      { type: 'connected', authName: 'ada' },
      { step: 'connected', provider: 'google', authName: 'ada' },
    ],
    ['connected at once from the popup step', popup(), { type: 'connected' }, { step: 'connected', provider: 'google' }],
    [
      'the popup closed: error',
      popup({ url: URL_G }),
      { type: 'failed', error: 'Popup closed' },
      { step: 'error', provider: 'google', error: 'Popup closed' },
    ],
    [
      'a failure while connecting',
      { step: 'connecting', provider: 'google' },
      { type: 'failed', error: 'Failed to connect' },
      { step: 'error', provider: 'google', error: 'Failed to connect' },
    ],
    [
      'a late failure after connecting is ignored',
      { step: 'connected', provider: 'google' },
      { type: 'failed', error: 'Failed to connect' },
      'same',
    ],
    ['cancelled: idle, the provider kept', popup({ url: URL_G }), { type: 'cancelled' }, { step: 'idle', provider: 'google' }],
    [
      'cancel after an error clears it',
      { step: 'error', provider: 'google', error: 'Popup closed' },
      { type: 'cancelled' },
      { step: 'idle', provider: 'google' },
    ],
    ['cancel while idle does nothing', initialSocialLoginState(), { type: 'cancelled' }, 'same'],
  ])('%s', (_name, state, event, expected) => {
    const next = reduceSocialLogin(state, event)
    if (expected === 'same') expect(next).toBe(state)
    else expect(next).toEqual(expected)
  })
})
