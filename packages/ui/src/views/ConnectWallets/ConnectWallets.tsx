import { useConnect, useRouter } from '@portico/headless/react'
import { useConnectAction, walletEntries } from '../Connect/Connect'
import { useLegalGate } from '../shared/useLegalGate'
import { ConnectWalletsView } from './ConnectWalletsView'

/** Every connector; walletConnect opens the pairing view (QR code) like in Connect, the others connect at once. */
export function ConnectWallets() {
  const { connectors, connectorStates } = useConnect()
  const router = useRouter()
  const { connecting, error, run } = useConnectAction()
  const legal = useLegalGate()
  return (
    <ConnectWalletsView
      wallets={walletEntries(connectors, connectorStates)}
      connecting={connecting}
      error={error}
      legal={legal.checkbox}
      locked={legal.locked}
      onWallet={(id) => {
        if (legal.locked) return
        if (connectors.find((c) => c.id === id)?.type === 'walletConnect') router.push('ConnectingWalletConnect', {})
        else void run(id)
      }}
    />
  )
}
