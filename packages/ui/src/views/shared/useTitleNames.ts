import type { RouteEntry } from '@portico/headless'
import { useConnect, usePairing } from '@portico/headless/react'
import type { TitleNames } from '../../Modal/routes'

/**
 * The names a view's title carries: the connector of ConnectingExternal ("Portico Dev Wallet") and
 * the explorer wallet of a specific wallet's ConnectingWalletConnect ("Rabbit Wallet").
 */
export function useTitleNames(entry: RouteEntry): TitleNames {
  const { connectors } = useConnect()
  const walletId = entry.view === 'ConnectingWalletConnect' ? entry.data?.walletId : undefined
  // Reads the wallet only (enabled: false starts no pairing); the explorer loads only for a wallet id.
  const { wallet } = usePairing({ enabled: false, walletId })
  const connectorId = entry.view === 'ConnectingExternal' ? entry.data?.connectorId : undefined
  return {
    connector: connectorId ? connectors.find((c) => c.id === connectorId)?.name : undefined,
    wallet: walletId ? wallet?.name : undefined,
  }
}
