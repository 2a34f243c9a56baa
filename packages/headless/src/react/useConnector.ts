import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { Connector } from '../adapters'
import { usePortico } from './usePortico'

export interface UseConnectorOptions {
  /** The connector. @default the ConnectingExternal view's connector */
  connectorId?: string
  /** Connect once when mounted (once per connector id, even if the view mounts twice). @default false */
  connectOnMount?: boolean
}

export interface UseConnectorReturn {
  connectorId?: string
  connector?: Connector
  /** A connect with this connector is pending. @default false */
  connecting: boolean
  /** The last connect's error ('Connection rejected', 'Failed to connect'), or null. @default null */
  error: string | null
  /** Connect (again). */
  retry: () => void
}

/** One connector and its connect: the ConnectingExternal view, or a custom "Connect with X" button. */
export function useConnector(options: UseConnectorOptions = {}): UseConnectorReturn {
  const { connection, router } = usePortico()
  const route = useStore(router.$route)
  const connectors = useStore(connection.$connectors)
  const connecting = useStore(connection.$connecting)
  const error = useStore(connection.$error)
  const connectorId = options.connectorId ?? (route.view === 'ConnectingExternal' ? route.data.connectorId : undefined)
  const connectOnMount = options.connectOnMount ?? false
  useEffect(() => {
    if (connectOnMount && connectorId) connection.connectOnce(connectorId)
  }, [connection, connectOnMount, connectorId])
  // Leaving clears the error so the next view does not show it again.
  useEffect(() => () => connection.clearError(), [connection])
  return {
    connectorId,
    connector: connectorId ? connectors.find((c) => c.id === connectorId) : undefined,
    connecting: connectorId !== undefined && connecting === connectorId,
    error,
    retry: () => {
      if (connectorId) void connection.tryConnect(connectorId)
    },
  }
}
