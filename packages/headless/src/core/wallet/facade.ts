/**
 * The wallet operations every instance has, without their code: each call loads the wallet module
 * (`wallet.ts`, a lazy flow) on first use. Capabilities are answered at once from the adapters.
 */
import type { AdapterCapability } from '../../adapters'
import type { ChainNamespace } from '../types'
import type { WalletFlow } from './wallet'
import { lazyMethods } from '../lazy'

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
  'grantPermissions',
  'revokePermissions',
  'getAssets',
  'waitForReceipt',
]

export function createWalletFacade(deps: {
  load: () => Promise<WalletFlow>
  capabilities: (namespace?: ChainNamespace) => readonly AdapterCapability[]
}): WalletFlow {
  return lazyMethods(deps.load, OPERATIONS, {
    capabilities: deps.capabilities,
    supports: (capability: AdapterCapability, namespace?: ChainNamespace) => deps.capabilities(namespace).includes(capability),
  }) as WalletFlow
}
