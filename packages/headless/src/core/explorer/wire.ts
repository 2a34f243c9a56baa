/**
 * The explorer flow's wiring to the instance, in the lazy chunk with the flow: flows.ts only imports
 * this module (the closures written there would weigh on every app's first load).
 */
import { analyticsFor, startAnalytics } from '../analytics/analytics'
import type { FlowHost } from '../host'
import { detectMobile } from '../options/mobile'
import { createExplorer } from './explorer'

export function wireExplorer(host: FlowHost) {
  const { options } = host
  const router = host.get('router')
  // Analytics start at the first modal open (GET /getAnalyticsConfig then, never before). Their code
  // is in this chunk: one of its own would add an entry to the first load's chunk map.
  const modal = host.get('modal')
  if (modal.$hasOpened.get()) startAnalytics(host)
  else {
    const off = modal.$hasOpened.listen((opened) => {
      if (!opened) return
      off()
      startAnalytics(host)
    })
  }
  const explorer = createExplorer({
    // Without an explorer host (no apiUrl, no explorerUrl): the connectors alone, nothing asked.
    api: options.explorerUrl ? host.api.explorer : { getWallets: async () => ({ count: 0, data: [] }) },
    storage: host.storage,
    timers: host.timers,
    $connectors: host.get('connection').$connectors,
    $modal: host.get('modal').$modal,
    featuredWalletIds: options.featuredWalletIds,
    includeWalletIds: options.includeWalletIds,
    excludeWalletIds: options.excludeWalletIds,
    chains: options.networks.map((n) => n.caipNetworkId),
    customWallets: options.customWallets,
    prefetchImage: options.prefetchImage,
    isMobile: () => detectMobile(options.isMobile),
    push: (view, data) => router.push(view, data as never),
  })
  return Object.assign(explorer, { analytics: analyticsFor(host) })
}
