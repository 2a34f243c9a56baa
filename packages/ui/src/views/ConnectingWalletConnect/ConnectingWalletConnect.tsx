import { detectMobile, explorerFor, type ExplorerWallet, type Portico, walletLinks } from '@portico/headless'
import { useConnect, usePortico, useRouter } from '@portico/headless/react'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { messages } from '../../messages'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView'

/** The pairing URI headless publishes while a WalletConnect pairing is pending. */
export function useWcUri(portico: Portico): string | undefined {
  const $uri = portico.connection.$wcUri
  return useSyncExternalStore(
    (cb) => $uri.listen(cb),
    () => $uri.get(),
    () => undefined,
  )
}

/** The explorer wallet chosen in the wallet list (recent, featured, pages, search …). */
function chosenWallet(portico: Portico, walletId: string | undefined): ExplorerWallet | undefined {
  return walletId ? explorerFor(portico).findWallet(walletId) : undefined
}

/**
 * Starts the pairing when shown (connect with the walletConnect connector), shows the URI as a QR
 * code, follows refreshed URIs, retries on error. Leaving the view cancels the pending pairing.
 */
export function ConnectingWalletConnect() {
  const portico = usePortico()
  const router = useRouter()
  const { connectors, connect, error, clearError } = useConnect()
  const uri = useWcUri(portico)
  const connector = connectors.find((c) => c.type === 'walletConnect')
  const walletId = router.entry.view === 'ConnectingWalletConnect' ? router.entry.data?.walletId : undefined
  const wallet = chosenWallet(portico, walletId)
  const connectorId = connector?.id

  const start = useCallback(() => {
    clearError()
    if (connectorId) void connect(connectorId)
  }, [clearError, connect, connectorId])

  useEffect(() => {
    start()
    return () => portico.connection.cancelPairing()
  }, [start, portico])

  return (
    <ConnectingWalletConnectView
      uri={uri}
      walletName={wallet?.name}
      links={walletLinks(wallet ?? undefined, uri, detectMobile(portico.options.isMobile))}
      error={connectorId ? error : messages.connectingWalletConnect.unavailable}
      onRetry={connectorId ? start : undefined}
    />
  )
}
