/**
 * The social sign-in as a state machine (SPEC §4 "Social sign-in": open a popup, wait for a message
 * from the trusted secure site, then connect; fails on popup close or an untrusted origin). Store-free
 * and pure: `useSocialLogin` feeds it what the user does and what the auth connector prompts
 * (`connection.$prompt`); a custom UI may drive it the same way.
 *
 *   idle ──start(provider)──▶ popup ──prompt social (url)──▶ popup (url) ──prompt cleared──▶ connecting
 *                               │                                 │                              │
 *                               └──────────failed────────────────┴──────────▶ error ◀──failed───┘
 *   connecting ──connected──▶ connected;  error ──start──▶ popup;  any active step ──cancelled──▶ idle
 */
import type { ConnectorPrompt } from '../../adapters'
import type { SocialProvider } from '../types'

/**
 * - idle: no sign-in under way;
 * - popup: the provider's window is open (first blank, then at `url`), waiting for the user there;
 * - connecting: the provider answered; the session is being set up;
 * - connected: signed in;
 * - error: the sign-in failed (`error` says why: 'Popup closed', 'Failed to initiate social connection' …).
 */
export type SocialLoginStep = 'idle' | 'popup' | 'connecting' | 'connected' | 'error'

export interface SocialLoginState {
  step: SocialLoginStep
  /** The provider of the sign-in under way, or of the last one. */
  provider?: SocialProvider
  /** The provider's page the popup was sent to (known once the connector prompts). */
  url?: string
  /** Why the last sign-in failed. */
  error?: string
  /** The signed-in user name (or email), once connected. */
  authName?: string
}

export type SocialLoginEvent =
  /** The user picked a provider (the popup opens in the same click). */
  | { type: 'start'; provider: SocialProvider }
  /** The auth connector's prompt changed (undefined: the step it asked for is done). */
  | { type: 'prompt'; prompt: ConnectorPrompt | undefined }
  | { type: 'connected'; authName?: string }
  | { type: 'failed'; error: string }
  | { type: 'cancelled' }

export const initialSocialLoginState = (): SocialLoginState => ({ step: 'idle' })

/** Steps during which a sign-in is under way (a connect is pending). */
export const SOCIAL_LOGIN_ACTIVE_STEPS: readonly SocialLoginStep[] = ['popup', 'connecting']
export const isSocialLoginActive = (step: SocialLoginStep): boolean => SOCIAL_LOGIN_ACTIVE_STEPS.includes(step)

/** The SPEC §8 text of a popup closed before the sign-in ended (the view offers Retry for it). */
export const POPUP_CLOSED = 'Popup closed'

/** The next state; events that do not apply in the current step leave it as it is (the same object). */
export function reduceSocialLogin(state: SocialLoginState, event: SocialLoginEvent): SocialLoginState {
  const active = isSocialLoginActive(state.step)
  switch (event.type) {
    case 'start':
      return active ? state : { step: 'popup', provider: event.provider }
    case 'prompt': {
      const { prompt } = event
      if (state.step !== 'popup') return state
      if (!prompt) return state.url ? { ...state, step: 'connecting' } : state
      if (prompt.kind !== 'social' || prompt.provider !== state.provider) return state
      return prompt.url === state.url ? state : { ...state, ...(prompt.url ? { url: prompt.url } : {}) }
    }
    case 'connected':
      return active ? { step: 'connected', provider: state.provider, ...(event.authName ? { authName: event.authName } : {}) } : state
    case 'failed':
      return active ? { step: 'error', provider: state.provider, error: event.error } : state
    case 'cancelled':
      return active || state.step === 'error' ? { step: 'idle', provider: state.provider } : state
  }
}
