import { useStore } from '@nanostores/react'
import type { ConnectResult, Connector, ConnectorState } from '../adapters'
import type { CaipNetwork, ConnectionStatus, ConnectMethod } from '../core/types'
import { usePortico } from './usePortico'

export interface UseConnectReturn {
  /** Connectors in display order (SPEC §9). @default [] */
  connectors: Connector[]
  /** Per-connector state: connected, active (known), disconnected. */
  connectorStates: Record<string, ConnectorState>
  /** Connect by connector id. Never throws: resolves undefined on failure and sets `error`. */
  connect: (connectorId: string, opts?: { network?: CaipNetwork }) => Promise<ConnectResult | undefined>
  /** @default 'disconnected' */
  status: ConnectionStatus
  /** Last connect error ('Connection rejected', 'Failed to connect'), or null. @default null */
  error: string | null
  clearError: () => void
  /** Connect methods in display order (SPEC §2). */
  methodsOrder: ConnectMethod[]
  /** Pending WalletConnect pairing URI. @default undefined */
  wcUri?: string
}

/** Connectors and connecting. */
export function useConnect(): UseConnectReturn {
  const { connection } = usePortico()
  return {
    connectors: useStore(connection.$connectors),
    connectorStates: useStore(connection.$connectorStates),
    connect: connection.connect,
    status: useStore(connection.$status),
    error: useStore(connection.$error),
    clearError: connection.clearError,
    methodsOrder: useStore(connection.$methodsOrder),
    wcUri: useStore(connection.$wcUri),
  }
}
