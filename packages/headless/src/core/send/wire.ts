/**
 * The send flow's wiring to the instance, in the lazy chunk with the flow: flows.ts only imports
 * this module (each closure written there would weigh on every app's first load).
 */
import { computed } from 'nanostores'
import type { TransferParams } from '../../adapters'
import type { FlowHost } from '../host'
import type { CaipNetwork, ChainNamespace } from '../types'
import { createSend } from './send'
import { formatUnits } from './rules'

let rpcId = 0

/** A JSON-RPC call on the network's first HTTP endpoint (the app's fetch); the node's error message is thrown. */
async function rpc(fetcher: typeof fetch, network: CaipNetwork, method: string, params: unknown[]): Promise<unknown> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`No RPC URL for ${network.caipNetworkId}`)
  const res = await fetcher(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  })
  if (!res.ok) throw new Error(`HTTP status code: ${res.status}`)
  const body = (await res.json()) as { result?: unknown; error?: { message?: unknown } } | null
  if (body?.error) throw new Error(String(body.error.message ?? 'RPC error'))
  return body?.result
}

/**
 * An EVM or Solana transfer just sent (the namespaces whose history the API serves): listed at once as
 * pending in the Activity tab, then confirmed or failed when the wallet's receipt arrives (the server's
 * history then carries the same id).
 */
async function trackSent(host: FlowHost, hash: string, params: TransferParams, namespace: ChainNamespace): Promise<void> {
  const chain = host.get('chain')
  const network = params.network ?? chain.getActiveNetwork(namespace)
  const from = chain.getAccount(namespace)?.address
  if ((namespace !== 'eip155' && namespace !== 'solana') || !network || !from) return
  const contract = params.token?.address.toLowerCase()
  const listed = chain.$account
    .get()
    .tokenBalance.find(
      (t) => t.chainId === network.caipNetworkId && (contract ? t.address?.split(':').pop()?.toLowerCase() === contract : !t.address),
    )
  const decimals = params.token?.decimals ?? network.nativeCurrency.decimals
  const sent = {
    hash,
    network,
    from,
    to: params.to,
    amount: formatUnits(params.amount, decimals),
    token: {
      name: listed?.name ?? (contract ? undefined : network.nativeCurrency.name),
      symbol: listed?.symbol ?? (contract ? '' : network.nativeCurrency.symbol),
      iconUrl: listed?.iconUrl || undefined,
    },
  }
  const activity = await host.load('activity')
  activity.recordSent(sent)
  const receipt = await host.get('wallet').waitForReceipt(hash, { namespace, network })
  activity.settleSent(sent, receipt.status === 'success' ? 'confirmed' : 'failed')
}

export function wireSend(host: FlowHost) {
  const chain = host.get('chain')
  return createSend({
    account: () => {
      const ns = chain.$activeChain.get()
      return {
        namespace: ns,
        address: ns ? chain.getAccount(ns)?.address : undefined,
        network: ns ? chain.getActiveNetwork(ns) : undefined,
      }
    },
    $tokenBalances: computed(chain.$account, (a) => a.tokenBalance),
    $networkId: computed(chain.$global, (g) => g.activeCaipNetwork?.caipNetworkId),
    $onramp: computed(host.get('features').$features, (f) => Boolean(f.onramp)),
    transfer: async (params, namespace) => {
      const hash = await host.get('wallet').transfer(params, { namespace })
      // The pending row and its receipt run beside the send; a wallet without receipts leaves it pending until the server lists it.
      void trackSent(host, hash, params, namespace).catch(() => undefined)
      return hash
    },
    refreshBalances: (namespace) => host.get('balance').fetchTokenBalances({ namespace, forceUpdate: true }),
    lookupName: (name) => host.api.profile.lookupName(name),
    // The preview engine's simulation is a chunk of its own, fetched when a review asks for it.
    simulate: async (calls) => (await import('../preview/wire')).simulateOnHost(host, calls),
    rpc: (network, method, params) => rpc((...a) => (host.options.fetch ?? globalThis.fetch)(...a), network, method, params),
    timers: host.timers,
  })
}
