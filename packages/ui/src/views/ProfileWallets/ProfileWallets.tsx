import { type ChainNamespace, type Portico, shortenAddress } from '@portico/headless'
import { usePortico } from '@portico/headless/react'
import { useState, useSyncExternalStore } from 'react'
import { namespaceName } from '../SwitchActiveChain/SwitchActiveChain'
import { type ProfileWalletRow, ProfileWalletsView } from './ProfileWalletsView'

type Readable<T> = { get(): T; listen(cb: () => void): () => void }
const useValue = <T,>(store: Readable<T>): T => useSyncExternalStore((cb) => store.listen(cb), () => store.get(), () => store.get())

/** The app's namespaces in the order of its networks. */
export const appNamespaces = (portico: Portico): ChainNamespace[] => [...new Set(portico.options.networks.map((n) => n.chainNamespace))]

/** One row per namespace of the app: its connected wallet (if any), network and whether it is active. */
export function profileRows(portico: Portico): ProfileWalletRow[] {
  const active = portico.chain.$activeChain.get()
  const connections = portico.connection.$connections.get()
  return appNamespaces(portico).map((ns) => {
    const network = portico.chain.getActiveNetwork(ns)
    const account = portico.chain.getAccount(ns)
    const connection = connections[ns]
    const connector = connection ? portico.connection.getConnector(connection.connectorId) : undefined
    const address = account?.address
    const info = account?.connectedWalletInfo
    return {
      namespace: ns,
      namespaceName: namespaceName(ns),
      network: network && { name: network.name, caipNetworkId: network.caipNetworkId, imageUrl: network.assets?.imageUrl },
      wallet:
        connection && address
          ? { name: connector?.name ?? info?.name ?? connection.connectorId, imageUrl: connector?.imageUrl ?? info?.icon, address, shortAddress: shortenAddress(address) }
          : undefined,
      active: ns === active,
    }
  })
}

/**
 * SPEC §4 switching from the wallet list: a namespace with a live connection becomes active (its
 * wallet keeps its session and account) and the Account view shows it.
 */
export function makeActive(portico: Portico, ns: ChainNamespace): void {
  portico.network.switchActiveNamespace(ns)
  portico.router.reset('Account')
}

/**
 * Disconnect one namespace's wallet. When it was the active one and another namespace is still
 * connected, that one becomes active and the list stays open (on top of its Account view).
 */
export async function disconnectOne(portico: Portico, ns: ChainNamespace): Promise<void> {
  const wasActive = portico.chain.$activeChain.get() === ns
  await portico.connection.disconnect({ namespace: ns })
  if (!wasActive) return
  const other = appNamespaces(portico).find((n) => n !== ns && portico.chain.isConnected(n))
  if (!other) return
  portico.network.switchActiveNamespace(other)
  portico.router.reset('Account')
  portico.router.push('ProfileWallets')
}

/** "Add wallet" for a namespace without one: SwitchActiveChain, then Connect in its place. */
export function addWallet(portico: Portico, ns: ChainNamespace): void {
  portico.router.push('SwitchActiveChain', { switchToChain: ns, navigateTo: 'Connect', navigateWithReplace: true, network: portico.chain.getActiveNetwork(ns) })
}

export function ProfileWallets() {
  const portico = usePortico()
  // Re-render on any change of connections, per-namespace state or the active namespace.
  useValue(portico.connection.$connections)
  useValue(portico.chain.$chains)
  useValue(portico.chain.$activeChain)
  const [busy, setBusy] = useState<string | null>(null)
  return (
    <ProfileWalletsView
      rows={profileRows(portico)}
      busy={busy}
      onMakeActive={(ns) => makeActive(portico, ns as ChainNamespace)}
      onDisconnect={(ns) => {
        setBusy(ns)
        void disconnectOne(portico, ns as ChainNamespace).finally(() => setBusy(null))
      }}
      onAdd={(ns) => addWallet(portico, ns as ChainNamespace)}
    />
  )
}
