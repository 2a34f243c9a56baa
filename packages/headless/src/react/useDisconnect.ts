import type { ChainNamespace } from '../core/types'
import { usePortico } from './usePortico'

export interface UseDisconnectReturn {
  /** Disconnect every connected namespace, or only `namespace`. Local state is always cleared. */
  disconnect: (opts?: { namespace?: ChainNamespace }) => Promise<void>
}

export function useDisconnect(): UseDisconnectReturn {
  const { connection } = usePortico()
  return { disconnect: connection.disconnect }
}
