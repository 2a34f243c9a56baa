import { useReceive } from '@portico/headless/react'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import { WalletReceiveView } from './WalletReceiveView'

/** WalletReceive (issue 12): renders useReceive — the address, its QR code, the networks it receives on, Copy. */
export function WalletReceive() {
  const receive = useReceive()
  const imageOf = useNetworkImageUrl()
  const toItem = (n: NonNullable<typeof receive.network>) => ({ name: n.name, caipNetworkId: n.caipNetworkId, imageUrl: imageOf(n) })
  return (
    <WalletReceiveView
      address={receive.address}
      payload={receive.payload}
      network={receive.network && toItem(receive.network)}
      networks={receive.networks.map(toItem)}
      copied={receive.copied}
      onCopy={() => void receive.copy()}
    />
  )
}
