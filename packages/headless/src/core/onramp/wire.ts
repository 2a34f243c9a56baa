/**
 * The on-ramp flow's wiring to the instance, in the lazy chunk with the flow: flows.ts only imports
 * this module (each closure written there would weigh on every app's first load).
 */
import { computed } from 'nanostores'
import type { FlowHost } from '../host'
import { createOnRamp, type OnRampBrowser } from './onramp'
import { decimalGain, ONRAMP_NAMESPACES, ONRAMP_WINDOW, windowFeatures } from './rules'

/**
 * The browser's windows: `window.open` (blank, a popup of ONRAMP_WINDOW's size centred on the page)
 * and the page's `focus` event. Looked up at call time (SSR-safe); no window → no popup (null).
 */
export const browserWindows: OnRampBrowser = {
  openWindow() {
    try {
      const w = globalThis.window as (Window & typeof globalThis) | undefined
      if (!w) return null
      const place = { x: w.screenX, y: w.screenY, width: w.outerWidth, height: w.outerHeight }
      return w.open('about:blank', ONRAMP_WINDOW.name, windowFeatures(place)) ?? null
    } catch {
      return null
    }
  },
  onFocus(listener) {
    const w = globalThis.window as (Window & typeof globalThis) | undefined
    if (!w) return () => undefined
    w.addEventListener('focus', listener)
    return () => w.removeEventListener('focus', listener)
  },
}

/** Two decimal texts of one amount ('29.500000' and '29.5'): both read the same against zero. */
const sameAmount = (a: string, b: string): boolean => {
  const gain = decimalGain(a, '0')
  return gain !== undefined && gain === decimalGain(b, '0')
}

export function wireOnRamp(host: FlowHost, browser: OnRampBrowser = browserWindows) {
  const chain = host.get('chain')
  return createOnRamp({
    account: () => {
      const ns = chain.$activeChain.get()
      return {
        namespace: ns,
        address: ns ? chain.getAccount(ns)?.address : undefined,
        network: ns ? chain.getActiveNetwork(ns) : undefined,
      }
    },
    $networkId: computed(chain.$global, (g) => g.activeCaipNetwork?.caipNetworkId),
    // SPEC §1/§9: the onramp flag, and a connected account on a namespace that buys (EVM, Solana).
    $supported: computed([host.get('features').$features, chain.$activeChain, chain.$chains], (flags, ns, chains) =>
      Boolean(flags.onramp === true && ns && chains[ns]?.accountState.address && ONRAMP_NAMESPACES.includes(ns)),
    ),
    api: {
      getOptions: () => host.api.onramp.getOptions(),
      getQuote: (body) => host.api.onramp.getQuote(body),
      generateUrl: (body) => host.api.onramp.generateUrl(body),
    },
    browser,
    refreshBalances: (namespace) => host.get('balance').fetchTokenBalances({ namespace, forceUpdate: true }),
    // Activity loads with its tab: when it is not loaded there is nothing to re-read (it reads the server's history when shown).
    refreshActivity: async (namespace) => host.peek('activity')?.refresh({ namespace }),
    balanceOf: (namespace, symbol) =>
      chain
        .getAccount(namespace)
        ?.tokenBalance?.find(
          (t) => t.symbol.toUpperCase() === symbol.toUpperCase() && t.chainId === chain.getActiveNetwork(namespace)?.caipNetworkId,
        )?.quantity.numeric,
    // The account's history (the API's, first page): the newest transaction since the window opened that brought
    // exactly the amount the balance grew by (an earlier transfer of the token within the clock slack is not it).
    findIncoming: async (namespace, symbol, since, amount) => {
      const address = chain.getAccount(namespace)?.address
      const network = chain.getActiveNetwork(namespace)
      if (!address || !network) return undefined
      const { data } = await host.api.account.getHistory(address, { chainId: network.caipNetworkId })
      const found = data.find(
        (tx) =>
          Date.parse(tx.metadata.minedAt) >= since - 60_000 &&
          tx.transfers.some(
            (t) =>
              t.direction === 'in' &&
              t.fungible_info?.symbol?.toUpperCase() === symbol.toUpperCase() &&
              sameAmount(String(t.quantity?.numeric ?? ''), amount),
          ),
      )
      if (!found) return undefined
      const hash = found.id.slice(found.id.lastIndexOf(':') + 1)
      const base = network.blockExplorers?.default.url
      return { hash, ...(base ? { explorerUrl: `${base.replace(/\/+$/, '')}/tx/${hash}` } : {}) }
    },
    timers: host.timers,
  })
}
