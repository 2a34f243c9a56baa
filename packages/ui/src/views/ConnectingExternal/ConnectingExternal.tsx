import { useConnect, usePortico, useRouter } from '@portico/headless/react'
import { useEffect, useRef } from 'react'
import { ConnectingExternalView } from './ConnectingExternalView'

/**
 * ConnectingExternal: asks the chosen connector (route data `connectorId`) to connect once when
 * shown, with a retry after a failure. Success moves on to Account (headless connect does that).
 */
export function ConnectingExternal() {
  const portico = usePortico()
  const router = useRouter()
  const { connect, error, clearError } = useConnect()
  const connectorId = router.view === 'ConnectingExternal' ? (router.data as { connectorId?: string } | undefined)?.connectorId : undefined
  const connector = connectorId ? portico.connection.getConnector(connectorId) : undefined
  const started = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!connectorId || started.current === connectorId) return
    started.current = connectorId
    clearError()
    void connect(connectorId)
  }, [connectorId, connect, clearError])
  // Leaving the view clears the error so Connect does not show it again.
  useEffect(() => () => clearError(), [clearError])
  return (
    <ConnectingExternalView
      name={connector?.name ?? connectorId ?? ''}
      imageUrl={connector?.imageUrl}
      error={error}
      onRetry={
        connectorId
          ? () => {
              clearError()
              void connect(connectorId)
            }
          : undefined
      }
    />
  )
}
