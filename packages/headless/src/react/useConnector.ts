import { useStore } from '@nanostores/react'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import { useEffect, useState } from 'react'
import type { Connector } from '../adapters'
import { usePortico } from './usePortico'

export interface UseConnectorOptions {
  /** The connector. @default the ConnectingExternal view's connector */
  connectorId?: string
  /** Connect once when mounted (once per connector id, even if the view mounts twice). @default false */
  connectOnMount?: boolean
  /** How long a pending connect waits before `slow` turns true (options.timers). @default 5000 */
  slowAfterMs?: number
}

export interface UseConnectorReturn {
  connectorId?: string
  connector?: Connector
  /** A connect with this connector is pending. @default false */
  connecting: boolean
  /** @deprecated the English text; read `errorCode`. The last connect's error ('Connection rejected', 'Failed to connect'), or null. @default null */
  error: string | null
  /** The last connect's error, coded: connectionRejected, failedToConnect, otherError { detail } …; or null. @default null */
  errorCode: CodedMessage | null
  /** Connect (again). */
  retry: () => void
  /** The connect has been pending for `slowAfterMs`: time to hint where the request is. @default false */
  slow: boolean
}

/** One connector and its connect: the ConnectingExternal view, or a custom "Connect with X" button. */
export function useConnector(options: UseConnectorOptions = {}): UseConnectorReturn {
  const { connection, router, options: instance } = usePortico()
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
  const pending = connectorId !== undefined && connecting === connectorId
  const [slow, setSlow] = useState(false)
  const slowAfterMs = options.slowAfterMs ?? 5000
  useEffect(() => {
    setSlow(false)
    if (!pending) return
    const id = instance.timers.setTimeout(() => setSlow(true), slowAfterMs)
    return () => instance.timers.clearTimeout(id)
  }, [instance, pending, slowAfterMs])
  return {
    connectorId,
    connector: connectorId ? connectors.find((c) => c.id === connectorId) : undefined,
    connecting: pending,
    slow: pending && slow,
    error,
    errorCode: codeOf(error),
    retry: () => {
      if (connectorId) void connection.tryConnect(connectorId)
    },
  }
}
