import type { OrderedWallet } from '@portico/headless'
import { useOrderedWallets, usePairing, useRouter, useWallets } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { type BasicWallet, ConnectingWalletConnectBasicView } from './ConnectingWalletConnectBasicView'

type WalletEntry = Extract<OrderedWallet, { kind: 'wallet' }>

/** The explorer wallets of the ordered list (recent, featured, custom, recommended), in order. */
export function basicWallets(entries: readonly OrderedWallet[]): WalletEntry[] {
  return entries.filter((e): e is WalletEntry => e.kind === 'wallet')
}

/**
 * SPEC §2 basic connect view: a WalletConnect pairing starts when shown (usePairing), its QR code and
 * Copy link, and a short list of explorer wallets. Choosing one opens the full ConnectingWalletConnect
 * view for it (its deep links); leaving the view gives the pairing up.
 */
export function ConnectingWalletConnectBasic() {
  const messages = useMessages()
  const pairing = usePairing()
  const router = useRouter()
  const { entries, selectWallet } = useOrderedWallets()
  const { count } = useWallets({ loadOnMount: false })
  const wallets = basicWallets(entries)
  return (
    <ConnectingWalletConnectBasicView
      uri={pairing.uri}
      error={pairing.available ? codeText(pairing.errorCode, messages) || null : messages.connectingWalletConnect.unavailable}
      onRetry={pairing.available ? pairing.retry : undefined}
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
