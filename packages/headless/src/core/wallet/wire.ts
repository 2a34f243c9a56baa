/**
 * The wallet operations' wiring to the instance, in the lazy chunk with them: flows.ts only imports
 * this module (the closures written there would weigh on every app's first load).
 */
import type { FlowHost } from '../host'
import { createWallet } from './wallet'

export function wireWallet(host: FlowHost) {
  const connection = host.get('connection')
  const chain = host.get('chain')
  return createWallet({
    connectedWallet: (ns) => connection.connectedWallet(ns),
    adapterFor: (ns) => connection.adapterFor(ns),
    activeNamespace: () => chain.$activeChain.get(),
    activeNetwork: (ns) => chain.getActiveNetwork(ns),
    // A transaction changes the account's balances: refresh them past the cache (balance flow).
    onTransaction: (ns) => host.get('balance').transactionSent(ns),
  })
}
