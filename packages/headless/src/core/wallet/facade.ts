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

export function createWalletFacade(deps: { load: () => Promise<WalletFlow>; capabilities: (namespace?: ChainNamespace) => readonly AdapterCapability[] }): WalletFlow {
  const out = {
    capabilities: deps.capabilities,
    supports: (capability: AdapterCapability, namespace?: ChainNamespace) => deps.capabilities(namespace).includes(capability),
  } as Record<string, unknown>
  for (const name of OPERATIONS) out[name] = async (...args: unknown[]) => ((await deps.load())[name] as (...a: unknown[]) => Promise<unknown>)(...args)
  return out as unknown as WalletFlow
}
