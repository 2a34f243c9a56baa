import type { SocialProvider } from '@portico/headless'
import { useRouter, useSocialLogin } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { ConnectingSocialView } from './ConnectingSocialView'

/**
 * The social sign-in's waiting view, shown on the ConnectingExternal route when it carries a
 * `socialProvider` (SPEC §2 has no view of its own for it). The Connect view's button started the
 * sign-in (the popup opened in that click); this view follows it, retries in a click, and leaving it
 * gives the sign-in up (the popup closes). Success moves on to Account (headless connect does that).
 */
export function ConnectingSocial() {
  const messages = useMessages()
  const { data } = useRouter()
  const routed = (data as { socialProvider?: SocialProvider } | undefined)?.socialProvider
  const login = useSocialLogin({ cancelOnUnmount: true })
  const provider = routed ?? login.provider
  if (!provider) return null
  return (
    <ConnectingSocialView
      provider={provider}
      // Another provider's sign-in (an earlier one) is not this view's: it offers to start this one.
      step={login.provider === provider ? login.step : 'idle'}
      error={codeText(login.errorCode, messages) || undefined}
      popupClosed={login.popupClosed}
      onRetry={login.retry}
      onStart={() => login.start(provider)}
    />
  )
}
