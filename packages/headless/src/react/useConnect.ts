import { useStore } from '@nanostores/react'
import type { ConnectResult, Connector, ConnectorState } from '../adapters'
import type { ConnectOptions } from '../core/connection/connection'
import type { ConnectionStatus, ConnectMethod } from '../core/types'
import { usePortico } from './usePortico'

export interface UseConnectReturn {
  /** Connectors in display order (SPEC §9). @default [] */
  connectors: Connector[]
  /** Per-connector state: connected, active (known), disconnected. @default {} */
  connectorStates: Record<string, ConnectorState>
  /**
   * Connect by connector id, for views: never rejects; resolves undefined on failure and sets
   * `error` ('Connection rejected', 'Failed to connect').
   */
  connect: (connectorId: string, opts?: ConnectOptions) => Promise<ConnectResult | undefined>
  /** Connect by connector id; rejects with the SPEC §8 text ('Connection rejected', 'Failed to connect', 'Modal closed'). */
  connectAsync: (connectorId: string, opts?: ConnectOptions) => Promise<ConnectResult>
  /** The connector a connect is pending for (a row spinner). @default null */
  connecting: string | null
  /** Run the last connect again (after a failure). */
  retry: () => Promise<ConnectResult | undefined>
  /** @default 'disconnected' */
  status: ConnectionStatus
  /** Last connect error ('Connection rejected', 'Failed to connect'), or null. @default null */
  error: string | null
  clearError: () => void
  /** Connect methods in display order (SPEC §2), from the merged features. */
  methodsOrder: ConnectMethod[]
}

/** Connectors and connecting. */
export function useConnect(): UseConnectReturn {
  const { connection } = usePortico()
  return {
    connectors: useStore(connection.$connectors),
    connectorStates: useStore(connection.$connectorStates),
    connect: connection.tryConnect,
    connectAsync: connection.connect,
    connecting: useStore(connection.$connecting),
    retry: connection.retry,
    status: useStore(connection.$status),
    error: useStore(connection.$error),
    clearError: connection.clearError,
    methodsOrder: useStore(connection.$methodsOrder),
  }
}
