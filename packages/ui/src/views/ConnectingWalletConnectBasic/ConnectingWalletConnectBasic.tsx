import type { OrderedWallet } from '@portico/headless'
import { useConnect, useOrderedWallets, usePortico, useRouter, useWallets } from '@portico/headless/react'
import { useCallback, useEffect } from 'react'
import { messages } from '../../messages'
import { useWcUri } from '../ConnectingWalletConnect/ConnectingWalletConnect'
import { type BasicWallet, ConnectingWalletConnectBasicView } from './ConnectingWalletConnectBasicView'

type WalletEntry = Extract<OrderedWallet, { kind: 'wallet' }>

/** The explorer wallets of the ordered list (recent, featured, custom, recommended), in order. */
export function basicWallets(entries: readonly OrderedWallet[]): WalletEntry[] {
  return entries.filter((e): e is WalletEntry => e.kind === 'wallet')
}

/**
 * SPEC §2 basic connect view: starts a WalletConnect pairing when shown (like ConnectingWalletConnect),
 * shows its QR code and Copy link, and a short list of explorer wallets. Choosing one opens the full
 * ConnectingWalletConnect view for it (its deep links); leaving the view cancels the pending pairing.
 */
export function ConnectingWalletConnectBasic() {
  const portico = usePortico()
  const router = useRouter()
  const { connectors, connect, error, clearError } = useConnect()
  const uri = useWcUri(portico)
  const { entries, selectWallet } = useOrderedWallets()
  const { count } = useWallets({ loadOnMount: false })
  const connectorId = connectors.find((c) => c.type === 'walletConnect')?.id
  const wallets = basicWallets(entries)

  const start = useCallback(() => {
    clearError()
    if (connectorId) void connect(connectorId)
  }, [clearError, connect, connectorId])

  useEffect(() => {
    start()
    return () => portico.connection.cancelPairing()
  }, [start, portico])

  return (
    <ConnectingWalletConnectBasicView
      uri={uri}
      error={connectorId ? error : messages.connectingWalletConnect.unavailable}
      onRetry={connectorId ? start : undefined}
      wallets={wallets.map((e): BasicWallet => ({ id: e.wallet.id, name: e.wallet.name, imageUrl: e.wallet.image_url ?? undefined }))}
      onWallet={(id) => {
        const entry = wallets.find((e) => e.wallet.id === id)
        if (entry) selectWallet(entry)
      }}
      onAllWallets={() => router.push('AllWallets')}
      allWalletsCount={count > 0 ? count : undefined}
    />
  )
}
