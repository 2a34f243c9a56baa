/**
 * The send flow's wiring to the instance, in the lazy chunk with the flow: flows.ts only imports
 * this module (each closure written there would weigh on every app's first load).
 */
import { computed } from 'nanostores'
import type { FlowHost } from '../host'
import type { CaipNetwork } from '../types'
import { createSend } from './send'

let rpcId = 0

/** A JSON-RPC call on the network's first HTTP endpoint (the app's fetch); the node's error message is thrown. */
async function rpc(fetcher: typeof fetch, network: CaipNetwork, method: string, params: unknown[]): Promise<unknown> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`No RPC URL for ${network.caipNetworkId}`)
  const res = await fetcher(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }) })
  if (!res.ok) throw new Error(`HTTP status code: ${res.status}`)
  const body = (await res.json()) as { result?: unknown; error?: { message?: unknown } } | null
  if (body?.error) throw new Error(String(body.error.message ?? 'RPC error'))
  return body?.result
}

export function wireSend(host: FlowHost) {
  const chain = host.get('chain')
  return createSend({
    account: () => {
      const ns = chain.$activeChain.get()
      return { namespace: ns, address: ns ? chain.getAccount(ns)?.address : undefined, network: ns ? chain.getActiveNetwork(ns) : undefined }
    },
    $tokenBalances: computed(chain.$account, (a) => a.tokenBalance),
    $networkId: computed(chain.$global, (g) => g.activeCaipNetwork?.caipNetworkId),
    $onramp: computed(host.get('features').$features, (f) => Boolean(f.onramp)),
    transfer: (params, namespace) => host.get('wallet').transfer(params, { namespace }),
    refreshBalances: (namespace) => host.get('balance').fetchTokenBalances({ namespace, forceUpdate: true }),
    lookupName: (name) => host.api.profile.lookupName(name),
    rpc: (network, method, params) => rpc((...a) => (host.options.fetch ?? globalThis.fetch)(...a), network, method, params),
    timers: host.timers,
  })
}
