import { useConnector, useRouter } from '@portico/headless/react'
import { ConnectingSocial } from '../ConnectingSocial/ConnectingSocial'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { ConnectingExternalView } from './ConnectingExternalView'

/**
 * ConnectingExternal: the chosen connector (route data `connectorId`) is asked to connect once when
 * shown; after a few seconds a hint and Try again, after a failure the error and Try again. Success
 * moves on to Account (headless connect does that).
 */
export function ConnectingExternal() {
  const { data } = useRouter()
  // A social sign-in (route data `socialProvider`, as the Connect view's buttons push it) has its own body.
  if (data && typeof data === 'object' && 'socialProvider' in data) return <ConnectingSocial />
  return <ConnectingWallet />
}

function ConnectingWallet() {
  const messages = useMessages()
  const { connectorId, connector, errorCode, slow, retry } = useConnector({ connectOnMount: true })
  return (
    <ConnectingExternalView
      name={connector?.name ?? connectorId ?? ''}
      imageUrl={connector?.imageUrl}
      error={codeText(errorCode, messages) || null}
      slow={slow}
      onRetry={connectorId ? retry : undefined}
    />
  )
}
