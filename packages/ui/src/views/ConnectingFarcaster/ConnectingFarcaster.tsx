import { useFarcasterLogin } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { ConnectingFarcasterView } from './ConnectingFarcasterView'

/**
 * ConnectingFarcaster (SPEC §2): Sign In With Farcaster through the auth connector, started when the
 * view opens; the channel URL, the waiting state and the error come from useFarcasterLogin. Leaving
 * the view gives the sign-in up; success moves on to Account (headless connect does that).
 */
export function ConnectingFarcaster() {
  const messages = useMessages()
  const login = useFarcasterLogin({ startOnMount: true })
  return (
    <ConnectingFarcasterView
      url={login.url}
      isMobile={login.isMobile}
      error={codeText(login.errorCode, messages) || undefined}
      onRetry={login.retry}
    />
  )
}
