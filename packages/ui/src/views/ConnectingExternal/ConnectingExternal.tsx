import { useConnector } from '@portico/headless/react'
import { ConnectingExternalView } from './ConnectingExternalView'

/**
 * ConnectingExternal: the chosen connector (route data `connectorId`) is asked to connect once when
 * shown, with a retry after a failure. Success moves on to Account (headless connect does that).
 */
export function ConnectingExternal() {
  const { connectorId, connector, error, retry } = useConnector({ connectOnMount: true })
  return <ConnectingExternalView name={connector?.name ?? connectorId ?? ''} imageUrl={connector?.imageUrl} error={error} onRetry={connectorId ? retry : undefined} />
}
