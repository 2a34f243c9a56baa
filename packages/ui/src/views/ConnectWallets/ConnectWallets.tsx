import { useConnect } from '@portico/headless/react'
import { useConnectAction, walletEntries } from '../Connect/Connect'
import { ConnectWalletsView } from './ConnectWalletsView'

export function ConnectWallets() {
  const { connectors, connectorStates } = useConnect()
  const { connecting, error, run } = useConnectAction()
  return <ConnectWalletsView wallets={walletEntries(connectors, connectorStates)} connecting={connecting} error={error} onWallet={(id) => void run(id)} />
}
