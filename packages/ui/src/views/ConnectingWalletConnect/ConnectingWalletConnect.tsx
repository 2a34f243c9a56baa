import { usePairing } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView'

/**
 * The pairing view: a pairing starts when shown, its URI is a QR code (refreshed before it
 * expires), a failure can be retried, and leaving the view gives the pairing up (usePairing).
 */
export function ConnectingWalletConnect() {
  const messages = useMessages()
  const pairing = usePairing()
  return (
    <ConnectingWalletConnectView
      uri={pairing.uri}
      walletName={pairing.wallet?.name}
      links={pairing.links}
      error={pairing.available ? codeText(pairing.errorCode, messages) || null : messages.connectingWalletConnect.unavailable}
      onRetry={pairing.available ? pairing.retry : undefined}
    />
  )
}
