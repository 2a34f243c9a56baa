/**
 * The pay-with-exchange flow's wiring to the instance, in the lazy chunk with the flow: flows.ts only
 * imports this module (each closure written there would weigh on every app's first load).
 */
import { computed } from 'nanostores'
import type { FlowHost } from '../host'
import { createExchange, type ExchangePopup } from './exchange'
import { PAYMENT_NAMESPACES, POPUP_FEATURES } from './rules'

/** The popup's window name: a second payment reuses the window. */
export const POPUP_NAME = 'portico-exchange'

/**
 * The browser's popup: opened blank (in the click's task, so that it is not blocked), cut from this
 * page (no `opener` for the exchange's page), then sent to the pay URL. Undefined off the browser or
 * when the browser refuses. `open` is looked up at call time (tests stub it).
 */
export function openBrowserPopup(): ExchangePopup | undefined {
  const open = (globalThis as { open?: (url: string, name: string, features: string) => Window | null }).open
  if (typeof open !== 'function') return undefined
  const popup = open('', POPUP_NAME, POPUP_FEATURES)
  if (!popup) return undefined
  try {
    popup.opener = null
  } catch {
    /* some browsers keep it read-only */
  }
  return {
    navigate: (url) => {
      popup.location.href = url
    },
    close: () => popup.close(),
  }
}

/** crypto.randomUUID (browsers in secure contexts, Node 19+), looked up at call time (tests stub it). */
const randomUuid = (): string => globalThis.crypto.randomUUID()

export function wireExchange(host: FlowHost) {
  const chain = host.get('chain')
  return createExchange({
    address: (namespace) => {
      const ns = namespace ?? chain.$activeChain.get()
      return ns ? chain.getAccount(ns)?.address : undefined
    },
    $networkId: computed(chain.$global, (g) => g.activeCaipNetwork?.caipNetworkId),
    exchange: host.api.exchange,
    getTokenPrices: (addresses) => host.api.account.getTokenPrice(addresses),
    explorerOf: (network) => chain.findNetwork(network)?.blockExplorers?.default.url,
    balances: () => {
      const ns = chain.$activeChain.get()
      return (ns && chain.getAccount(ns)?.tokenBalance) || []
    },
    refreshBalances: (namespace) => host.get('balance').fetchTokenBalances({ namespace, forceUpdate: true }),
    // SPEC §5 (the rule of core/account/payWithExchange.ts, read here from the flags).
    available: () => {
      const flags = host.get('features').$features.get()
      const ns = chain.$activeChain.get()
      const on = flags.payWithExchange === true || flags.payments === true || flags.pay === true
      return on && ns !== undefined && PAYMENT_NAMESPACES.includes(ns)
    },
    openPopup: openBrowserPopup,
    randomId: randomUuid,
    banner: host.get('banner'),
    timers: host.timers,
  })
}
