/**
 * The wallet operations every instance has, without their code: each call loads the wallet module
 * (`wallet.ts`, a lazy flow) on first use. Capabilities are answered at once from the adapters.
 */
import type { AdapterCapability } from '../../adapters'
import type { ChainNamespace } from '../types'
import type { WalletFlow } from './wallet'

type Operation = Exclude<keyof WalletFlow, 'capabilities' | 'supports'>
const OPERATIONS: readonly Operation[] = [
  'signMessage',
  'sendTransaction',
  'transfer',
  'writeContract',
  'signTypedData',
  'sendCalls',
  'getCallsStatus',
  'getCapabilities',
  'waitForReceipt',
]

/** Operations after which the account's balances have changed (SPEC §4: refresh after a send or swap). */
const TRANSACTIONS: ReadonlySet<string> = new Set(['sendTransaction', 'transfer', 'writeContract', 'sendCalls', 'waitForReceipt'])

export function createWalletFacade(deps: {
  load: () => Promise<WalletFlow>
  capabilities: (namespace?: ChainNamespace) => readonly AdapterCapability[]
  /** A transaction went out (or was included): the namespace's balances are stale. */
  onTransaction?: (namespace?: ChainNamespace) => void
}): WalletFlow {
  const out = {
    capabilities: deps.capabilities,
    supports: (capability: AdapterCapability, namespace?: ChainNamespace) => deps.capabilities(namespace).includes(capability),
  } as Record<string, unknown>
  for (const name of OPERATIONS)
    out[name] = async (...args: unknown[]) => {
      const result = await ((await deps.load())[name] as (...a: unknown[]) => Promise<unknown>)(...args)
      // Every operation takes (params or hash, options): { namespace }, or { network } for a receipt.
      const opts = args[1] as { namespace?: ChainNamespace; network?: { chainNamespace: ChainNamespace } } | undefined
      if (TRANSACTIONS.has(name)) deps.onTransaction?.(opts?.namespace ?? opts?.network?.chainNamespace)
      return result
    }
  return out as unknown as WalletFlow
}
