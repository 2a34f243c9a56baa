import { type ChainNamespace, shortenAddress } from '@portico/headless'
import { useProfileWallets } from '@portico/headless/react'
import { useMessages } from '../../messages/context'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import { namespaceName } from '../SwitchActiveChain/SwitchActiveChain'
import { type ProfileWalletRow, ProfileWalletsView } from './ProfileWalletsView'

export function ProfileWallets() {
  const messages = useMessages()
  const { rows, busy, makeActive, disconnect, add } = useProfileWallets()
  const imageOf = useNetworkImageUrl()
  return (
    <ProfileWalletsView
      rows={rows.map(
        (r): ProfileWalletRow => ({
          namespace: r.namespace,
          namespaceName: namespaceName(r.namespace, messages),
          network: r.network && { name: r.network.name, caipNetworkId: r.network.caipNetworkId, imageUrl: imageOf(r.network) },
          wallet: r.wallet && {
            name: r.wallet.name,
            imageUrl: r.wallet.imageUrl,
            address: r.wallet.address,
            shortAddress: shortenAddress(r.wallet.address),
          },
          active: r.active,
        }),
      )}
      busy={busy}
      onMakeActive={(ns) => makeActive(ns as ChainNamespace)}
      onDisconnect={(ns) => void disconnect(ns as ChainNamespace)}
      onAdd={(ns) => add(ns as ChainNamespace)}
    />
  )
}
