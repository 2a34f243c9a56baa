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
  'grantPermissions',
  'revokePermissions',
  'getAssets',
  'waitForReceipt',
]

export function createWalletFacade(deps: { load: () => Promise<WalletFlow>; capabilities: (namespace?: ChainNamespace) => readonly AdapterCapability[] }): WalletFlow {
  return lazyMethods(deps.load, OPERATIONS, {
    capabilities: deps.capabilities,
    supports: (capability: AdapterCapability, namespace?: ChainNamespace) => deps.capabilities(namespace).includes(capability),
  }) as WalletFlow
}

/**
 * `names` of a lazy flow as functions that load it on their first call (then call it), added to
 * `into`: how `portico.wallet` and `portico.embedded` are there before their code is. With `peek`,
 * a call once the flow is loaded goes to it at once (in the same task, e.g. still inside a click).
 */
export function lazyMethods<T, K extends keyof T>(load: () => Promise<T>, names: readonly K[], into: object = {}, peek?: () => T | undefined): Pick<T, K> {
  const out = into as Record<K, unknown>
  type Method = (...a: unknown[]) => Promise<unknown>
  for (const name of names) {
    out[name] = (...args: unknown[]) => {
      const flow = peek?.()
      return flow ? (flow[name] as Method)(...args) : load().then((f) => (f[name] as Method)(...args))
    }
  }
  return out as Pick<T, K>
}
