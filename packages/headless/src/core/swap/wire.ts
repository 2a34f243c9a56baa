/**
 * The swap flow's wiring to the instance, in the lazy chunk with the flow: flows.ts only imports
 * this module (each closure written there would weigh on every app's first load).
 */
import type { Transaction } from '@portico/protocol/account'
import { computed } from 'nanostores'
import type { FlowHost } from '../host'
import { createSwap, type SentSwap, type SwapAnalytics } from './swap'

/** The swap as the server's history lists it: a 'trade' with the source out and the target in (nothing moved when it failed). */
export function swapTransaction(swap: SentSwap, status: 'pending' | 'confirmed' | 'failed', now: number): Transaction {
  const transfer = (direction: 'in' | 'out', side: SentSwap['source']) => {
    const { token, amount } = side
    const value = token.price !== undefined ? Number(amount) * token.price : undefined
    return {
      direction,
      quantity: { numeric: amount },
      ...(value !== undefined && Number.isFinite(value) ? { value } : {}),
      ...(token.price !== undefined ? { price: token.price } : {}),
      fungible_info: { name: token.name, symbol: token.symbol, ...(token.logoUri ? { icon: { url: token.logoUri } } : {}) },
    }
  }
  return {
    id: `${swap.network.caipNetworkId}:${swap.hash}`,
    metadata: {
      minedAt: new Date(now).toISOString(),
      chain: swap.network.caipNetworkId,
      operationType: 'trade',
      status,
      sentFrom: swap.from,
      sentTo: swap.to,
    },
    transfers: status === 'failed' ? [] : [transfer('out', swap.source), transfer('in', swap.target)],
  }
}

/**
 * Swap and approval failures (SPEC §7) go to the instance's analytics, which the explorer flow holds
 * (sent only when the server has them on; see core/analytics).
 */
export const hostAnalytics = (host: FlowHost): SwapAnalytics => ({
  onFailure: (e) =>
    void host
      .load('explorer')
      .then((explorer) => explorer.analytics.track(e.event, e.properties as unknown as Record<string, unknown>))
      .catch(() => undefined),
})

export function wireSwap(host: FlowHost, analytics: SwapAnalytics = hostAnalytics(host)) {
  const chain = host.get('chain')
  const wallet = () => host.get('wallet')
  return createSwap({
    account: () => {
      const ns = chain.$activeChain.get()
      const account = ns ? chain.getAccount(ns) : undefined
      return {
        namespace: ns,
        address: account?.address,
        network: ns ? chain.getActiveNetwork(ns) : undefined,
        smartAccount: account?.preferredAccountType === 'smartAccount',
      }
    },
    $tokenBalances: computed(chain.$account, (a) => a.tokenBalance),
    $networkId: computed(chain.$global, (g) => g.activeCaipNetwork?.caipNetworkId),
    convert: host.api.convert,
    getTokenPrices: (addresses) => host.api.account.getTokenPrice(addresses),
    sendTransaction: (tx, namespace) => wallet().sendTransaction(tx, { namespace }),
    // A wallet without receipts (no 'waitForReceipt' capability) answers undefined: the swap goes on.
    waitForReceipt: async (hash, namespace, network) =>
      (await wallet().waitForReceipt(hash, { namespace, ...(network ? { network } : {}) })).status,
    refreshBalances: (namespace) => host.get('balance').fetchTokenBalances({ namespace, forceUpdate: true }),
    recordSwap: (swap, status) => {
      void host
        .load('activity')
        .then((activity) => activity.record(swapTransaction(swap, status, host.timers.now())))
        .catch(() => undefined)
    },
    banner: host.get('banner'),
    router: host.get('router'),
    debug: host.options.debug,
    analytics,
    // The preview engine's simulation is a chunk of its own, fetched when the review asks for it.
    simulate: async (calls) => (await import('../preview/wire')).simulateOnHost(host, calls),
    timers: host.timers,
  })
}
