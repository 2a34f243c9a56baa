import { useWalletList } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { toWalletEntries } from '../Connect/Connect'
import { useLegalGate } from '../shared/useLegalGate'
import { ConnectWalletsView } from './ConnectWalletsView'

/** Every connector; walletConnect opens the pairing view (QR code) like in Connect, the others connect at once. */
export function ConnectWallets() {
  const messages = useMessages()
  const list = useWalletList({ source: 'connectors' })
  const legal = useLegalGate()
  return (
    <ConnectWalletsView
      wallets={toWalletEntries(list.entries, messages)}
      connecting={list.connecting}
      error={codeText(list.errorCode, messages) || null}
      legal={legal.checkbox}
      locked={legal.locked}
      onWallet={list.select}
    />
  )
}
