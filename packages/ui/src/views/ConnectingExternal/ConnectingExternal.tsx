import { useConnector, useRouter } from '@portico/headless/react'
import { ConnectingSocial } from '../ConnectingSocial/ConnectingSocial'
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
  const { connectorId, connector, error, slow, retry } = useConnector({ connectOnMount: true })
  return (
    <ConnectingExternalView
      name={connector?.name ?? connectorId ?? ''}
      imageUrl={connector?.imageUrl}
      error={error}
      slow={slow}
      onRetry={connectorId ? retry : undefined}
    />
  )
}
