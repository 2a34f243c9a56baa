import type { ChainNamespace, Portico, RouteData, RouteView } from '@portico/headless'
import { usePortico, useRouter } from '@portico/headless/react'
import { useState } from 'react'
import { messages } from '../../messages'
import { SwitchActiveChainView } from './SwitchActiveChainView'

export const namespaceName = (ns: ChainNamespace): string => messages.namespaces[ns] ?? ns

/**
 * Where Continue leads: the carried view, except that a namespace without a connection always goes
 * to Connect when the carried view needs one (Account) or none was carried; a connected one defaults to Account.
 */
export function nextView(data: RouteData<'SwitchActiveChain'>, connected: boolean): RouteView {
  if (!connected) return !data.navigateTo || data.navigateTo === 'Account' || data.navigateTo === 'ProfileWallets' ? 'Connect' : data.navigateTo
  return data.navigateTo ?? 'Account'
}

/**
 * Continue: the target namespace becomes active (on the carried network when there is one: the
 * connected wallet is asked; otherwise only the selection changes), then the carried view is shown,
 * replacing this one when the replace flag is set.
 */
export async function continueSwitch(portico: Portico, data: RouteData<'SwitchActiveChain'>): Promise<void> {
  const ns = data.switchToChain
  const network = data.network && data.network.chainNamespace === ns ? data.network : undefined
  if (network) await portico.network.switchNetwork(network)
  portico.network.switchActiveNamespace(ns)
  const view = nextView(data, portico.chain.isConnected(ns))
  if (data.navigateWithReplace) portico.router.replace(view)
  else portico.router.push(view)
}

export function SwitchActiveChain() {
  const portico = usePortico()
  const router = useRouter()
  const data = router.entry.view === 'SwitchActiveChain' ? router.entry.data : undefined
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false })
  if (!data) return null
  const network = data.network ?? portico.chain.getActiveNetwork(data.switchToChain)
  return (
    <SwitchActiveChainView
      namespaceName={namespaceName(data.switchToChain)}
      network={network && { name: network.name, caipNetworkId: network.caipNetworkId, imageUrl: network.assets?.imageUrl }}
      busy={state.busy}
      error={state.error}
      onCancel={() => router.goBack()}
      onContinue={() => {
        setState({ busy: true })
        continueSwitch(portico, data).catch((e: unknown) => setState({ busy: false, error: e instanceof Error ? e.message : String(e) }))
      }}
    />
  )
}
